import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ReminderIcon from '@mui/icons-material/NotificationsActiveOutlined';
import type { SxProps, Theme } from '@mui/material/styles';
import { dueLabel, isOverdue, type Task } from '@daybook/shared';
import { ClientChip } from '../ClientChip';
import { PriorityBadge } from '../PriorityBadge';
import { useTaskView } from './TaskViewContext';

/**
 * A task's short meta row under its title (Kanban cards, today's top 3): priority, the due day (red when
 * overdue, in the user's zone), a bell when a reminder is set, the client and, with `showEstimate`, the
 * estimate.
 */
export function TaskMetaRow({ task, showEstimate = false, sx }: { task: Task; showEstimate?: boolean; sx?: SxProps<Theme> }) {
  const view = useTaskView();
  const client = task.clientId ? view.clientsById.get(task.clientId) : undefined;
  return (
    <Box sx={[{ display: 'flex', flexWrap: 'wrap', alignItems: 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <PriorityBadge priority={task.priority} />
      {task.dueDate && (
        <Typography variant="caption" color={isOverdue(task, view.now, view.timeZone) ? 'error' : 'text.secondary'}>
          {dueLabel(task.dueDate, view.now, view.timeZone)}
        </Typography>
      )}
      {task.reminders.length > 0 && <ReminderIcon titleAccess="Reminder set" data-testid="task-reminder" sx={{ fontSize: 14, color: 'text.secondary' }} />}
      {client && <ClientChip id={client.id} name={client.name} color={client.color} />}
      {showEstimate && task.estimatedTime && (
        <Typography variant="caption" color="text.secondary">
          Est. {task.estimatedTime}
        </Typography>
      )}
    </Box>
  );
}
