import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { daysOverdue, daysOverdueLabel, type Task } from '@daybook/shared';
import { BANNER_MAX_TASKS } from './overdue';

/**
 * The overdue banner (spec §2): the count, the first 3 with their days overdue, '+N more overdue tasks'.
 * Plain boxes, not MUI's Alert: it is on the dashboard's first paint (JavaScript budget).
 */
export function OverdueBanner({ tasks, now, timeZone, onReview }: { tasks: readonly Task[]; now: Date; timeZone: string; onReview: () => void }) {
  if (tasks.length === 0) return null;
  const rest = tasks.length - BANNER_MAX_TASKS;
  return (
    <Box role="alert" data-testid="overdue-banner" sx={{ mb: 2, p: 2, border: 1, borderColor: 'error.main', borderRadius: 2, bgcolor: 'rgba(239, 68, 68, 0.05)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography component="h2" sx={{ flex: 1, fontWeight: 700, color: 'error.main' }}>
          {tasks.length} overdue {tasks.length === 1 ? 'task' : 'tasks'}
        </Typography>
        <Button color="error" size="small" onClick={onReview}>
          Review
        </Button>
      </Box>
      {tasks.slice(0, BANNER_MAX_TASKS).map((task) => (
        <Box key={task.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {task.title}
          </Typography>
          {task.dueDate && <Chip size="small" color="error" label={daysOverdueLabel(daysOverdue(task.dueDate, now, timeZone))} sx={{ height: 20, fontSize: '0.7rem' }} />}
        </Box>
      ))}
      {rest > 0 && (
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
          +{rest} more overdue tasks
        </Typography>
      )}
    </Box>
  );
}
