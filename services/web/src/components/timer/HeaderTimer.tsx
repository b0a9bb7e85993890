import { Suspense } from 'react';
import { useGetTimerQuery } from '../../api/timerApi';
import { lazyChunk } from '../../lib/lazyPreloadable';

// The chip's code loads only while a timer runs: most pages never need it.
const RunningTimerChip = lazyChunk(() => import('./RunningTimer'));

/** How often the header asks whether another device started or stopped the timer (also on focus and reconnect). */
export const TIMER_POLL_MS = 60_000;

/**
 * The running timer in the header of every screen (DECISIONS 31); nothing while no timer runs. It is
 * derived from the entry's start, so a reload or an offline session (the last answer is kept) shows the
 * right time; a timer started on another device shows up on focus, on reconnect or within a minute. The
 * dashboard reads it with its first reads. `inline`: on phones too it stays in the header's row (RunningTimer.tsx).
 */
export function HeaderTimer({ inline = false }: { inline?: boolean }) {
  const { data } = useGetTimerQuery(undefined, { pollingInterval: TIMER_POLL_MS, skipPollingIfUnfocused: true, refetchOnFocus: true, refetchOnReconnect: true });
  return data?.running ? (
    <Suspense fallback={null}>
      <RunningTimerChip entry={data.running} inline={inline} />
    </Suspense>
  ) : null;
}
