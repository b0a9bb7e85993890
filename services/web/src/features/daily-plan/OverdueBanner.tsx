import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { overdueLabel, type Task } from '@daybook/shared';
import { countLabel } from '../../lib/format';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { BANNER_MAX_TASKS } from './overdue';

const ITEM_SX = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.75,
  height: 26,
  px: 1,
  border: '1px solid rgba(211, 47, 47, 0.3)',
  borderRadius: 13,
  bgcolor: 'background.paper',
  color: 'text.primary',
  font: 'inherit',
  fontSize: '0.8rem',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '&:hover': { borderColor: 'error.main' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'error.main', outlineOffset: 1 },
} as const;

/**
 * The overdue banner (spec §2), compact, in the Today overview: the count, the first 3 with how late each
 * is ('2 days overdue', or 'Overdue since 3:00 PM' for today's), '+N more overdue task(s)', and Review.
 * One line: the 3 scroll sideways when they do not fit. Each one, like Review, opens the Overdue Tasks Review.
 * Plain boxes, not MUI's Alert or Chip: it is on the dashboard's first paint (JavaScript budget).
 */
export function OverdueBanner({ tasks, now, timeZone, onReview }: { tasks: readonly Task[]; now: Date; timeZone: string; onReview: () => void }) {
  if (tasks.length === 0) return null;
  const rest = tasks.length - BANNER_MAX_TASKS;
  return (
    <Box
      role="alert"
      data-testid="overdue-banner"
      sx={{
        display: 'flex',
        alignItems: 'center',
        columnGap: 1.25,
        pl: 1.25,
        pr: 0.5,
        py: 0.25,
        border: 1,
        borderColor: 'rgba(211, 47, 47, 0.35)',
        borderRadius: 2,
        bgcolor: 'rgba(239, 68, 68, 0.05)',
      }}
    >
      {/* On phones the overview's Overdue figure just above says it: the line is left to the tasks. */}
      <Typography component="h2" sx={{ fontWeight: 700, color: 'error.main', fontSize: '0.875rem', whiteSpace: 'nowrap', '@media (max-width:599.95px)': visuallyHidden }}>
        {countLabel(tasks.length, 'overdue task')}
      </Typography>
      <Box
        component="ul"
        aria-label="Most overdue"
        sx={{
          flex: '1 1 0',
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          overflowX: 'auto',
          scrollbarWidth: { xs: 'none', sm: 'thin' },
          // What scrolls out of view fades at the right edge.
          maskImage: 'linear-gradient(to left, transparent 0, #000 24px)',
          m: 0,
          p: 0,
          py: 0.5,
          pr: 3,
          listStyle: 'none',
        }}
      >
        {tasks.slice(0, BANNER_MAX_TASKS).map((task) => (
          <Box component="li" key={task.id} sx={{ flexShrink: 0 }}>
            <Box component="button" type="button" onClick={onReview} sx={ITEM_SX}>
              <Box component="span" sx={{ maxWidth: { xs: '11em', sm: '14em' }, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {task.title}
              </Box>
              <Box component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
                {overdueLabel(task, now, timeZone)}
              </Box>
            </Box>
          </Box>
        ))}
        {rest > 0 && (
          <Box component="li" sx={{ flexShrink: 0, fontSize: '0.8rem', fontWeight: 600, whiteSpace: 'nowrap' }}>
            {`+${countLabel(rest, 'more overdue task')}`}
          </Box>
        )}
      </Box>
      <Button color="error" size="small" onClick={onReview} sx={{ ml: 'auto', fontWeight: 700 }}>
        Review
      </Button>
    </Box>
  );
}
