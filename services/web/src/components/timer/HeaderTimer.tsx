import { lazy, Suspense } from 'react';

// The timer's code is not part of the first paint's JavaScript: the header only holds its place. The
// dashboard starts loading it with its own code (preloadRunningTimer), its answer with its first reads.
const loadRunningTimer = () => import('./RunningTimer');
const RunningTimer = lazy(loadRunningTimer);
export const preloadRunningTimer = (): void => void loadRunningTimer();

/** The running timer in the header of every screen (DECISIONS 31); nothing while no timer runs. */
export function HeaderTimer() {
  return (
    <Suspense fallback={null}>
      <RunningTimer />
    </Suspense>
  );
}
