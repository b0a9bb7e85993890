import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { TaskMetaRow } from '../../components/tasks/TaskMetaRow';
import { usePriorityTasks } from '../../components/tasks/usePriorityTasks';
import { useTaskActions } from '../../components/tasks/useTaskActions';
import { useTaskView } from '../../components/tasks/TaskViewContext';

/** 'Today's Top 3 Priorities' from the server's daily plan (DECISIONS 14), when there are any: the dashboard's Today tab. */
export function TopPriorities() {
  const view = useTaskView();
  const actions = useTaskActions();
  const { tasks: priorities } = usePriorityTasks();
  const [completing, setCompleting] = useState<string | null>(null);
  if (priorities.length === 0) return null;

  return (
    <Card component="section" aria-label="Today's Top 3 Priorities" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Today&apos;s Top 3 Priorities
        </Typography>
        <Link component={RouterLink} to="/daily-review" underline="hover" variant="body2" sx={{ fontWeight: 600 }}>
          Change priorities
        </Link>
      </Box>
      <Stack spacing={1}>
        {priorities.map((task, index) => (
          <Box
            key={task.id}
            data-testid="priority-row"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.25, border: 1, borderColor: 'divider', borderRadius: 2, opacity: task.isCompleted ? 0.6 : 1 }}
          >
            <Box
              aria-label={task.isCompleted ? 'Completed' : `Priority ${index + 1}`}
              sx={{
                width: 28,
                height: 28,
                flexShrink: 0,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                fontSize: 14,
                color: '#fff',
                bgcolor: task.isCompleted ? 'success.main' : 'primary.main',
              }}
            >
              {task.isCompleted ? <CheckIcon sx={{ fontSize: 18 }} /> : index + 1}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography
                role="button"
                tabIndex={0}
                onClick={() => view.openTask(task)}
                onKeyDown={(event) => event.key === 'Enter' && view.openTask(task)}
                sx={{ fontWeight: 600, cursor: 'pointer', textDecoration: task.isCompleted ? 'line-through' : 'none', wordBreak: 'break-word' }}
              >
                {task.title}
              </Typography>
              <TaskMetaRow task={task} showEstimate sx={{ gap: 1, mt: 0.5 }} />
            </Box>
            {!task.isCompleted && (
              <Button
                size="small"
                variant="outlined"
                disabled={completing === task.id}
                onClick={async () => {
                  setCompleting(task.id);
                  await actions.completePriority(task);
                  setCompleting(null);
                }}
              >
                Complete
              </Button>
            )}
          </Box>
        ))}
      </Stack>
    </Card>
  );
}
