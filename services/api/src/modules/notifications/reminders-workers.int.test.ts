import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createJobHandlers, parseEnv as parseJobSettings } from '@daybook/ai-worker';
import { DELIVER_REMINDER_JOB, type Task } from '@daybook/shared';
import { createJobWorker } from '../../../../ai-worker/src/worker';
import { createBullmqRunner } from '../../jobs/bullmq.runner';
import { createLogger } from '../../logger';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { startHttpStub } from '../../test/notify-stubs';
import { testDatabaseUrl, testRedisUrl } from '../../test/test-services';
import { startReminderSweep } from './reminder-sweep';

/**
 * Reminders through Redis (DECISIONS 29): two api sweeps and two BullMQ workers share the work, and every
 * reminder still reaches the stand-in ntfy server exactly once.
 */

const logger = createLogger('silent');
const prefix = `daybook-test-reminders-${randomUUID().slice(0, 8)}`;
let t: TestContext;
let ntfy: Awaited<ReturnType<typeof startHttpStub>>;
let anna: ApiClient;

function reminderWorker() {
  const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const handlers = createJobHandlers(parseJobSettings({ LOG_LEVEL: 'silent', OUTBOUND_ALLOW: '127.0.0.1' }), logger, { databaseUrl: testDatabaseUrl });
  const worker = createJobWorker({ name: DELIVER_REMINDER_JOB, connection, prefix, concurrency: 4, log: logger, handler: handlers[DELIVER_REMINDER_JOB] });
  return {
    async close() {
      await worker.close();
      await handlers.close();
      await connection.quit();
    },
  };
}

beforeAll(async () => {
  ntfy = await startHttpStub();
  // The ntfy stand-in is on loopback: opened to the outbound door as an admin would open a LAN ntfy.
  t = await startTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
  await truncateAll(t.orm);
  anna = t.client();
  await anna.signUpAndIn('anna');
});
afterAll(async () => {
  await t.close();
  await ntfy.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('delivers each reminder once with two workers and two sweeping api replicas', async () => {
  const runners = [0, 1].map(() => createBullmqRunner({ redisUrl: testRedisUrl(), waitMs: 5_000, logger, prefix }));
  const sweeps = runners.map((jobs) => startReminderSweep({ em: t.orm.em, jobs, logger, intervalMs: 100 }));
  const workers = [reminderWorker(), reminderWorker()];
  try {
    await anna.post('/api/notifications/channels', { kind: 'ntfy', server: ntfy.url, topic: 'anna' });
    // Far enough ahead for all 20 tasks to be made first on a loaded machine: a reminder whose time has
    // passed when its task is saved is not armed (reminder-schedule.ts), which is not what this tests.
    const at = new Date(Date.now() + 6_000).toISOString();
    const tasks: Task[] = [];
    for (let i = 0; i < 20; i += 1) tasks.push((await anna.post('/api/tasks', { title: `Task ${i}`, reminders: [{ kind: 'at', at }] })).body as Task);
    expect(Date.now()).toBeLessThan(Date.parse(at));
    const deadline = Date.now() + 15_000;
    while (ntfy.requests.length < 20 && Date.now() < deadline) await sleep(50);
    await sleep(1_500); // nothing more arrives
    expect(ntfy.requests.map((request) => request.body.title).sort()).toEqual(tasks.map((task) => task.title).sort());
    const states = await t.orm.em.getConnection().execute<{ state: string; n: number }[]>(`select state, count(*)::int as n from reminders group by state`);
    expect(states).toEqual([{ state: 'sent', n: 20 }]);
  } finally {
    await Promise.all(sweeps.map((sweep) => sweep.stop()));
    await Promise.all(workers.map((worker) => worker.close()));
    await Promise.all(runners.map((runner) => runner.close()));
  }
}, 60_000);
