import { AI_CLIENT_NAME_MAX, ESTIMATED_TIME_MAX, type StructuredTask, type StructureTaskJobData, titleOnlyTask } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { createInProcessRunner } from '../../jobs/in-process.runner';
import { JobError } from '../../jobs/job-runner';
import { createLogger } from '../../logger';
import { aiService } from './ai.service';

/** Natural-language entry without the database: the user's lists answer from memory, the job from an in-process handler. */

const anna: Actor = { id: 'anna', username: 'anna', role: 'user', timezone: 'Europe/Paris', enableDelegation: false };
const NOW = new Date('2026-03-09T10:00:00.000Z');
const ANSWER: StructuredTask = titleOnlyTask('Call Acme');

function serviceWith(worker: (data: StructureTaskJobData) => Promise<StructuredTask>) {
  const jobs: StructureTaskJobData[] = [];
  const runner = createInProcessRunner({
    handlers: {
      'structure-task': async (data) => {
        jobs.push(data);
        return worker(data);
      },
    },
    concurrency: 1,
    maxWaiting: 0,
    waitMs: 1_000,
    logger: createLogger('silent'),
  });
  const repositories = {
    clients: { names: async () => ['  Acme  ', '   ', 'x'.repeat(AI_CLIENT_NAME_MAX + 1), 'Café Crème'] },
    timeIncrements: {
      firstChoices: async () => [
        { label: '30 minutes', value: '30m' },
        { label: 'y'.repeat(ESTIMATED_TIME_MAX + 1), value: '1h' },
      ],
    },
  };
  return { ai: aiService(repositories, runner, () => NOW), jobs };
}

it('sends the worker the user’s own usable clients and time increments, their timezone and the time', async () => {
  const { ai, jobs } = serviceWith(async () => ANSWER);
  await ai.structureTask(anna, { input: 'call acme tomorrow' });
  expect(jobs).toEqual([
    expect.objectContaining({
      input: 'call acme tomorrow',
      now: NOW.toISOString(),
      timezone: 'Europe/Paris',
      clients: ['Acme', 'Café Crème'],
      timeIncrements: [{ label: '30 minutes', value: '30m' }],
    }),
  ]);
});

it.each([
  ['one of the user’s clients in another case', 'acme', 'Acme'],
  ['a client without its accents', 'Cafe Creme', null],
  ['a name outside the user’s list', 'Globex', null],
])('answers the user’s spelling of %s, and nothing else', async (_case, named, answered) => {
  const { ai } = serviceWith(async () => ({ ...ANSWER, clientName: named }));
  expect((await ai.structureTask(anna, { input: 'call them' })).clientName).toBe(answered);
});

it.each([
  ['unavailable', 'Natural-language entry is unavailable right now.'],
  ['timeout', 'The task assistant did not answer in time.'],
  ['failed', 'The task assistant could not process this description.'],
] as const)('answers 503 when the job transport is %s', async (reason, message) => {
  const { ai } = serviceWith(async () => {
    throw new JobError(reason, 'the transport says why');
  });
  await expect(ai.structureTask(anna, { input: 'call acme' })).rejects.toMatchObject({ status: 503, message: expect.stringContaining(message) });
});

it('answers 503 without a job transport', async () => {
  const ai = aiService({ clients: { names: async () => [] }, timeIncrements: { firstChoices: async () => [] } }, null, () => NOW);
  await expect(ai.structureTask(anna, { input: 'call acme' })).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
});
