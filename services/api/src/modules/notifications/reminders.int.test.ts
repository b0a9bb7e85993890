import { randomUUID } from 'node:crypto';
import { createJobHandlers, parseEnv as parseJobSettings } from '@daybook/ai-worker';
import { createNotifyStore } from '../../../../ai-worker/src/notify/store';
import { DELIVER_REMINDER_JOB, type Channel, type ScheduledReminder, type Task } from '@daybook/shared';
import { createInProcessRunner } from '../../jobs/in-process.runner';
import { createLogger } from '../../logger';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { startSmtp } from '../../../../ai-worker/src/test/stub-smtp';
import { startHttpStub } from '../../test/notify-stubs';
import { testDatabaseUrl } from '../../test/test-services';
import { startReminderSweep } from './reminder-sweep';

/**
 * Reminders end to end (DECISIONS 29) on the api without Redis: real PostgreSQL, the worker's handlers in
 * process, the sweep handing reminders over, and stand-in ntfy, SMTP and webhook servers on loopback.
 */

const logger = createLogger('silent');
let t: TestContext;
let ntfy: Awaited<ReturnType<typeof startHttpStub>>;
let webhook: Awaited<ReturnType<typeof startHttpStub>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let sweep: ReturnType<typeof startReminderSweep>;
let jobs: ReturnType<typeof createInProcessRunner>;
let anna: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  [ntfy, webhook, smtp] = await Promise.all([startHttpStub(), startHttpStub(), startSmtp()]);
  // The stand-ins are on loopback, opened to the outbound door as an admin would open a LAN ntfy.
  const settings = parseJobSettings({
    SMTP_URL: `smtp://daybook:secret@${smtp.host}`,
    SMTP_FROM: 'Daybook <daybook@example.com>',
    NOTIFY_TIMEOUT_MS: '3000',
    LOG_LEVEL: 'silent',
    OUTBOUND_ALLOW: '127.0.0.1',
  });
  jobs = createInProcessRunner({
    handlers: createJobHandlers(settings, logger, { databaseUrl: testDatabaseUrl }),
    concurrency: 4,
    maxWaiting: 64,
    waitMs: 10_000,
    logger,
  });
  t = await startTestApp({ OUTBOUND_ALLOW: '127.0.0.1' }, undefined, { jobs });
  sweep = startReminderSweep({ em: t.orm.em, jobs, logger, intervalMs: 200 });
});
afterAll(async () => {
  await sweep.stop();
  await jobs.close();
  await t.close();
  await Promise.all([ntfy.close(), webhook.close(), smtp.close()]);
});
beforeEach(async () => {
  await truncateAll(t.orm);
  ntfy.requests.length = 0;
  webhook.requests.length = 0;
  smtp.mails.length = 0;
  ntfy.status = 200;
  webhook.status = 200;
  anna = t.client();
  bob = t.client();
  await anna.signUpAndIn('anna');
  await bob.signUpAndIn('bob');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(50);
  }
}

async function addChannels(client: ApiClient) {
  const created = [
    await client.post('/api/notifications/channels', { kind: 'ntfy', server: ntfy.url, topic: 'anna-daybook', token: 'tk_secret' }),
    await client.post('/api/notifications/channels', { kind: 'email', address: 'anna@example.com' }),
    await client.post('/api/notifications/channels', { kind: 'webhook', url: `${webhook.url}/notify/apprise-key` }),
  ];
  for (const res of created) expect(res.status).toBe(201);
  return created.map((res) => res.body as Channel);
}
const newTask = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/api/tasks', body);
  expect(res.status).toBe(201);
  return res.body as Task;
};
const remindersOf = async (client: ApiClient, taskId: string) => (await client.get(`/api/tasks/${taskId}/reminders`)).body as ScheduledReminder[];
const deliveredCount = () => ntfy.requests.length + webhook.requests.length + smtp.mails.length;

describe('delivery', () => {
  it('delivers a reminder 2 s ahead once to ntfy, email and a webhook, on time', async () => {
    await addChannels(anna);
    const task = await newTask(anna, { title: 'Call Acme about the lease', dueDate: '2026-12-01', dueTime: '15:00', reminders: [{ kind: 'at', at: inSeconds(2) }] });
    const setAt = Date.now();
    await until(() => deliveredCount() === 3);
    expect(Date.now() - setAt).toBeGreaterThanOrEqual(1_500);
    await sleep(1_500); // nothing more arrives
    expect([ntfy.requests.length, webhook.requests.length, smtp.mails.length]).toEqual([1, 1, 1]);

    const [published] = ntfy.requests;
    expect(published!.headers.authorization).toBe('Bearer tk_secret');
    expect(published!.body).toMatchObject({ topic: 'anna-daybook', title: 'Call Acme about the lease' });
    const [posted] = webhook.requests;
    expect(posted!.path).toBe('/notify/apprise-key');
    expect(posted!.body).toMatchObject({ title: 'Call Acme about the lease', type: 'info', taskId: task.id, late: false });
    expect(smtp.mails[0]!.raw).toContain('Subject: Call Acme about the lease');

    const [reminder] = await remindersOf(anna, task.id);
    expect(reminder).toMatchObject({ state: 'sent', late: false, spec: { kind: 'at' } });
  }, 30_000);

  it('moves a reminder when it is set to another time, and sends it once at the new time', async () => {
    await addChannels(anna);
    const task = await newTask(anna, { title: 'Pay the contractor', reminders: [{ kind: 'at', at: inSeconds(2) }] });
    await sleep(600); // the sweep has handed it over by now
    expect((await anna.put(`/api/tasks/${task.id}/reminders`, { reminders: [{ kind: 'at', at: inSeconds(4) }] })).status).toBe(200);
    await sleep(2_500);
    expect(deliveredCount()).toBe(0);
    await until(() => deliveredCount() === 3);
    await sleep(1_000);
    expect(deliveredCount()).toBe(3);
  }, 30_000);

  it('moves a reminder relative to the due time when the task is re-dated', async () => {
    const task = await newTask(anna, { title: 'Board meeting', dueDate: '2027-02-10', dueTime: '10:00', reminders: [{ kind: 'before', minutes: 30 }, { kind: 'on-day', daysBefore: 1, time: '18:00' }] });
    expect((await remindersOf(anna, task.id)).map((r) => [r.fireAt, r.state])).toEqual([
      ['2027-02-09T23:00:00.000Z', 'pending'], // 18:00 the day before in New York
      ['2027-02-10T14:30:00.000Z', 'pending'],
    ]);
    await anna.patch(`/api/tasks/${task.id}`, { dueDate: '2027-02-12', dueTime: '09:00' });
    expect((await remindersOf(anna, task.id)).map((r) => r.fireAt)).toEqual(['2027-02-11T23:00:00.000Z', '2027-02-12T13:30:00.000Z']);
    // Without a time, "30 minutes before" has nothing to be before.
    await anna.patch(`/api/tasks/${task.id}`, { dueTime: null });
    expect((await remindersOf(anna, task.id)).map((r) => [r.fireAt, r.state])).toEqual([
      ['2027-02-11T23:00:00.000Z', 'pending'],
      [null, 'cancelled'],
    ]);
  });

  it('cancels the reminders of a completed task, and brings back those still ahead when it is reopened', async () => {
    await addChannels(anna);
    const task = await newTask(anna, { title: 'Renew the insurance', reminders: [{ kind: 'at', at: inSeconds(2) }, { kind: 'at', at: inSeconds(3600) }] });
    await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true });
    await sleep(3_000);
    expect(deliveredCount()).toBe(0);
    expect((await remindersOf(anna, task.id)).map((r) => r.state)).toEqual(['cancelled', 'cancelled']);
    await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: false });
    expect((await remindersOf(anna, task.id)).map((r) => r.state)).toEqual(['cancelled', 'pending']);
  }, 30_000);

  it('sends a reminder missed while everything was down once, late, when the api starts again', async () => {
    await addChannels(anna);
    const task = await newTask(anna, { title: 'Water the plants', reminders: [{ kind: 'at', at: inSeconds(3600) }] });
    // As if the hour had passed while Daybook was down.
    await t.orm.em.getConnection().execute(`update reminders set fire_at = now() - interval '1 hour', next_attempt_at = now() - interval '1 hour', queued_at = null`);
    await until(() => deliveredCount() === 3);
    await sleep(1_000);
    expect(deliveredCount()).toBe(3);
    expect(webhook.requests[0]!.body).toMatchObject({ late: true, type: 'warning' });
    expect(String(webhook.requests[0]!.body.body)).toMatch(/sent late/);
    expect((await remindersOf(anna, task.id))[0]).toMatchObject({ state: 'sent', late: true });
  }, 30_000);

  it('retries a failing channel without sending twice to the ones that took it, shows it failing, and pauses it after repeated failures', async () => {
    const [ntfyChannel, , hook] = await addChannels(anna);
    webhook.status = 500;
    const task = await newTask(anna, { title: 'Send the quarterly report', reminders: [{ kind: 'at', at: inSeconds(1) }] });
    await until(() => webhook.requests.length === 1 && ntfy.requests.length === 1 && smtp.mails.length === 1);
    await sleep(500);
    const [reminder] = await remindersOf(anna, task.id);
    expect(reminder!.state).toBe('pending'); // a retry is due later
    const channels = (await anna.get('/api/notifications/channels')).body as Channel[];
    expect(channels.find((c) => c.id === hook!.id)).toMatchObject({ status: 'failing', failures: 1, lastError: expect.stringMatching(/500/) });
    expect(channels.find((c) => c.id === ntfyChannel!.id)).toMatchObject({ status: 'ok', failures: 0 });

    // The retry comes due: only the webhook is tried again, and now it answers.
    webhook.status = 200;
    await t.orm.em.getConnection().execute(`update reminders set next_attempt_at = now(), queued_at = null`);
    await until(() => webhook.requests.length === 2);
    await sleep(800);
    expect([ntfy.requests.length, smtp.mails.length]).toEqual([1, 1]);
    expect((await remindersOf(anna, task.id))[0]!.state).toBe('sent');

    // Four failures in a row already: the fifth pauses it, and it gets nothing more until resumed.
    webhook.status = 503;
    await t.orm.em.getConnection().execute(`update notification_channels set failures = 4 where id = ?`, [hook!.id]);
    await newTask(anna, { title: 'Call the bank', reminders: [{ kind: 'at', at: inSeconds(1) }] });
    await until(() => webhook.requests.length === 3);
    await sleep(500);
    expect(((await anna.get('/api/notifications/channels')).body as Channel[]).find((c) => c.id === hook!.id)).toMatchObject({ status: 'paused', failures: 5 });
    const resumed = await anna.patch(`/api/notifications/channels/${hook!.id}`, { paused: false });
    expect(resumed.body).toMatchObject({ status: 'ok', failures: 0 });
  }, 40_000);

  it('delivers a reminder once however many jobs ask for it at the same moment', async () => {
    await addChannels(anna);
    const task = await newTask(anna, { title: 'Sign the lease', reminders: [{ kind: 'at', at: inSeconds(3600) }] });
    const [reminder] = await remindersOf(anna, task.id);
    await t.orm.em.getConnection().execute(`update reminders set next_attempt_at = now(), fire_at = now()`);
    // Jobs of other names than the sweep's own: nothing but the claim stops them.
    await Promise.all(Array.from({ length: 8 }, (_, i) => jobs.dispatch(DELIVER_REMINDER_JOB, { reminderId: reminder!.id }, { jobId: `race-${i}`, runAt: new Date() })));
    await until(() => deliveredCount() >= 3);
    await sleep(1_500);
    expect([ntfy.requests.length, webhook.requests.length, smtp.mails.length]).toEqual([1, 1, 1]);
  }, 30_000);

  it('delivers once, after its claim runs out, a reminder whose worker died mid-delivery', async () => {
    await addChannels(anna);
    const task = await newTask(anna, { title: 'Renew the domain', reminders: [{ kind: 'at', at: inSeconds(3600) }] });
    const [reminder] = await remindersOf(anna, task.id);
    // Due now, and (as far as the sweep knows) already queued: a worker takes it (a lease of 2 s) and dies
    // before sending anything.
    await t.orm.em.getConnection().execute(`update reminders set fire_at = now(), next_attempt_at = now(), queued_at = now()`);
    const store = createNotifyStore(testDatabaseUrl());
    const claimed = await store.claim(reminder!.id, randomUUID(), 2_000);
    await store.close();
    expect(claimed).not.toBeNull();
    await sleep(1_000);
    expect(deliveredCount()).toBe(0);
    await until(() => deliveredCount() === 3);
    await sleep(1_000);
    expect(deliveredCount()).toBe(3);
    expect((await remindersOf(anna, task.id))[0]).toMatchObject({ state: 'sent' });
  }, 30_000);

  it('sends a snooze an hour later as a reminder of its own', async () => {
    const task = await newTask(anna, { title: 'Book flights' });
    const res = await anna.post(`/api/tasks/${task.id}/snooze`, {});
    expect(res.status).toBe(201);
    const snoozed = res.body as ScheduledReminder;
    expect(snoozed).toMatchObject({ taskId: task.id, spec: null, state: 'pending' });
    expect(Date.parse(snoozed.fireAt!) - Date.now()).toBeGreaterThan(59 * 60_000);
    await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true });
    expect((await remindersOf(anna, task.id))[0]!.state).toBe('cancelled');
    expect((await anna.post(`/api/tasks/${task.id}/snooze`, { minutes: 10 })).status).toBe(409);
  });
});

describe('defaults and series', () => {
  it('gives a new task the default for its kind of due date unless the request names its own reminders', async () => {
    const settings = { timedDefault: { kind: 'before', minutes: 15 }, dateOnlyDefault: { kind: 'on-day', daysBefore: 0, time: '09:00' }, digestHour: null, digestSkipEmpty: true };
    expect((await anna.put('/api/notifications/settings', settings)).body).toEqual(settings);
    expect((await newTask(anna, { title: 'Dentist', dueDate: '2027-01-05', dueTime: '14:00' })).reminders).toEqual([{ kind: 'before', minutes: 15 }]);
    expect((await newTask(anna, { title: 'Tax return', dueDate: '2027-01-05' })).reminders).toEqual([{ kind: 'on-day', daysBefore: 0, time: '09:00' }]);
    expect((await newTask(anna, { title: 'Someday' })).reminders).toEqual([]);
    expect((await newTask(anna, { title: 'Quiet one', dueDate: '2027-01-05', reminders: [] })).reminders).toEqual([]);
    // Bob's defaults are his own (none).
    expect((await newTask(bob, { title: 'Dentist', dueDate: '2027-01-05', dueTime: '14:00' })).reminders).toEqual([]);
  });

  it('gives the next occurrence of a recurring task its reminders, moved with its date', async () => {
    const at = '2027-03-01T13:00:00.000Z'; // 08:00 in New York on Mar 1
    const task = await newTask(anna, { title: 'Weekly report', dueDate: '2027-03-01', dueTime: '10:00', isRecurring: true, recurringType: 'weekly', reminders: [{ kind: 'before', minutes: 60 }, { kind: 'at', at }] });
    await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true });
    const next = ((await anna.get('/api/tasks?limit=10')).body.items as Task[]).find((item) => item.id !== task.id)!;
    expect(next.dueDate).toBe('2027-03-08');
    expect(next.reminders).toEqual([{ kind: 'before', minutes: 60 }, { kind: 'at', at: '2027-03-08T13:00:00.000Z' }]);
    expect((await remindersOf(anna, next.id)).map((r) => [r.fireAt, r.state])).toEqual([
      ['2027-03-08T13:00:00.000Z', 'pending'],
      ['2027-03-08T14:00:00.000Z', 'pending'],
    ]);
  });

  it('moves reminders and the digest to the same wall-clock times when the user changes timezone', async () => {
    await anna.put('/api/notifications/settings', { timedDefault: null, dateOnlyDefault: null, digestHour: 7, digestSkipEmpty: true });
    const task = await newTask(anna, { title: 'Tax return', dueDate: '2027-01-05', reminders: [{ kind: 'on-day', daysBefore: 0, time: '09:00' }] });
    expect((await remindersOf(anna, task.id))[0]!.fireAt).toBe('2027-01-05T14:00:00.000Z'); // 09:00 in New York
    expect((await anna.patch('/api/auth/user/timezone', { timezone: 'Europe/Berlin' })).status).toBe(200);
    expect((await remindersOf(anna, task.id))[0]).toMatchObject({ fireAt: '2027-01-05T08:00:00.000Z', state: 'pending' }); // 09:00 in Berlin
    const [digest] = await t.orm.em.getConnection().execute<{ fire_at: string }[]>(`select fire_at from reminders where source = 'digest' and state = 'pending'`);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', hour: 'numeric', hour12: false }).format(new Date(digest!.fire_at))).toBe('07');
  });

  it('schedules one morning digest at the chosen hour and moves it when the hour changes', async () => {
    const base = { timedDefault: null, dateOnlyDefault: null, digestSkipEmpty: true };
    await anna.put('/api/notifications/settings', { ...base, digestHour: 7 });
    await anna.put('/api/notifications/settings', { ...base, digestHour: 8 });
    const digests = await t.orm.em.getConnection().execute<{ fire_at: Date; state: string }[]>(`select fire_at, state from reminders where source = 'digest'`);
    expect(digests).toHaveLength(1);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hour12: false }).format(new Date(digests[0]!.fire_at))).toBe('08');
    await anna.put('/api/notifications/settings', { ...base, digestHour: null });
    expect(await t.orm.em.getConnection().execute(`select 1 from reminders where source = 'digest'`)).toHaveLength(0);
  });

  it('sends the digest with today’s tasks, the top 3 and the overdue count', async () => {
    const [channel] = await addChannels(anna);
    await anna.patch(`/api/notifications/channels/${channel!.id}`, { reminders: false });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() - 86_400_000));
    await newTask(anna, { title: 'Prepare the Acme proposal', dueDate: today, priority: 'urgent' });
    await newTask(anna, { title: 'File the expenses', dueDate: yesterday });
    await anna.put('/api/notifications/settings', { timedDefault: null, dateOnlyDefault: null, digestHour: 7, digestSkipEmpty: true });
    await t.orm.em.getConnection().execute(`update reminders set fire_at = now(), next_attempt_at = now() where source = 'digest'`);
    await until(() => ntfy.requests.length === 1);
    expect(ntfy.requests[0]!.body.title).toBe('Your day: 1 task today, 1 overdue');
    expect(String(ntfy.requests[0]!.body.message)).toContain('Top 3: Prepare the Acme proposal');
    await sleep(500);
    // The next morning's is waiting.
    const live = await t.orm.em.getConnection().execute<{ fire_at: Date }[]>(`select fire_at from reminders where source = 'digest' and state = 'pending'`);
    expect(live).toHaveLength(1);
    expect(new Date(live[0]!.fire_at).getTime()).toBeGreaterThan(Date.now());
  }, 30_000);
});

describe('channels', () => {
  it('never answers a channel’s secrets, and keeps each user’s channels and reminders their own', async () => {
    const channels = await addChannels(anna);
    const listed = JSON.stringify((await anna.get('/api/notifications/channels')).body);
    expect(listed).not.toContain('tk_secret');
    expect(listed).not.toContain('apprise-key');
    expect(channels.map((c) => c.target)).toEqual([`${new URL(ntfy.url).host}/anna-daybook`, 'anna@example.com', new URL(webhook.url).host]);

    const task = await newTask(anna, { title: 'Private', reminders: [{ kind: 'at', at: inSeconds(3600) }] });
    expect((await bob.get(`/api/tasks/${task.id}/reminders`)).status).toBe(404);
    expect((await bob.put(`/api/tasks/${task.id}/reminders`, { reminders: [] })).status).toBe(404);
    expect((await bob.post(`/api/tasks/${task.id}/snooze`, {})).status).toBe(404);
    expect((await bob.patch(`/api/notifications/channels/${channels[0]!.id}`, { name: 'mine' })).status).toBe(404);
    expect((await bob.post(`/api/notifications/channels/${channels[0]!.id}/test`)).status).toBe(404);
    expect((await bob.delete(`/api/notifications/channels/${channels[0]!.id}`)).status).toBe(404);
    expect((await bob.get('/api/notifications/channels')).body).toEqual([]);
  });

  it('refuses bad channels and reminders with a clear 400', async () => {
    const bad = [
      { kind: 'ntfy', topic: 'has spaces' },
      { kind: 'email', address: 'not-an-email' },
      { kind: 'webhook', url: 'ftp://example.com/hook' },
      { kind: 'pager', url: 'https://example.com' },
    ];
    for (const body of bad) expect((await anna.post('/api/notifications/channels', body)).status).toBe(400);
    const task = await newTask(anna, { title: 'Something' });
    const res = await anna.put(`/api/tasks/${task.id}/reminders`, { reminders: [{ kind: 'before', minutes: -5 }] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/at least 0/);
    expect((await anna.put(`/api/tasks/${task.id}/reminders`, { reminders: Array.from({ length: 6 }, (_, i) => ({ kind: 'before', minutes: i })) })).status).toBe(400);
    expect((await anna.post('/api/tasks', { title: 'x', reminders: [{ kind: 'at', at: 'tomorrow' }] })).status).toBe(400);
  });

  it('sends a test message and reports what went wrong', async () => {
    const [good, , hook] = await addChannels(anna);
    expect((await anna.post(`/api/notifications/channels/${good!.id}/test`)).body).toEqual({ delivered: true, error: null });
    expect(ntfy.requests[0]!.body).toMatchObject({ title: 'Daybook test notification' });
    webhook.status = 404;
    const failed = await anna.post(`/api/notifications/channels/${hook!.id}/test`);
    expect(failed.body).toMatchObject({ delivered: false, error: expect.stringMatching(/404/) });
  });

  it('keeps one push channel per browser, moving it to whoever subscribed it last', async () => {
    const key = (await anna.get('/api/notifications/push/key')).body.publicKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await bob.get('/api/notifications/push/key')).body.publicKey).toBe(key);
    const subscription = { endpoint: 'https://push.example.com/send/abc123', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
    expect((await anna.post('/api/notifications/push-subscriptions', { ...subscription, name: 'Anna’s phone' })).status).toBe(201);
    expect((await anna.post('/api/notifications/push-subscriptions', subscription)).status).toBe(201);
    expect(((await anna.get('/api/notifications/channels')).body as Channel[]).map((c) => [c.kind, c.target])).toEqual([['push', 'push.example.com']]);
    await bob.post('/api/notifications/push-subscriptions', subscription);
    expect((await anna.get('/api/notifications/channels')).body).toEqual([]);
    expect((await bob.delete(`/api/notifications/push-subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`)).status).toBe(204);
    expect((await bob.get('/api/notifications/channels')).body).toEqual([]);
  });
});
