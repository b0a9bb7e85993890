import { Suspense, useState } from 'react';
import { availableMinutesOn, dayCapacity, formatDuration, tracksCapacity, type Task } from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { lazyChunk } from '../../lib/lazyPreloadable';

// The proposal reads the following days from the api: loaded when the user asks for it.
const CapacityDialog = lazyChunk(() => import('./CapacityDialog'), { floating: true });

/**
 * The day against the working hours (DECISIONS 34): 'Planned 6 h of 8 h', or when the estimates of the
 * day's open tasks pass the hours, 'Over capacity by 1 h 30 min' with a proposal of moves. Nothing while
 * the week has no working hours at all (capacity is then off). Plain elements (styles/today.css): it is on
 * the dashboard's first screen; `className` places it.
 */
export function DayCapacity({ date, tasks, className }: { date: string; tasks: readonly Task[] | undefined; className?: string }) {
  const user = useSignedInUser();
  const [dialog, setDialog] = useState({ open: false, mounted: false });
  if (!user || !tasks || !tracksCapacity(user.workingMinutes)) return null;
  const { plannedMinutes, availableMinutes, overByMinutes } = dayCapacity(tasks, availableMinutesOn(date, user.workingMinutes));
  const load = `${formatDuration(plannedMinutes)} planned of ${formatDuration(availableMinutes)}`;

  return (
    <div data-testid="day-capacity" className={className ? `db-capacity ${className}` : 'db-capacity'}>
      {overByMinutes > 0 ? (
        <>
          <p role="status" className="db-body2 db-capacity-over">
            Over capacity by {formatDuration(overByMinutes)}
          </p>
          <p className="db-body2 db-secondary db-capacity-load">{load}</p>
          <button type="button" className="db-button" data-color="warning" onClick={() => setDialog({ open: true, mounted: true })}>
            Suggest moves
          </button>
        </>
      ) : (
        <p className="db-body2 db-secondary">{load}</p>
      )}
      <Suspense fallback={null}>
        {dialog.mounted && (
          <CapacityDialog open={dialog.open} onClose={() => setDialog({ open: false, mounted: true })} date={date} tasks={tasks} availableMinutes={availableMinutes} />
        )}
      </Suspense>
    </div>
  );
}
