import { z } from 'zod';
import { STRUCTURE_TASK_JOB, titleOnlyTask, type StructureTaskJobResult } from '@daybook/shared';
import { InvalidJobPayloadError, JobBudgetError, runJob } from './run-job';

/** The contract around every handler, on both transports (the BullMQ worker and the api without Redis). */

const payload = { input: 'Send invoice', now: '2026-03-06T15:00:00.000Z', timezone: 'Europe/Berlin', clients: [{ name: 'Acme', aliases: [] }], timeIncrements: [], habits: [] };
const result: StructureTaskJobResult = { task: { ...titleOnlyTask('Send invoice'), priority: 'high' }, readBy: 'rules' };

it('hands the handler the parsed payload and its context, and answers the parsed result', async () => {
  const signal = new AbortController().signal;
  const seen: unknown[] = [];
  const answer = await runJob(
    STRUCTURE_TASK_JOB,
    async (data, context) => {
      seen.push(data, context?.signal);
      return { ...result, task: { ...result.task, title: '  Send invoice ' } };
    },
    payload,
    { signal },
  );
  expect(seen).toEqual([payload, signal]);
  expect(answer.task.title).toBe('Send invoice');
});

it('refuses a payload that breaks the contract without calling the handler', async () => {
  let called = false;
  const run = runJob(
    STRUCTURE_TASK_JOB,
    async () => {
      called = true;
      return result;
    },
    { ...payload, timezone: 'Mars/Base' },
  );
  await expect(run).rejects.toBeInstanceOf(InvalidJobPayloadError);
  await expect(run).rejects.toThrow(/^invalid job data: timezone/);
  expect(called).toBe(false);
});

it('refuses a result that breaks the contract', async () => {
  const broken = { ...result, task: { ...result.task, priority: 'whenever' } } as unknown as StructureTaskJobResult;
  await expect(runJob(STRUCTURE_TASK_JOB, async () => broken, payload)).rejects.toBeInstanceOf(z.ZodError);
  await expect(runJob(STRUCTURE_TASK_JOB, async () => result.task as unknown as StructureTaskJobResult, payload)).rejects.toBeInstanceOf(z.ZodError);
});

it('ends a job past its budget (JOB_TIME_BUDGET_MS) at once, aborting its handler’s signal, whatever the handler waits for', async () => {
  let seen: AbortSignal | undefined;
  const caller = new AbortController();
  const started = Date.now();
  const run = runJob(
    STRUCTURE_TASK_JOB,
    (_data, context) => {
      seen = context?.signal;
      return new Promise<never>(() => undefined); // never settles, ignores its signal
    },
    payload,
    { signal: caller.signal, budgetMs: 200 },
  );
  await expect(run).rejects.toBeInstanceOf(JobBudgetError);
  await expect(run).rejects.toThrow('structure-task ran past its time budget of 200 ms');
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(seen?.aborted).toBe(true);
  expect(caller.signal.aborted).toBe(false);
});

it('passes the caller’s abort to the handler within the budget', async () => {
  const caller = new AbortController();
  const run = runJob(
    STRUCTURE_TASK_JOB,
    (_data, context) =>
      new Promise<never>((_, reject) => context?.signal?.addEventListener('abort', () => reject(new Error('given up')), { once: true })),
    payload,
    { signal: caller.signal, budgetMs: 10_000 },
  );
  caller.abort();
  await expect(run).rejects.toThrow('given up');
});
