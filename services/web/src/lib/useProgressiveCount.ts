import { startTransition, useEffect, useState } from 'react';

/** The cards a list renders at once: more than a phone's or a laptop's first screen shows of it. */
export const FIRST_ITEMS = 4;
/** The cards each later step adds: each step's commit stays short on a phone's CPU. */
export const ITEMS_PER_STEP = 4;

/**
 * How many of a list's `total` items to render now (issue 18): the first FIRST_ITEMS at once, then
 * ITEMS_PER_STEP more after each commit, in React's background lane, until all are there. A long list
 * (27 cards on a busy day) then never holds a phone's main thread for the whole of its first render: what
 * is on screen shows first and the rest follows in slices the browser can interrupt.
 */
export function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_ITEMS);
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setCount((current) => current + ITEMS_PER_STEP));
  }, [count, total]);
  return Math.min(count, total);
}
