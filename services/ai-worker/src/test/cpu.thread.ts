import { threadId } from 'node:worker_threads';

/** A thread module for the bounded threads' tests: functions that answer, fail, or hold their thread. */

/** The input, and the thread that answered. */
export const echo = (input: unknown) => ({ input, threadId });

/** Keeps its thread busy for `ms`, then answers how long it ran. */
export function spin(ms: number): number {
  const started = Date.now();
  while (Date.now() - started < ms);
  return Date.now() - started;
}

/** Never answers: holds its thread until the thread is ended. */
export function forever(): never {
  for (;;);
}

export function fail(message: string): never {
  throw new Error(message);
}
