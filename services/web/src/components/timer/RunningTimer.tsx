import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import { elapsedSeconds, formatElapsed, type TimeEntry } from '@daybook/shared';
import { useNow } from '../../lib/useNow';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { useTimerControls } from './useTimerControls';

/**
 * The running timer in the header (HeaderTimer.tsx): its task (a link that opens it), the time ticking from
 * its start, and Stop. On phones it takes a row of its own under the header's buttons, or, `inline`, stays
 * in their row as the clock, the time and Stop where the header has no room for the name (below 900 px,
 * and beside the screens' links up to 1440 px): the name is then the link's tooltip and for screen
 * readers, never cut short in view.
 */
export function RunningTimerChip({ entry, inline = false }: { entry: TimeEntry; inline?: boolean }) {
  const now = useNow(1_000);
  const { stop, busy } = useTimerControls();
  const title = entry.taskTitle ?? 'Time entry';
  // The clock and the task's name: a link to the task (inline, where the header has no room for the name, the clock alone shows).
  const taskSx = { display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, flex: { xs: 1, sm: '0 1 auto' } } as const;
  const name = (
    <Box
      component="span"
      sx={{
        minWidth: 0,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        fontSize: '0.875rem',
        fontWeight: 600,
        ...(inline && { '@media (max-width: 899.95px), (min-width: 1200px) and (max-width: 1439.95px)': visuallyHidden }),
      }}
    >
      {title}
    </Box>
  );
  return (
    <Box
      role="group"
      aria-label="Running timer"
      data-testid="running-timer"
      className="db-running-timer"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        minWidth: 0,
        // Phones: a row of its own under the header's buttons (or in their row, inline); wider: between the title and the buttons.
        ...(!inline && { order: { xs: 1, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' }, mb: { xs: 1, sm: 0 } }),
        maxWidth: { sm: 300, xl: 420 },
        pl: 1,
        pr: 0.25,
        py: 0.25,
        borderRadius: 5,
        bgcolor: 'rgba(45, 91, 208, 0.08)',
        color: 'primary.main',
      }}
    >
      {entry.taskId ? (
        <Link component={RouterLink} to={`/dashboard?task=${entry.taskId}`} title={title} underline="hover" color="inherit" data-testid="running-timer-task" sx={taskSx}>
          <TimerIcon fontSize="small" />
          {name}
        </Link>
      ) : (
        <Box component="span" data-testid="running-timer-task" sx={taskSx}>
          <TimerIcon fontSize="small" />
          {name}
        </Box>
      )}
      <Box component="span" data-testid="running-timer-elapsed" sx={{ fontVariantNumeric: 'tabular-nums', fontSize: '0.875rem', flexShrink: 0 }}>
        {formatElapsed(elapsedSeconds(entry.startedAt, now.getTime()))}
      </Box>
      <IconButton size="small" color="inherit" aria-label={`Stop timer on “${title}”`} title="Stop timer" disabled={busy} onClick={() => void stop()}>
        <StopIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

export default RunningTimerChip;
