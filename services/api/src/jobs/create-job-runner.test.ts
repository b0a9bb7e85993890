import { STRUCTURE_TASK_JOB } from '@daybook/shared';
import { EnvError, parseEnv } from '../config/env';
import { createLogger } from '../logger';
import { longestStall } from '../../../ai-worker/src/test/event-loop';
import { HOSTILE_INPUT, hostileClients } from '../../../ai-worker/src/test/hostile-entry';
import { createJobRunner } from './create-job-runner';

/** Which transport REDIS_URL chooses, and how the in-process one reads the worker's settings. */

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: createLogger('info', 'api', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)) };
}

it('without REDIS_URL runs the rules handler in this process, and says so', async () => {
  const { lines, logger } = capture();
  const runner = createJobRunner(parseEnv({ NODE_ENV: 'test' }), logger, { AI_WORKER_CONCURRENCY: '3' });
  try {
    expect(runner.transport).toBe('in-process');
    expect(lines).toEqual([expect.objectContaining({ message: 'jobs run in the api process (no REDIS_URL)', provider: 'rules', concurrency: 3 })]);
    const task = await runner.run(STRUCTURE_TASK_JOB, {
      input: 'Call Globex tomorrow at 3pm, urgent',
      now: '2025-03-11T15:15:00.000Z',
      timezone: 'America/Chicago',
      clients: [{ name: 'Globex', aliases: [] }],
      timeIncrements: [],
      habits: [],
    });
    expect(task).toMatchObject({ task: { title: 'Call Globex', clientName: 'Globex', priority: 'urgent', dueDate: '2025-03-12', dueTime: '15:00' }, readBy: 'rules' });
  } finally {
    await runner.close();
  }
});

it('without REDIS_URL reads a hostile entry in a thread within JOB_CPU_BUDGET_MS: the api’s event loop stays free', async () => {
  const runner = createJobRunner(parseEnv({ NODE_ENV: 'test' }), createLogger('silent'), { JOB_CPU_BUDGET_MS: '1000' });
  const hostile = { input: HOSTILE_INPUT, now: '2025-03-11T15:15:00.000Z', timezone: 'America/Chicago', clients: hostileClients(), timeIncrements: [], habits: [] };
  try {
    // Once for the api's own first-call costs (checking the payload's 10,000 names compiles the schema's code).
    await runner.run(STRUCTURE_TASK_JOB, hostile);
    const started = Date.now();
    const { result, stall } = await longestStall(() => runner.run(STRUCTURE_TASK_JOB, hostile));
    // Whole, or (past the budget) read again without the clients: the date is read either way.
    expect(result).toMatchObject({ task: { dueDate: '2025-03-12' }, readBy: 'rules' });
    expect(Date.now() - started).toBeLessThan(15_000);
    // Before the rules ran in a thread, this entry held the api's event loop for minutes.
    expect(stall).toBeLessThan(500);
  } finally {
    await runner.close();
  }
});

it("refuses the worker's settings when they are invalid, naming each variable, as the api's own", () => {
  const { logger } = capture();
  const attempt = () => createJobRunner(parseEnv({ NODE_ENV: 'test' }), logger, { AI_PROVIDER: 'gpt', AI_WORKER_CONCURRENCY: '0' });
  expect(attempt).toThrow(EnvError);
  expect(attempt).toThrow(/^Invalid environment:\n {2}AI_PROVIDER: .+\n {2}AI_WORKER_CONCURRENCY: .+$/);
});

it('with REDIS_URL sends jobs through BullMQ without reading the worker settings, and says where (no password)', async () => {
  const { lines, logger } = capture();
  const runner = createJobRunner(parseEnv({ NODE_ENV: 'test', REDIS_URL: 'redis://:s3cret@127.0.0.1:1/0' }), logger, { AI_PROVIDER: 'gpt' });
  try {
    expect(runner.transport).toBe('bullmq');
    expect(lines[0]).toMatchObject({ message: 'jobs go to the ai-worker through Redis (BullMQ)', redis: 'redis://:***@127.0.0.1:1/0' });
  } finally {
    await runner.close();
  }
});
