import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { TaskMetaRow } from '../../components/tasks/TaskMetaRow';
import { usePriorityTasks } from '../../components/tasks/usePriorityTasks';
import { useTaskActions } from '../../components/tasks/useTaskActions';
import { useTaskView } from '../../components/tasks/TaskViewContext';

/** One line: on phones what does not fit fades out at the right (the card in the list shows it all). */
const META_SX = {
  columnGap: 1,
  flexWrap: 'nowrap',
  flexShrink: { xs: 1, sm: 0 },
  minWidth: 0,
  overflow: 'hidden',
  maskImage: { xs: 'linear-gradient(to left, transparent 0, #000 16px)', sm: 'none' },
  '& > *': { flexShrink: 0 },
} as const;

/**
 * 'Today's Top 3 Priorities' from the server's daily plan (DECISIONS 14), when there are any: compact rows in
 * the dashboard's Today overview (rank or check, title, then priority, due day, client and estimate; Complete).
 */
export function TopPriorities() {
  const view = useTaskView();
  const actions = useTaskActions();
  const { tasks: priorities } = usePriorityTasks();
  const [completing, setCompleting] = useState<string | null>(null);
  if (priorities.length === 0) return null;

  return (
    <Box component="section" aria-label="Today's Top 3 Priorities">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 700, lineHeight: 1.4, fontSize: { xs: '0.95rem', sm: '1rem' } }}>
          Today&apos;s Top 3 Priorities
        </Typography>
        <Link component={RouterLink} to="/daily-review" underline="hover" variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>
          Change priorities
        </Link>
      </Box>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {priorities.map((task, index) => (
          <Box
            component="li"
            key={task.id}
            data-testid="priority-row"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.25, py: { xs: 0.5, sm: 0.75 }, '& + &': { borderTop: 1, borderColor: 'divider' } }}
          >
            <Box
              aria-label={task.isCompleted ? 'Completed' : `Priority ${index + 1}`}
              sx={{
                width: 24,
                height: 24,
                flexShrink: 0,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                fontSize: 13,
                color: '#fff',
                bgcolor: task.isCompleted ? 'success.main' : 'primary.main',
              }}
            >
              {task.isCompleted ? <CheckIcon sx={{ fontSize: 16 }} /> : index + 1}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center', columnGap: 1.5, rowGap: 0.25 }}>
              <Typography
                role="button"
                tabIndex={0}
                noWrap
                title={task.title}
                onClick={() => view.openTask(task)}
                onKeyDown={(event) => event.key === 'Enter' && view.openTask(task)}
                sx={{ flex: { xs: '1 1 100%', sm: '1 1 auto' }, minWidth: 0, fontWeight: 600, fontSize: '0.95rem', lineHeight: 1.35, cursor: 'pointer', textDecoration: task.isCompleted ? 'line-through' : 'none', color: task.isCompleted ? 'text.secondary' : 'text.primary' }}
              >
                {task.title}
              </Typography>
              <TaskMetaRow task={task} showEstimate sx={META_SX} />
            </Box>
            {!task.isCompleted && (
              <Button
                size="small"
                variant="outlined"
                aria-label="Complete"
                disabled={completing === task.id}
                onClick={async () => {
                  setCompleting(task.id);
                  await actions.completePriority(task);
                  setCompleting(null);
                }}
                sx={{ flexShrink: 0, minWidth: { xs: 36, sm: 64 }, px: { xs: 0.75, sm: 1.25 } }}
              >
                <CheckIcon sx={{ fontSize: 18, mr: { sm: 0.5 } }} />
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  Complete
                </Box>
              </Button>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
