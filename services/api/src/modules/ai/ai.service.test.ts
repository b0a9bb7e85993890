import { AI_CLIENT_NAME_MAX, ESTIMATED_TIME_MAX, type StructuredTask, type StructureTaskJobData, type StructureTaskJobResult, titleOnlyTask } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { createInProcessRunner } from '../../jobs/in-process.runner';
import { JobError } from '../../jobs/job-runner';
import { createLogger } from '../../logger';
import { aiService, type AiServiceRepositories } from './ai.service';
import { handlersWith } from '../../test/job-handlers';

/** Natural-language entry without the database: the user's lists answer from memory, the job from an in-process handler. */

const anna: Actor = { id: 'anna', username: 'anna', role: 'user', timezone: 'Europe/Paris', enableDelegation: false };
const NOW = new Date('2026-03-09T10:00:00.000Z');
const ANSWER: StructuredTask = titleOnlyTask('Call Acme');
const ACME = '00000000-0000-4000-8000-00000000000a';
const CAFE = '00000000-0000-4000-8000-00000000000c';

const repositories: AiServiceRepositories = {
  clients: {
    forCapture: async () => [
      { id: ACME, name: '  Acme  ', aliases: ['the rocket people', '  ', 'y'.repeat(AI_CLIENT_NAME_MAX + 1)] },
      { id: 'blank', name: '   ', aliases: ['ghost'] },
      { id: 'long', name: 'x'.repeat(AI_CLIENT_NAME_MAX + 1), aliases: [] },
      { id: CAFE, name: 'Café Crème', aliases: [] },
    ],
  },
  timeIncrements: {
    firstChoices: async () => [
      { label: '30 minutes', value: '30m' },
      { label: 'y'.repeat(ESTIMATED_TIME_MAX + 1), value: '1h' },
    ],
  },
  habits: { habits: async () => [{ kind: 'weekly review', estimatedTime: '30m' }] },
};

function serviceWith(worker: (data: StructureTaskJobData) => Promise<StructureTaskJobResult>) {
  const jobs: StructureTaskJobData[] = [];
  const runner = createInProcessRunner({
    handlers: handlersWith({
      'structure-task': async (data) => {
        jobs.push(data);
        return worker(data);
      },
    }),
    concurrency: 1,
    maxWaiting: 0,
    waitMs: 1_000,
    logger: createLogger('silent'),
  });
  return { ai: aiService(repositories, runner, () => NOW), jobs };
}

it('sends the worker the user’s own usable clients with their aliases, time increments and habits, their timezone and the time', async () => {
  const { ai, jobs } = serviceWith(async () => ({ task: ANSWER, readBy: 'rules' }));
  await ai.structureTask(anna, { input: 'call acme tomorrow' });
  expect(jobs).toEqual([
    {
      input: 'call acme tomorrow',
      now: NOW.toISOString(),
      timezone: 'Europe/Paris',
      clients: [
        { name: 'Acme', aliases: ['the rocket people'] },
        { name: 'Café Crème', aliases: [] },
      ],
      timeIncrements: [{ label: '30 minutes', value: '30m' }],
      habits: [{ kind: 'weekly review', estimatedTime: '30m' }],
    },
  ]);
});

it.each([
  ['one of the user’s clients in another case', 'acme', 'Acme', ACME],
  ['a client without its accents', 'Cafe Creme', 'Café Crème', CAFE],
  ['one of the user’s aliases', 'The Rocket People', 'Acme', ACME],
  ['a name outside the user’s list', 'Globex', null, null],
  ['no client', null, null, null],
])('answers %s as the user’s client and its id, by @daybook/nl’s comparison', async (_case, named, clientName, clientId) => {
  const { ai } = serviceWith(async () => ({ task: { ...ANSWER, clientName: named }, readBy: 'model' }));
  expect(await ai.structureTask(anna, { input: 'call them' })).toEqual({ task: { ...ANSWER, clientName }, clientId, readBy: 'model' });
});

it('says who read the text', async () => {
  const { ai } = serviceWith(async () => ({ task: ANSWER, readBy: 'rules' }));
  expect((await ai.structureTask(anna, { input: 'call acme' })).readBy).toBe('rules');
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
  const ai = aiService(repositories, null, () => NOW);
  await expect(ai.structureTask(anna, { input: 'call acme' })).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
});
