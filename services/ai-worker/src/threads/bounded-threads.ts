import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { CallStarted, ThreadCall } from './thread-entry';

/** A call ran past its time budget: its thread was ended (and is replaced), the call answered nothing. */
export class ThreadBudgetError extends Error {
  constructor(readonly budgetMs: number) {
    super(`ran past its time budget of ${budgetMs} ms`);
    this.name = 'ThreadBudgetError';
  }
}

/** Every thread was busy and the waiting room full: the call was refused at once. */
export class ThreadsBusyError extends Error {
  constructor() {
    super('every thread is busy');
    this.name = 'ThreadsBusyError';
  }
}

export interface BoundedThreadsOptions {
  /**
   * The module the threads load, without its extension (`path.join(__dirname, 'x.thread')`); the functions
   * it exports are what `run` calls, each with one structured-cloneable argument. The compiled `.js` next to
   * it in production; from sources (jest, `node -r scripts/test/register-ts.cjs`) its `.ts`.
   */
  module: string;
  /** Threads at most; each runs one call at a time. */
  threads: number;
  /** Threads kept started between calls (at least one; the others end after a minute idle). */
  warmThreads?: number;
  /** Calls that may wait for a thread; past them a call is refused at once (ThreadsBusyError). */
  maxWaiting: number;
  /** A call's budget unless it names its own: the time it may run in its thread (not the wait for one). */
  budgetMs: number;
}

export interface RunOptions {
  budgetMs?: number;
  /** Buffers of `input` moved to the thread instead of copied (they are unusable here afterwards). */
  transfer?: ArrayBuffer[];
  /** Aborted when nobody waits for the answer any more (waiting included): the call is dropped, its thread ended. */
  signal?: AbortSignal;
}

/** Runs CPU-heavy functions off the caller's event loop, each within a time budget. */
export interface BoundedThreads {
  /** Calls the thread module's export `fn` with `input`; rejects with ThreadBudgetError past the budget. */
  run<T>(fn: string, input: unknown, options?: RunOptions): Promise<T>;
  /** Ends the threads; calls in hand are dropped. */
  close(): Promise<void>;
}

/** How much lower than the process's the threads' CPU priority is (Linux `nice`): the event loop comes first. */
const THREAD_NICENESS = 10;
/** An idle thread beyond `warmThreads` ends after this. */
const IDLE_MS = 60_000;

/**
 * Piscina's `filename` and `workerData` for the module: the thread entry (compiled, or from sources through
 * the swc hook of ts-thread.cjs), which loads the module's compiled file or its source.
 */
function threadEntry(module: string): { filename: string; workerData: { module: string } } {
  const compiled = path.join(__dirname, 'thread-entry.js');
  if (existsSync(compiled) && existsSync(`${module}.js`)) return { filename: compiled, workerData: { module: `${module}.js` } };
  if (existsSync(`${module}.ts`)) return { filename: path.join(__dirname, 'ts-thread.cjs'), workerData: { module: `${module}.ts` } };
  throw new Error(`No thread module at ${module}.js or ${module}.ts`);
}

/** A call waiting for its thread to start it, or running. */
interface Call {
  budgetMs: number;
  overBudget: AbortController;
  timer?: NodeJS.Timeout;
}

/**
 * A pool of worker threads (piscina) for CPU-heavy functions, so that they never hold the event loop that
 * answers requests or delivers reminders: the natural-language rules and a model answer's normalisation
 * (the job handlers), reading an import file (the api). A call's budget starts when its thread starts it
 * (a thread that is still loading its module or busy with another call does not count against it); past
 * it the call rejects at once and its thread is terminated, not waited for (piscina ends the thread of an
 * aborted task and starts another). The threads run at a lower CPU priority than the process, so a busy
 * thread slows the event loop as little as the machine allows.
 */
export function createBoundedThreads(options: BoundedThreadsOptions): BoundedThreads {
  const pool = new Piscina({
    ...threadEntry(options.module),
    // At least one: piscina starts no thread for calls waiting after the last one was ended over budget.
    minThreads: Math.min(Math.max(options.warmThreads ?? 1, 1), options.threads),
    maxThreads: options.threads,
    idleTimeout: IDLE_MS,
    // Only the priority of the threads changes (Linux applies nice per thread); elsewhere it is ignored.
    niceIncrement: os.platform() === 'linux' ? THREAD_NICENESS : 0,
  });
  const calls = new Map<number, Call>();
  let lastId = 0;
  let closed = false;

  // The thread says when it starts a call (thread-entry.ts): its budget runs from then.
  pool.on('message', (message: Partial<CallStarted>) => {
    const call = message.daybookCallStarted === undefined ? undefined : calls.get(message.daybookCallStarted);
    if (call && !call.timer) call.timer = setTimeout(() => call.overBudget.abort(), call.budgetMs);
  });

  return {
    async run<T>(fn: string, input: unknown, { budgetMs = options.budgetMs, signal, transfer = [] }: RunOptions = {}): Promise<T> {
      if (closed) throw new Error('the threads are closed');
      if (calls.size >= options.threads + options.maxWaiting) throw new ThreadsBusyError();
      signal?.throwIfAborted();
      const id = (lastId += 1);
      const call: Call = { budgetMs, overBudget: new AbortController() };
      calls.set(id, call);
      const task: ThreadCall = { id, fn, input };
      try {
        const abort = signal ? AbortSignal.any([signal, call.overBudget.signal]) : call.overBudget.signal;
        return (await pool.run(task, { signal: abort, transferList: transfer })) as T;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (call.overBudget.signal.aborted) throw new ThreadBudgetError(budgetMs);
        throw error;
      } finally {
        clearTimeout(call.timer);
        calls.delete(id);
      }
    },

    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}
