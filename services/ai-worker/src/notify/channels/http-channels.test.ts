import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { NotificationPayload } from '@daybook/shared';
import { ChannelSendError, sendToChannel, type SendContext } from './index';

/** ntfy and the webhook against a stand-in HTTP server on loopback. */

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An HTTP server on 127.0.0.1 that records each request and lets `answer` reply (or never reply). */
async function startStub(answer: (res: http.ServerResponse) => void = (res) => res.writeHead(200).end('{}')) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    received,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const taskId = '7d0f6a43-3f63-4a47-9a43-6f1c2f5d9b10';
const reminderId = '0b6f5d7e-2c1a-4f8e-9d3b-5a4c3b2a1f00';
const message: NotificationPayload = {
  kind: 'reminder',
  title: 'Call Ann about the invoice',
  body: 'Due today at 14:00',
  taskId,
  reminderId,
  late: false,
  url: `/?task=${taskId}`,
};
const context: SendContext = { timeoutMs: 5_000, smtp: null, vapid: null, appUrl: 'https://daybook.lan', idempotencyKey: reminderId };

async function sendError(send: Promise<void>): Promise<ChannelSendError> {
  const error = await send.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChannelSendError);
  return error as ChannelSendError;
}

const stubs: Array<{ close(): Promise<void> }> = [];
async function stub(answer?: (res: http.ServerResponse) => void) {
  const started = await startStub(answer);
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
    expect(JSON.parse(request!.body)).toEqual({
      topic: 'daybook-ann',
      title: 'Call Ann about the invoice',
      message: 'Due today at 14:00',
      tags: ['alarm_clock'],
      priority: 4,
      click: `https://daybook.lan/?task=${taskId}`,
    });
  });

  it('marks a late reminder, sends no token it does not have and no link without an app address, and posts under a server path', async () => {
    const server = await stub();
    await sendToChannel({ kind: 'ntfy', server: `${server.url}/ntfy`, topic: 'daybook-ann' }, { ...message, late: true }, { ...context, appUrl: null });

    const [request] = server.received;
    expect(request!.url).toBe('/ntfy/');
    expect(request!.headers.authorization).toBeUndefined();
    const body = JSON.parse(request!.body) as Record<string, unknown>;
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
    expect(request!.headers['idempotency-key']).toBe(reminderId);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      title: 'Call Ann about the invoice',
      body: 'Due today at 14:00',
      type: 'warning',
      format: 'text',
      event: 'reminder',
      taskId,
      reminderId,
      late: true,
      url: `https://daybook.lan/?task=${taskId}`,
      id: reminderId,
    });
  });

  it("is an 'info' without lateness, and turns a user:password in the address into Basic authentication", async () => {
    const server = await stub();
    await sendToChannel({ kind: 'webhook', url: `http://apprise:${encodeURIComponent('p@ss word')}@${server.host}/hook` }, message, context);

    const [request] = server.received;
    expect(request!.url).toBe('/hook');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('apprise:p@ss word').toString('base64')}`);
    expect((JSON.parse(request!.body) as { type: string }).type).toBe('info');
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
