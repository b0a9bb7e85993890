import type http from 'node:http';
import { SAMPLE_REMINDER_ID, SAMPLE_TASK_ID, sampleReminder, sendError } from '../../test/notify-fixtures';
import { closedPort, startStubHttp } from '../../test/stub-http';
import { createOutboundDoor, parseOutboundAllow, type OutboundDoor, type Resolve } from '../../outbound';
import { sendToChannel, type SendContext } from './index';

/**
 * ntfy and the webhook against a stand-in HTTP server on loopback. The stand-ins are on loopback, which the
 * outbound door refuses: the door of most tests opens 127.0.0.1 (OUTBOUND_ALLOW), as an admin would for a
 * LAN ntfy; the door's own tests use one that opens nothing.
 */

const message = sampleReminder;
const doors: OutboundDoor[] = [];
const doorWith = (allow: string, resolve?: Resolve) => {
  const door = createOutboundDoor({ allow: parseOutboundAllow(allow), ...(resolve ? { resolve } : {}) });
  doors.push(door);
  return door;
};
const context: SendContext = { timeoutMs: 5_000, outbound: doorWith('127.0.0.1'), smtp: null, vapid: null, appUrl: 'https://daybook.lan', idempotencyKey: SAMPLE_REMINDER_ID };
afterAll(async () => {
  await Promise.all(doors.map((door) => door.close()));
});

const stubs: Array<{ close(): Promise<void> }> = [];
async function stub(answer?: (res: http.ServerResponse) => void) {
  const started = await startStubHttp(answer);
  stubs.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((started) => started.close()));
});

describe('ntfy', () => {
  it("publishes one JSON message to the server's root with the topic, the link and the Bearer token", async () => {
    const server = await stub();
    await sendToChannel({ kind: 'ntfy', server: server.url, topic: 'daybook-ann', token: 'tk_secret' }, message, context);

    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request).toMatchObject({ method: 'POST', url: '/' });
    expect(request!.headers.authorization).toBe('Bearer tk_secret');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body.toString())).toEqual({
      topic: 'daybook-ann',
      title: 'Call Ann about the invoice',
      message: 'Due today at 14:00',
      tags: ['alarm_clock'],
      priority: 4,
      click: `https://daybook.lan/?task=${SAMPLE_TASK_ID}`,
    });
  });

  it('marks a late reminder, sends no token it does not have and no link without an app address, and posts under a server path', async () => {
    const server = await stub();
    await sendToChannel({ kind: 'ntfy', server: `${server.url}/ntfy`, topic: 'daybook-ann' }, { ...message, late: true }, { ...context, appUrl: null });

    const [request] = server.received;
    expect(request!.url).toBe('/ntfy/');
    expect(request!.headers.authorization).toBeUndefined();
    const body = JSON.parse(request!.body.toString()) as Record<string, unknown>;
    expect(body.tags).toEqual(['alarm_clock', 'hourglass', 'late']);
    expect(body.message).toBe('Due today at 14:00\n\nSent late: Daybook could not send this reminder on time.');
    expect(body).not.toHaveProperty('click');
  });

  it('reports a refusal with its status alone, permanent for a 4xx, and never with the token or what the server said', async () => {
    const forbidden = await stub((res) => res.writeHead(403).end('{"error":"forbidden"}'));
    const refused = await sendError(sendToChannel({ kind: 'ntfy', server: forbidden.url, topic: 't', token: 'tk_secret' }, message, context));
    expect(refused.message).toBe('Could not deliver (status 403)');
    expect(refused.permanent).toBe(true);

    const busy = await stub((res) => res.writeHead(429).end());
    expect((await sendError(sendToChannel({ kind: 'ntfy', server: busy.url, topic: 't' }, message, context))).permanent).toBe(false);
    const broken = await stub((res) => res.writeHead(502).end());
    const failed = await sendError(sendToChannel({ kind: 'ntfy', server: broken.url, topic: 't' }, message, context));
    expect(failed).toMatchObject({ message: 'Could not deliver (status 502)', permanent: false });
  });

  it('gives up on a server that never answers within the time it was given', async () => {
    const silent = await stub(() => {});
    const started = Date.now();
    const error = await sendError(sendToChannel({ kind: 'ntfy', server: silent.url, topic: 't' }, message, { ...context, timeoutMs: 400 }));
    const elapsed = Date.now() - started;

    expect(error).toMatchObject({ message: 'Could not connect', permanent: false });
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(1_500);
    expect(silent.received).toHaveLength(1);
  });

  it('stops at once when the worker shuts down', async () => {
    const silent = await stub(() => {});
    const shutdown = new AbortController();
    setTimeout(() => shutdown.abort(), 100);
    const started = Date.now();
    const error = await sendError(sendToChannel({ kind: 'ntfy', server: silent.url, topic: 't' }, message, { ...context, signal: shutdown.signal }));

    expect(error).toMatchObject({ message: 'Not sent: the worker is shutting down', permanent: false });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('says only "Could not connect" when nothing answers, whatever the socket did (closed, not HTTP, no such name)', async () => {
    const port = await closedPort();
    const notHttp = await stub((res) => res.socket?.end('SSH-2.0-OpenSSH_9.6\r\n'));
    for (const server of [`http://127.0.0.1:${port}`, notHttp.url, 'http://no-such-host.invalid']) {
      const error = await sendError(sendToChannel({ kind: 'ntfy', server, topic: 't' }, message, context));
      expect(error).toMatchObject({ message: 'Could not connect', permanent: false });
    }
  });
});

describe('webhook', () => {
  it("posts Apprise's fields and Daybook's, with the Idempotency-Key", async () => {
    const server = await stub();
    await sendToChannel({ kind: 'webhook', url: `${server.url}/notify/daybook?key=abc` }, { ...message, late: true }, context);

    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request).toMatchObject({ method: 'POST', url: '/notify/daybook?key=abc' });
    expect(request!.headers['idempotency-key']).toBe(SAMPLE_REMINDER_ID);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body.toString())).toEqual({
      title: 'Call Ann about the invoice',
      body: 'Due today at 14:00',
      type: 'warning',
      format: 'text',
      event: 'reminder',
      taskId: SAMPLE_TASK_ID,
      reminderId: SAMPLE_REMINDER_ID,
      late: true,
      url: `https://daybook.lan/?task=${SAMPLE_TASK_ID}`,
      id: SAMPLE_REMINDER_ID,
    });
  });

  it("is an 'info' without lateness, and turns a user:password in the address into Basic authentication", async () => {
    const server = await stub();
    await sendToChannel({ kind: 'webhook', url: `http://apprise:${encodeURIComponent('p@ss word')}@${server.host}/hook` }, message, context);

    const [request] = server.received;
    expect(request!.url).toBe('/hook');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('apprise:p@ss word').toString('base64')}`);
    expect((JSON.parse(request!.body.toString()) as { type: string }).type).toBe('info');
  });

  it('reports a refusal with its status alone, never with the address or what the server said', async () => {
    const broken = await stub((res) => res.writeHead(500).end('database password is hunter2'));
    const failed = await sendError(sendToChannel({ kind: 'webhook', url: `${broken.url}/notify/secret-key?token=abc` }, message, context));
    expect(failed).toMatchObject({ message: 'Could not deliver (status 500)', permanent: false });

    const moved = await stub((res) => res.writeHead(301, { location: 'https://elsewhere.example/' }).end());
    const redirected = await sendError(sendToChannel({ kind: 'webhook', url: moved.url }, message, context));
    expect(redirected).toMatchObject({ message: 'Could not deliver (status 301)', permanent: true });
    expect(moved.received).toHaveLength(1);
  });
});

describe('through the outbound door (DECISIONS 46)', () => {
  const closed = doorWith('', async (hostname) => {
    const answers: Record<string, string> = { 'loopback.example.com': '127.0.0.1', 'metadata.example.com': '169.254.169.254' };
    if (!answers[hostname]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address: answers[hostname]!, family: 4 }];
  });
  const refusing: SendContext = { ...context, outbound: closed };

  it('refuses loopback, local names and inside addresses for good, before a connection, saying so and nothing more', async () => {
    const inside = await stub();
    const port = new URL(inside.url).port;
    for (const url of [
      inside.url,
      `http://localhost:${port}/`,
      `http://2130706433:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://loopback.example.com:${port}/`,
      'http://metadata.example.com/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1:6379/',
    ]) {
      for (const config of [{ kind: 'webhook' as const, url }, { kind: 'ntfy' as const, server: url, topic: 't' }]) {
        const error = await sendError(sendToChannel(config, message, refusing));
        expect({ url, message: error.message, permanent: error.permanent }).toEqual({
          url,
          message: expect.stringMatching(/^Not sent: \S+ is a private or local address, which Daybook does not send to \(an admin can allow it with OUTBOUND_ALLOW\)$/),
          permanent: true,
        });
      }
    }
    expect(inside.connections).toBe(0);
  });

  it('does not follow a redirect, so a public address cannot lead the server inside', async () => {
    const inside = await stub();
    const mover = await stub((res) => res.writeHead(307, { location: `${inside.url}/internal` }).end());
    const error = await sendError(sendToChannel({ kind: 'webhook', url: mover.url }, message, context));
    expect(error).toMatchObject({ message: 'Could not deliver (status 307)', permanent: true });
    expect(inside.connections).toBe(0);
  });
});
