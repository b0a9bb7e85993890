import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { availableMinutesOn, dayCapacity, hoursMinutesLabel, tracksCapacity, type Task } from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';

// The proposal reads the following days from the api: loaded when the user asks for it.
const CapacityDialog = lazy(() => import('./CapacityDialog'));

/**
 * The day against the working hours (DECISIONS 34): 'Planned 6 h of 8 h', or when the estimates of the
 * day's open tasks pass the hours, 'Over capacity by 1 h 30 min' with a proposal of moves. Nothing while
 * the week has no working hours at all (capacity is then off).
 */
export function DayCapacity({ date, tasks, sx }: { date: string; tasks: readonly Task[] | undefined; sx?: SxProps<Theme> }) {
  const user = useSignedInUser();
  const [dialog, setDialog] = useState({ open: false, mounted: false });
  if (!user || !tasks || !tracksCapacity(user.workingMinutes)) return null;
  const { plannedMinutes, availableMinutes, overByMinutes } = dayCapacity(tasks, availableMinutesOn(date, user.workingMinutes));
  const load = `${hoursMinutesLabel(plannedMinutes)} planned of ${hoursMinutesLabel(availableMinutes)}`;

  return (
    <Box data-testid="day-capacity" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, ...sx }}>
      {overByMinutes > 0 ? (
        <>
          <Typography variant="body2" role="status" sx={{ fontWeight: 600, color: 'warning.dark' }}>
            Over capacity by {hoursMinutesLabel(overByMinutes)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 'max-content' }}>
            {load}
          </Typography>
          <Button size="small" variant="outlined" color="warning" onClick={() => setDialog({ open: true, mounted: true })}>
            Suggest moves
          </Button>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {load}
        </Typography>
      )}
      <Suspense fallback={null}>
        {dialog.mounted && (
          <CapacityDialog open={dialog.open} onClose={() => setDialog({ open: false, mounted: true })} date={date} tasks={tasks} availableMinutes={availableMinutes} />
        )}
      </Suspense>
    </Box>
  );
}
