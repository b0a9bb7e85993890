import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '../../lib/toast';

/**
 * Tasks completed here a moment ago: they keep their place in an open list while the 'Task completed'
 * toast offers Undo, then leave it (taskFilters.ts, splitCompleted). A plain external store, so the card's
 * action and every list share it.
 */
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let held: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function publish() {
  held = new Set(timers.keys());
  for (const listener of listeners) listener();
}

/** Keeps the task in place for the toast's time from now (again, when it is held already). */
export function holdCompleted(id: string): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => releaseCompleted(id), TOAST_DURATION_MS),
  );
  if (!held.has(id)) publish();
}

export function releaseCompleted(id: string): void {
  if (!timers.has(id)) return;
  clearTimeout(timers.get(id));
  timers.delete(id);
  publish();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const current = () => held;

/** The ids of the tasks held in place now. */
export const useHeldCompleted = (): ReadonlySet<string> => useSyncExternalStore(subscribe, current, current);
