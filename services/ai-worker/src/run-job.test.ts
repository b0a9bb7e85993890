import { z } from 'zod';
import { STRUCTURE_TASK_JOB, titleOnlyTask, type StructureTaskJobResult } from '@daybook/shared';
import { InvalidJobPayloadError, runJob } from './run-job';

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
