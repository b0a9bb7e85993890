import ReminderDrawing from '@mui/icons-material/NotificationsActiveOutlined';
import { dueLabel, estimateLabel, isOverdue, type Task } from '@daybook/shared';
import { ClientChip } from '../ClientChip';
import { plainIcon } from '../icons/plainIcon';
import { PriorityBadge } from '../PriorityBadge';
import { ContactAnswered } from './ContactAnswered';
import { useTaskView } from './TaskViewContext';

const ReminderIcon = plainIcon(ReminderDrawing);

/**
 * A task's short meta row under its title (Kanban cards, today's top 3): priority, the due day (red when
 * overdue, in the user's zone), a bell when a reminder is set, the client, a delegated task's sign that its
 * contact answered and, with `showEstimate`, the estimate. Plain elements (styles/today.css): lists repeat it.
 */
export function TaskMetaRow({ task, showEstimate = false, className }: { task: Task; showEstimate?: boolean; className?: string }) {
  const view = useTaskView();
  const client = task.clientId ? view.clientsById.get(task.clientId) : undefined;
  return (
    <div className={className ? `db-meta-row ${className}` : 'db-meta-row'}>
      <PriorityBadge priority={task.priority} />
      {task.dueDate && (
        <span className="db-caption" data-overdue={isOverdue(task, view.now, view.timeZone) ? 'true' : 'false'}>
          {dueLabel(task.dueDate, view.now, view.timeZone)}
        </span>
      )}
      {task.reminders.length > 0 && <ReminderIcon title="Reminder set" data-testid="task-reminder" />}
      {client && <ClientChip id={client.id} name={client.name} color={client.color} />}
      {task.isDelegated && <ContactAnswered taskId={task.id} />}
      {showEstimate && task.estimatedTime && <span className="db-caption">Est. {estimateLabel(task.estimatedTime)}</span>}
    </div>
  );
}
