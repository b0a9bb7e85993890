import type http from 'node:http';
import { SAMPLE_REMINDER_ID, SAMPLE_TASK_ID, sampleReminder, sendError } from '../../test/notify-fixtures';
import { closedPort, startStubHttp } from '../../test/stub-http';
import { sendToChannel, type SendContext } from './index';

/** ntfy and the webhook against a stand-in HTTP server on loopback. */

const message = sampleReminder;
const context: SendContext = { timeoutMs: 5_000, smtp: null, vapid: null, appUrl: 'https://daybook.lan', idempotencyKey: SAMPLE_REMINDER_ID };

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

  it('reports a refusal with its status, permanent for a 4xx, and never with the token', async () => {
    const forbidden = await stub((res) => res.writeHead(403).end('{"error":"forbidden"}'));
    const refused = await sendError(sendToChannel({ kind: 'ntfy', server: forbidden.url, topic: 't', token: 'tk_secret' }, message, context));
    expect(refused.message).toBe('ntfy answered 403 Forbidden');
    expect(refused.permanent).toBe(true);

    const busy = await stub((res) => res.writeHead(429).end());
    expect((await sendError(sendToChannel({ kind: 'ntfy', server: busy.url, topic: 't' }, message, context))).permanent).toBe(false);
    const broken = await stub((res) => res.writeHead(502).end());
    const failed = await sendError(sendToChannel({ kind: 'ntfy', server: broken.url, topic: 't' }, message, context));
    expect(failed).toMatchObject({ message: 'ntfy answered 502 Bad Gateway', permanent: false });
  });

  it('gives up on a server that never answers within the time it was given', async () => {
    const silent = await stub(() => {});
    const started = Date.now();
    const error = await sendError(sendToChannel({ kind: 'ntfy', server: silent.url, topic: 't' }, message, { ...context, timeoutMs: 400 }));
    const elapsed = Date.now() - started;

    expect(error).toMatchObject({ message: 'No answer within 0.4 s', permanent: false });
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

  it('names the host and the system code when the server cannot be reached', async () => {
    const port = await closedPort();
    const error = await sendError(sendToChannel({ kind: 'ntfy', server: `http://127.0.0.1:${port}`, topic: 't' }, message, context));
    expect(error).toMatchObject({ message: `Could not reach 127.0.0.1:${port} (ECONNREFUSED)`, permanent: false });
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

  it('reports a refusal with its status and host, never with the address itself', async () => {
    const broken = await stub((res) => res.writeHead(500).end());
    const failed = await sendError(sendToChannel({ kind: 'webhook', url: `${broken.url}/notify/secret-key?token=abc` }, message, context));
    expect(failed).toMatchObject({ message: `The webhook (${broken.host}) answered 500 Internal Server Error`, permanent: false });
    expect(failed.message).not.toMatch(/secret-key|abc/);

    const moved = await stub((res) => res.writeHead(301, { location: 'https://elsewhere.example/' }).end());
    const redirected = await sendError(sendToChannel({ kind: 'webhook', url: moved.url }, message, context));
    expect(redirected).toMatchObject({ message: `The webhook (${moved.host}) answered 301 Moved Permanently`, permanent: true });
    expect(moved.received).toHaveLength(1);
  });
});
