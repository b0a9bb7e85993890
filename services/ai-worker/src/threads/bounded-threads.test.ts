import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { longestStall } from '../test/event-loop';
import { createBoundedThreads, ThreadBudgetError, ThreadsBusyError, type BoundedThreads } from './bounded-threads';

const CPU_THREAD = path.join(__dirname, '..', 'test', 'cpu.thread');

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error) => error,
  );
}

let threads: BoundedThreads;
beforeEach(() => {
  threads = createBoundedThreads({ module: CPU_THREAD, threads: 2, maxWaiting: 1, budgetMs: 10_000 });
});
afterEach(() => threads.close());

it('runs the function in a thread of its own and answers its result', async () => {
  const answer = await threads.run<{ input: unknown; threadId: number }>('echo', { hello: ['world'] });
  expect(answer.input).toEqual({ hello: ['world'] });
  expect(answer.threadId).not.toBe(threadId);
});

it('keeps the event loop free while a thread computes', async () => {
  // Warm: the thread and its module are loaded.
  await threads.run('echo', null);
  const { stall } = await longestStall(() => threads.run('spin', 1_000));
  expect(stall).toBeLessThan(500);
});

it('ends a call past its budget at once, terminating its thread, and answers the next call', async () => {
  await threads.run('echo', null);
  const started = Date.now();
  let error: Error | undefined;
  const { stall } = await longestStall(async () => {
    error = await rejection(threads.run('forever', null, { budgetMs: 300 }));
  });
  expect(error).toBeInstanceOf(ThreadBudgetError);
  expect(error!.message).toBe('ran past its time budget of 300 ms');
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(stall).toBeLessThan(500);
  // Both threads are free again: the looping one was ended, not waited for.
  const answers = await Promise.all([threads.run<number>('spin', 50), threads.run<number>('spin', 50)]);
  expect(answers).toHaveLength(2);
});

it('counts a call’s budget from when its thread starts it, not while it waits for one', async () => {
  const one = createBoundedThreads({ module: CPU_THREAD, threads: 1, maxWaiting: 1, budgetMs: 10_000 });
  try {
    const first = one.run<number>('spin', 600);
    // Waits about 600 ms for the thread, then runs 100 ms: within its 300 ms budget.
    await expect(one.run<number>('spin', 100, { budgetMs: 300 })).resolves.toBeGreaterThanOrEqual(100);
    await expect(first).resolves.toBeGreaterThanOrEqual(600);
  } finally {
    await one.close();
  }
});

it('refuses a call at once when every thread is busy and the waiting room is full', async () => {
  const held = [1, 2, 3].map(() => rejection(threads.run('forever', null, { budgetMs: 1_000 })));
  const started = Date.now();
  expect(await rejection(threads.run('echo', null))).toBeInstanceOf(ThreadsBusyError);
  expect(Date.now() - started).toBeLessThan(100);
  for (const error of await Promise.all(held)) expect(error).toBeInstanceOf(ThreadBudgetError);
  await expect(threads.run('echo', 'again')).resolves.toMatchObject({ input: 'again' });
});

it('drops a call whose caller gave up, with the caller’s reason', async () => {
  const gaveUp = new AbortController();
  const call = rejection(threads.run('forever', null, { signal: gaveUp.signal }));
  setTimeout(() => gaveUp.abort(new Error('nobody waits')), 100);
  expect((await call).message).toBe('nobody waits');
  await expect(threads.run('echo', 1)).resolves.toMatchObject({ input: 1 });
});

it('rejects with the error the function threw', async () => {
  expect((await rejection(threads.run('fail', 'not a file'))).message).toMatch(/not a file/);
});
