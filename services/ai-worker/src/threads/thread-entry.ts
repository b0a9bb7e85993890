import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/** One call handed to a bounded thread: the thread module's export `fn` with `input`. */
export interface ThreadCall {
  id: number;
  fn: string;
  input: unknown;
}

/** What a thread tells the pool when it starts a call: the call's budget counts from then. */
export interface CallStarted {
  daybookCallStarted: number;
}

/** The module this pool's threads run (bounded-threads.ts names it in workerData). */
const functions = createRequire(__filename)((workerData as { module: string }).module) as Record<string, unknown>;

/** Piscina's handler in every bounded thread: says the call has started, then runs it. */
export default function call({ id, fn, input }: ThreadCall): unknown {
  const target = functions[fn];
  if (typeof target !== 'function') throw new Error(`The thread module exports no function ${fn}`);
  parentPort!.postMessage({ daybookCallStarted: id } satisfies CallStarted);
  return (target as (input: unknown) => unknown)(input);
}
