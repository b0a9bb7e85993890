import { RequestContext } from '@mikro-orm/core';
import { createJobHandlers, openSecretBox, parseEnv as parseJobSettings, type JobHandlers } from '@daybook/ai-worker';
import { quotaMessage, QUOTAS, type Channel, type Task } from '@daybook/shared';
import { closedPort, startStubHttp, type StubHttp } from '../../../../ai-worker/src/test/stub-http';
import { CHANNEL_TESTS_PER_MINUTE } from '../../http/rate-limits';
import { createInProcessRunner } from '../../jobs/in-process.runner';
import { createLogger } from '../../logger';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { testDatabaseUrl, testRedisUrl } from '../../test/test-services';
import { createChannelsRepository } from './channels.repository';
import { sealPlainChannelConfigs } from './notifications.service';

/**
 * Notification channels under attack (issue 36, DECISIONS 46 and 48): an account holder points channels at
 * the server's own network, reads socket errors to map its ports, fans one reminder out to many addresses,
 * and a database dump is read for channel secrets.
 *
 * Two apps share the database: `closed` as shipped (OUTBOUND_ALLOW unset), and `open`, whose admin opened
 * 127.0.0.1 (where the stand-in servers listen, as a LAN ntfy would). Each runs the worker's handlers in
 * process with the same OUTBOUND_ALLOW as its api.
 */

const logger = createLogger('silent');
// NOTIFY_TIMEOUT_MS as shipped (10 s), and the api's wait for a job as shipped (AI_REQUEST_TIMEOUT_MS, 10 s).
const handlersFor = (env: Record<string, string> = {}) => createJobHandlers(parseJobSettings({ LOG_LEVEL: 'silent', ...env }), logger, { databaseUrl: testDatabaseUrl });
const runnerFor = (handlers: JobHandlers) => createInProcessRunner({ handlers, concurrency: 4, maxWaiting: 64, waitMs: 10_000, logger });

let closed: TestContext;
let open: TestContext;
let closedHandlers: ReturnType<typeof handlersFor>;
let openHandlers: ReturnType<typeof handlersFor>;
let runners: Array<ReturnType<typeof runnerFor>>;
const stubs: StubHttp[] = [];
let anna: ApiClient;
let annaOnOpen: ApiClient;
let annaId: string;

async function stub(answer?: Parameters<typeof startStubHttp>[0]): Promise<StubHttp> {
  const started = await startStubHttp(answer);
  stubs.push(started);
  return started;
}

beforeAll(async () => {
  closedHandlers = handlersFor();
  openHandlers = handlersFor({ OUTBOUND_ALLOW: '127.0.0.1' });
  runners = [runnerFor(closedHandlers), runnerFor(openHandlers)];
  closed = await startTestApp({}, undefined, { jobs: runners[0]! });
  open = await startTestApp({ OUTBOUND_ALLOW: '127.0.0.1' }, undefined, { jobs: runners[1]! });
});
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.close()));
  await Promise.all([closed.close(), open.close(), ...stubs.map((started) => started.close())]);
});
beforeEach(async () => {
  await truncateAll(closed.orm);
  // Each test counts the channel budget from zero (it has its own test below).
  await closed.redis.flushdb();
  anna = closed.client();
  annaId = (await anna.signUpAndIn('anna')).id;
  annaOnOpen = open.client();
  await annaOnOpen.signIn('anna');
});

const addWebhook = (client: ApiClient, url: string) => client.post('/api/notifications/channels', { kind: 'webhook', url });
const channelsOf = async (client: ApiClient) => (await client.get('/api/notifications/channels')).body as Channel[];
const rawConfigs = async () => (await closed.orm.em.getConnection().execute<{ id: string; config: string }[]>('select id, config::text as config from notification_channels order by created_at')).map((row) => row.config);

describe('saving a channel (DECISIONS 46)', () => {
  it('refuses an address on the server’s own network with a clear 400, and stores nothing', async () => {
    const loopback = await stub();
    const port = new URL(loopback.url).port;
    for (const url of [
      loopback.url,
      `http://localhost:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://2130706433:${port}/hook`,
      `http://0x7f.0.0.1:${port}/hook`,
      'http://10.0.0.5/hook',
      'http://192.168.1.1:8123/api/webhook/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
    ]) {
      const res = await addWebhook(anna, url);
      expect({ url, status: res.status, message: res.body.error?.message }).toEqual({
        url,
        status: 400,
        message: expect.stringMatching(/^The webhook: \S+ is a private or local address, which Daybook does not send to \(an admin can allow it with OUTBOUND_ALLOW\)$/),
      });
    }
    // Refused attempts spend the channel budget too (they look names up): a fresh one for the rest.
    await closed.redis.flushdb();
    const ntfy = await anna.post('/api/notifications/channels', { kind: 'ntfy', server: `http://localhost:${port}`, topic: 'x' });
    expect(ntfy.status).toBe(400);
    expect(ntfy.body.error.message).toMatch(/^The ntfy server: localhost is a private or local address/);
    const push = await anna.post('/api/notifications/push-subscriptions', { endpoint: 'http://169.254.169.254/push/x', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } });
    expect(push.status).toBe(400);
    expect(await channelsOf(anna)).toEqual([]);
    expect(loopback.connections).toBe(0);
  });

  it('accepts what the admin opened with OUTBOUND_ALLOW, and delivers there', async () => {
    const lanNtfy = await stub();
    const res = await annaOnOpen.post('/api/notifications/channels', { kind: 'ntfy', server: lanNtfy.url, topic: 'anna' });
    expect(res.status).toBe(201);
    expect((await annaOnOpen.post(`/api/notifications/channels/${res.body.id}/test`)).body).toEqual({ delivered: true, error: null });
    expect(lanNtfy.received).toHaveLength(1);
  });
});

describe('sending (DECISIONS 46)', () => {
  it('refuses at send time what is inside, though it was saved (before the guard, or a name that changed), before a connection', async () => {
    const inside = await stub();
    const channel = (await addWebhook(annaOnOpen, `${inside.url}/hook`)).body as Channel;
    // The worker of a server that did not open 127.0.0.1.
    const result = await closedHandlers['test-channel']({ userId: annaId, channelId: channel.id });
    const refusal = 'Not sent: 127.0.0.1 is a private or local address, which Daybook does not send to (an admin can allow it with OUTBOUND_ALLOW)';
    expect(result).toEqual({ delivered: false, error: refusal });
    expect((await channelsOf(anna))[0]!.lastError).toBe(refusal);
    expect(inside.connections).toBe(0);
  });

  it('answers "Could not connect" for closed ports, Redis, PostgreSQL, a silent host and a non-HTTP server alike, and "Could not deliver (status N)" for an answer; Send test answers in its time, not 503', async () => {
    const closedUrl = `http://127.0.0.1:${await closedPort()}/hook`;
    const silent = await stub(() => undefined);
    const sshLike = await stub((res) => res.socket?.end('SSH-2.0-OpenSSH_9.6\r\n'));
    const failing = await stub((res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('stack trace: password=hunter2'));
    const targets = [
      closedUrl,
      `http://${new URL(testRedisUrl()).host}/`,
      `http://${new URL(testDatabaseUrl()).host}/`,
      `${silent.url}/hook`,
      `${sshLike.url}/hook`,
      `${failing.url}/hook`,
    ];
    const channels: Channel[] = [];
    for (const url of targets) {
      const res = await addWebhook(annaOnOpen, url);
      expect(res.status).toBe(201);
      channels.push(res.body as Channel);
    }
    await open.redis.flushdb();
    const answers: Array<{ status: number; body: unknown; ms: number }> = [];
    for (const channel of channels) {
      const started = Date.now();
      const res = await annaOnOpen.post(`/api/notifications/channels/${channel.id}/test`);
      answers.push({ status: res.status, body: res.body as unknown, ms: Date.now() - started });
    }
    const couldNotConnect = { status: 200, body: { delivered: false, error: 'Could not connect' } };
    expect(answers.map(({ status, body }) => ({ status, body }))).toEqual([
      couldNotConnect,
      couldNotConnect,
      couldNotConnect,
      couldNotConnect,
      couldNotConnect,
      { status: 200, body: { delivered: false, error: 'Could not deliver (status 500)' } },
    ]);
    // The silent host: the test's budget (5 s), well within the api's wait for the job.
    expect(answers[3]!.ms).toBeLessThan(9_000);
    expect((await channelsOf(annaOnOpen)).map((channel) => channel.lastError)).toEqual([
      'Could not connect',
      'Could not connect',
      'Could not connect',
      'Could not connect',
      'Could not connect',
      'Could not deliver (status 500)',
    ]);
  }, 60_000);
});

describe('fan-out (one reminder, many addresses)', () => {
  it(`caps channels at ${QUOTAS.channels} a user, with the quota’s message: no more than a minute of "Send test"`, async () => {
    expect(QUOTAS.channels).toBeLessThanOrEqual(CHANNEL_TESTS_PER_MINUTE);
    const receiver = await stub();
    for (let i = 0; i < QUOTAS.channels; i += 1) expect((await addWebhook(annaOnOpen, `${receiver.url}/hook/${i}`)).status).toBe(201);
    await open.redis.flushdb();
    const over = await addWebhook(annaOnOpen, `${receiver.url}/hook/over`);
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({ code: 'quota_exceeded', message: quotaMessage('channels') });
  });

  it('counts adding channels and Send test against one budget per user, whichever channel', async () => {
    const receiver = await stub();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(((await addWebhook(annaOnOpen, `${receiver.url}/hook/${i}`)).body as Channel).id);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await annaOnOpen.post(`/api/notifications/channels/${ids[i % 3]}/test`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const tooMany = await annaOnOpen.post(`/api/notifications/channels/${ids[0]}/test`);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error.message).toMatch(/^You are adding or testing notification channels too quickly/);
    expect((await addWebhook(annaOnOpen, `${receiver.url}/hook/more`)).status).toBe(429);
    expect(receiver.received).toHaveLength(7);
  });

  it(`reaches at most ${QUOTAS.channels} channels with one reminder, even with more rows (from before the quota)`, async () => {
    const receiver = await stub();
    for (let i = 0; i < QUOTAS.channels; i += 1) await addWebhook(annaOnOpen, `${receiver.url}/hook/${i}`);
    // Two more, as an older version allowed.
    await open.orm.em.getConnection().execute(
      `insert into notification_channels (user_id, kind, name, target, config) select user_id, kind, name, target, config from notification_channels where user_id = ? limit 2`,
      [annaId],
    );
    expect(await channelsOf(annaOnOpen)).toHaveLength(QUOTAS.channels + 2);
    const task = (await annaOnOpen.post('/api/tasks', { title: 'Call Ann' })).body as Task;
    const [reminder] = await open.orm.em
      .getConnection()
      .execute<{ id: string }[]>(`insert into reminders (user_id, task_id, source, fire_at, next_attempt_at) values (?, ?, 'snooze', now(), now()) returning id`, [annaId, task.id]);
    expect(await openHandlers['deliver-reminder']({ reminderId: reminder!.id })).toEqual({ outcome: 'sent' });
    expect(receiver.received).toHaveLength(QUOTAS.channels);
  });
});

describe('secrets at rest (DECISIONS 48)', () => {
  it('keeps tokens, passwords and addresses sealed in the database, and still delivers with them', async () => {
    const ntfy = await stub();
    const hook = await stub();
    const host = new URL(hook.url).host;
    expect((await annaOnOpen.post('/api/notifications/channels', { kind: 'ntfy', server: ntfy.url, topic: 'anna-topic', token: 'tk_ntfy-secret' })).status).toBe(201);
    expect((await addWebhook(annaOnOpen, `http://apprise:hunter2@${host}/notify/apprise-key`)).status).toBe(201);

    const configs = await rawConfigs();
    for (const config of configs) {
      expect(JSON.parse(config)).toEqual({ sealed: expect.stringMatching(/^v1\./) });
      expect(config).not.toMatch(/tk_ntfy-secret|hunter2|apprise-key|anna-topic|127\.0\.0\.1/);
    }
    for (const channel of await channelsOf(annaOnOpen)) expect((await annaOnOpen.post(`/api/notifications/channels/${channel.id}/test`)).body).toEqual({ delivered: true, error: null });
    expect(ntfy.received[0]!.headers.authorization).toBe('Bearer tk_ntfy-secret');
    expect(hook.received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('apprise:hunter2').toString('base64')}`);
    expect(hook.received[0]!.url).toBe('/notify/apprise-key');
  });

  it('seals at start what an older version stored in plain text, which keeps working before and after', async () => {
    const ntfy = await stub();
    const connection = closed.orm.em.getConnection();
    const plain = { kind: 'ntfy', server: ntfy.url, topic: 'old', token: 'tk_from-before' };
    const [row] = await connection.execute<{ id: string }[]>(
      `insert into notification_channels (user_id, kind, name, target, config) values (?, 'ntfy', 'Old ntfy', 'old', ?::jsonb) returning id`,
      [annaId, JSON.stringify(plain)],
    );
    expect(await openHandlers['test-channel']({ userId: annaId, channelId: row!.id })).toEqual({ delivered: true, error: null });

    // What main.ts runs at every start.
    const secrets = openSecretBox(closed.env, { create: true });
    const sealed = await RequestContext.create(closed.orm.em, () => sealPlainChannelConfigs(createChannelsRepository(closed.orm.em), secrets));
    expect(sealed).toBe(1);
    expect(await RequestContext.create(closed.orm.em, () => sealPlainChannelConfigs(createChannelsRepository(closed.orm.em), secrets))).toBe(0);
    const [stored] = await rawConfigs();
    expect(stored).not.toContain('tk_from-before');
    expect(JSON.parse(stored!)).toEqual({ sealed: expect.stringMatching(/^v1\./) });

    expect(await openHandlers['test-channel']({ userId: annaId, channelId: row!.id })).toEqual({ delivered: true, error: null });
    expect(ntfy.received.map((request) => request.headers.authorization)).toEqual(['Bearer tk_from-before', 'Bearer tk_from-before']);
  });

  it('does not open a sealed config moved to another user’s row, nor with another key', async () => {
    const ntfy = await stub();
    const channel = (await annaOnOpen.post('/api/notifications/channels', { kind: 'ntfy', server: ntfy.url, topic: 'anna', token: 'tk_anna' })).body as Channel;
    const bob = open.client();
    const bobId = (await bob.signUpAndIn('bob')).id;
    const [copy] = await open.orm.em
      .getConnection()
      .execute<{ id: string }[]>(`insert into notification_channels (user_id, kind, name, target, config) select ?, kind, name, target, config from notification_channels where id = ? returning id`, [
        bobId,
        channel.id,
      ]);
    const moved = await openHandlers['test-channel']({ userId: bobId, channelId: copy!.id });
    expect(moved).toEqual({ delivered: false, error: expect.stringMatching(/^This server cannot read this channel's secrets/) });

    const otherKey = handlersFor({ OUTBOUND_ALLOW: '127.0.0.1', SECRETS_KEY: 'another-key-another-key-another-key-0123' });
    try {
      expect(await otherKey['test-channel']({ userId: annaId, channelId: channel.id })).toEqual({
        delivered: false,
        error: "This server cannot read this channel's secrets: its key is not the one they were saved with (SECRETS_KEY or DATA_DIR/secrets.key)",
      });
    } finally {
      await otherKey.close();
    }
    expect(ntfy.received).toHaveLength(0);
  });
});
