import { DELIVER_REMINDER_JOB, STRUCTURE_TASK_JOB, type StructureTaskJobData, type StructureTaskJobResult, titleOnlyTask } from '@daybook/shared';
import type { JobContext } from '@daybook/ai-worker';
import { createLogger } from '../logger';
import { handlersWith } from '../test/job-handlers';
import { createInProcessRunner, type InProcessRunnerOptions } from './in-process.runner';
import { JobError, type JobRunner } from './job-runner';

/** The in-process transport (no REDIS_URL) with a handler the test holds and releases. */

const PAYLOAD: StructureTaskJobData = { input: 'Call Acme tomorrow', now: '2026-03-09T10:00:00.000Z', timezone: 'Europe/Paris', clients: [], timeIncrements: [], habits: [] };
const answer = (title: string): StructureTaskJobResult => ({ task: titleOnlyTask(title), readBy: 'rules' });

/** A handler that holds every call until released, and remembers what it saw. */
function heldHandler() {
  const state = { running: 0, mostRunning: 0, started: [] as string[], signals: [] as AbortSignal[], held: [] as Array<() => void> };
  const handler = async (payload: StructureTaskJobData, context?: JobContext): Promise<StructureTaskJobResult> => {
    state.running += 1;
    state.mostRunning = Math.max(state.mostRunning, state.running);
    state.started.push(payload.input);
    if (context?.signal) state.signals.push(context.signal);
    try {
      await new Promise<void>((resolve) => state.held.push(resolve));
      return answer(payload.input);
    } finally {
      state.running -= 1;
    }
  };
  const release = async () => {
    for (const go of state.held.splice(0)) go();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { state, handler, release };
}

const runnerWith = (handler: InProcessRunnerOptions['handlers'][typeof STRUCTURE_TASK_JOB], options: Partial<InProcessRunnerOptions> = {}): JobRunner =>
  createInProcessRunner({ handlers: handlersWith({ [STRUCTURE_TASK_JOB]: handler }), concurrency: 2, maxWaiting: 10, waitMs: 5_000, logger: createLogger('silent'), ...options });

const run = (runner: JobRunner, input: string) => runner.run(STRUCTURE_TASK_JOB, { ...PAYLOAD, input });

async function rejection(promise: Promise<unknown>): Promise<JobError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JobError);
  return error as JobError;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

it('answers with the handler’s checked result', async () => {
  const runner = runnerWith(async (payload) => answer(`  ${payload.input}  `));
  expect(runner.transport).toBe('in-process');
  // The result went through the contract's schema (titles are trimmed there).
  await expect(run(runner, 'Call Acme')).resolves.toEqual(answer('Call Acme'));
});

it('runs at most `concurrency` jobs at once; the others wait their turn', async () => {
  const { state, handler, release } = heldHandler();
  const runner = runnerWith(handler, { concurrency: 2 });
  const answers = Promise.all(['a', 'b', 'c', 'd', 'e'].map((input) => run(runner, input)));
  await until(() => state.started.length === 2);
  expect(state.running).toBe(2);
  while (state.held.length > 0) await release();
  expect((await answers).map((a) => a.task.title)).toEqual(['a', 'b', 'c', 'd', 'e']);
  expect(state.mostRunning).toBe(2);
});

it('refuses a job at once as unavailable when the slots and the waiting room are full', async () => {
  const { state, handler, release } = heldHandler();
  const runner = runnerWith(handler, { concurrency: 1, maxWaiting: 2 });
  const admitted = ['a', 'b', 'c'].map((input) => run(runner, input));
  await until(() => state.started.length === 1);
  const started = Date.now();
  expect((await rejection(run(runner, 'd'))).reason).toBe('unavailable');
  expect(Date.now() - started).toBeLessThan(100);
  while (state.held.length > 0 || state.started.length < 3) await release();
  expect((await Promise.all(admitted)).map((a) => a.task.title)).toEqual(['a', 'b', 'c']);
  // Room again once they are done.
  const next = run(runner, 'e');
  await until(() => state.held.length === 1);
  await release();
  await expect(next).resolves.toMatchObject({ task: { title: 'e' } });
});

it('gives up after waitMs with a timeout, aborts the running handler and skips a job still waiting', async () => {
  const { state, handler, release } = heldHandler();
  const runner = runnerWith(handler, { concurrency: 1, waitMs: 150 });
  const started = Date.now();
  const [running, waiting] = await Promise.all([rejection(run(runner, 'a')), rejection(run(runner, 'b'))]);
  expect([running.reason, waiting.reason]).toEqual(['timeout', 'timeout']);
  expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(state.signals[0]!.aborted).toBe(true);
  // The slot is freed when the handler ends; the job nobody waits for any more never starts.
  await release();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(state.started).toEqual(['a']);
});

it('fails a job whose handler throws or answers something that breaks the contract', async () => {
  const logged: string[] = [];
  const logger = createLogger('warn', 'api', (line) => logged.push(line));
  const throwing = runnerWith(
    async () => {
      throw new Error('model down');
    },
    { logger },
  );
  expect((await rejection(run(throwing, 'a'))).reason).toBe('failed');
  expect(logged.join('\n')).toMatch(/job failed.*model down/);
  const invalid = runnerWith(async () => ({ ...answer('x'), task: { ...answer('x').task, priority: 'whenever' } }) as unknown as StructureTaskJobResult);
  expect((await rejection(run(invalid, 'a'))).reason).toBe('failed');
});

it('never calls the handler with a payload that breaks the contract', async () => {
  const { state, handler } = heldHandler();
  const runner = runnerWith(handler);
  const bad = runner.run(STRUCTURE_TASK_JOB, { ...PAYLOAD, timezone: 'Mars/Base' } as unknown as StructureTaskJobData);
  expect((await rejection(bad)).reason).toBe('failed');
  expect(state.started).toEqual([]);
});

it('on close answers the waiting jobs as unavailable and refuses new ones', async () => {
  const { state, handler, release } = heldHandler();
  const runner = runnerWith(handler, { concurrency: 1 });
  const running = rejection(run(runner, 'a'));
  const waiting = rejection(run(runner, 'b'));
  await until(() => state.started.length === 1);
  await runner.close();
  expect((await running).reason).toBe('unavailable');
  expect((await waiting).reason).toBe('unavailable');
  expect(state.signals[0]!.aborted).toBe(true);
  expect((await rejection(run(runner, 'c'))).reason).toBe('unavailable');
  await release();
  expect(state.started).toEqual(['a']);
});

it('ends a dispatched job at its budget (JOB_TIME_BUDGET_MS): its signal is aborted, its slot free for the next', async () => {
  const started: string[] = [];
  const signals: AbortSignal[] = [];
  const logged: string[] = [];
  const runner = createInProcessRunner({
    handlers: handlersWith({
      [DELIVER_REMINDER_JOB]: async (payload, context) => {
        started.push(payload.reminderId);
        if (context?.signal) signals.push(context.signal);
        if (started.length === 1) return new Promise<never>(() => undefined); // never settles
        return { outcome: 'sent' };
      },
    }),
    concurrency: 1,
    maxWaiting: 10,
    waitMs: 5_000,
    budgetMs: 200,
    logger: createLogger('warn', 'api', (line) => logged.push(line)),
  });
  try {
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    for (const [n, id] of ids.entries()) await runner.dispatch(DELIVER_REMINDER_JOB, { reminderId: id }, { jobId: `r${n}`, runAt: new Date() });
    await until(() => started.includes(ids[1]!));
    expect(signals[0]!.aborted).toBe(true);
    expect(logged.join('\n')).toMatch(/deliver-reminder ran past its time budget of 200 ms/);
  } finally {
    await runner.close();
  }
});
