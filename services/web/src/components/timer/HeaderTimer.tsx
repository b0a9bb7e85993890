import { lazy, Suspense } from 'react';

// The timer itself loads after the first paint: the header only holds its place.
const RunningTimer = lazy(() => import('./RunningTimer'));

/** The running timer in the header of every screen (DECISIONS 31); nothing while no timer runs. */
export function HeaderTimer() {
  return (
    <Suspense fallback={null}>
      <RunningTimer />
    </Suspense>
  );
}
