import type http from 'node:http';
import { startStubHttp, type StubHttp } from '../test/stub-http';
import { createOutboundDoor, OutboundError, parseOutboundAllow, type OutboundDoor, type Resolve } from './index';

/**
 * The outbound door against real servers on loopback: what it refuses never gets a connection (the servers
 * count them), what OUTBOUND_ALLOW opens goes through, and DNS is stood in for by `resolve` where a test
 * needs a name to answer something chosen (a public address, then loopback).
 */

const servers: StubHttp[] = [];
const doors: OutboundDoor[] = [];

async function loopbackServer(answer: (res: http.ServerResponse) => void = (res) => res.writeHead(200).end('ok')): Promise<StubHttp & { port: number; requests: () => string[] }> {
  const started = await startStubHttp((res) => answer(res));
  servers.push(started);
  return Object.assign(started, { port: Number(new URL(started.url).port), requests: () => started.received.map((request) => `${request.method} ${request.url}`) });
}

function door(options: Parameters<typeof createOutboundDoor>[0] = {}): OutboundDoor {
  const made = createOutboundDoor({ timeoutMs: 5_000, ...options });
  doors.push(made);
  return made;
}

/** DNS as a test wants it: each name answers its addresses in turn (the last one from then on). */
function fakeDns(answers: Record<string, string[]>): Resolve {
  const asked = new Map<string, number>();
  return async (hostname) => {
    const list = answers[hostname];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const turn = asked.get(hostname) ?? 0;
    asked.set(hostname, turn + 1);
    const address = list[Math.min(turn, list.length - 1)]!;
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
}

async function failure(sending: Promise<unknown>): Promise<OutboundError> {
  const error = await sending.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

afterEach(async () => {
  await Promise.all(doors.splice(0).map((made) => made.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('the outbound door', () => {
  it('refuses loopback however it is written, before any connection', async () => {
    const target = await loopbackServer();
    const outbound = door({ resolve: fakeDns({ 'internal.example.com': ['127.0.0.1'] }) });
    for (const url of [
      target.url,
      `http://localhost:${target.port}/`,
      `http://LOCALHOST.:${target.port}/`,
      `http://app.localhost:${target.port}/`,
      `http://2130706433:${target.port}/`,
      `http://0x7f.1:${target.port}/`,
      `http://0177.0.0.1:${target.port}/`,
      `http://[::ffff:127.0.0.1]:${target.port}/`,
      `http://[::1]:${target.port}/`,
      `http://internal.example.com:${target.port}/`,
    ]) {
      const refused = await failure(outbound.send(url, { method: 'POST', body: '{}' }));
      expect({ url, reason: refused.reason }).toEqual({ url, reason: 'refused' });
    }
    expect(target.connections).toBe(0);
  });

  it('refuses a redirect to loopback at the hop, without connecting to it', async () => {
    const inside = await loopbackServer();
    const mover = await loopbackServer((res) => res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/secret` }).end());
    // The first hop is a host the admin opened; the redirect leads somewhere nobody opened.
    const outbound = door({ allow: parseOutboundAllow('mover.example.com'), resolve: fakeDns({ 'mover.example.com': ['127.0.0.1'] }) });
    const refused = await failure(outbound.send(`http://mover.example.com:${mover.port}/feed.ics`, { maxRedirects: 3 }));
    expect(refused.reason).toBe('refused');
    expect(mover.requests()).toEqual(['GET /feed.ics']);
    expect(inside.connections).toBe(0);
  });

  it('checks the address it connects to: a name that turns to loopback after the check (DNS rebinding) is refused', async () => {
    const target = await loopbackServer();
    const outbound = door({ resolve: fakeDns({ 'rebind.example.com': ['93.184.216.34', '127.0.0.1'] }) });
    await expect(outbound.checkAddress(`http://rebind.example.com:${target.port}/hook`)).resolves.toBeUndefined();
    const refused = await failure(outbound.send(`http://rebind.example.com:${target.port}/hook`, { method: 'POST', body: '{}' }));
    expect(refused.reason).toBe('refused');
    expect(refused.message).toBe('rebind.example.com is a private or local address, which Daybook does not send to (an admin can allow it with OUTBOUND_ALLOW)');
    expect(target.connections).toBe(0);
  });

  it('refuses a name with any inside address among its answers', async () => {
    const target = await loopbackServer();
    const outbound = door({
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '::1', family: 6 },
      ],
    });
    expect((await failure(outbound.send(`http://mixed.example.com:${target.port}/`))).reason).toBe('refused');
    await expect(outbound.checkAddress('https://mixed.example.com/')).rejects.toThrow(/private or local/);
    expect(target.connections).toBe(0);
  });

  it('opens what OUTBOUND_ALLOW names: an address, a range, a host name', async () => {
    const target = await loopbackServer();
    for (const allow of ['127.0.0.1', '127.0.0.0/8', 'localhost', '*.lan']) {
      const outbound = door({ allow: parseOutboundAllow(allow), resolve: fakeDns({ 'ntfy.lan': ['127.0.0.1'], localhost: ['127.0.0.1'] }) });
      const url = allow === '*.lan' ? `http://ntfy.lan:${target.port}/` : allow === 'localhost' ? `http://localhost:${target.port}/` : target.url;
      await expect(outbound.checkAddress(url)).resolves.toBeUndefined();
      expect((await outbound.send(url, { method: 'POST', body: '{}' })).status).toBe(200);
    }
    expect(target.received).toHaveLength(4);
  });

  it('checks addresses when saved: literal and resolved inside addresses are refused, an unknown name is accepted for now', async () => {
    const outbound = door({ resolve: fakeDns({ 'metadata.example.com': ['169.254.169.254'], 'ntfy.example.com': ['93.184.216.34'] }) });
    for (const url of ['http://10.0.0.1/', 'http://192.168.1.1:8080/', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00::1]/', 'http://localhost/', 'http://metadata.example.com/']) {
      await expect(outbound.checkAddress(url)).rejects.toMatchObject({ reason: 'refused' });
    }
    await expect(outbound.checkAddress('https://ntfy.example.com/')).resolves.toBeUndefined();
    await expect(outbound.checkAddress('https://not-yet.example.com/')).resolves.toBeUndefined();
    await expect(outbound.checkAddress('ftp://ntfy.example.com/')).rejects.toMatchObject({ reason: 'refused' });
  });

  it('says "Could not connect" alike for a closed port, a silent server and a server that is no HTTP server, within its time', async () => {
    const outbound = door({ allow: parseOutboundAllow('127.0.0.1'), timeoutMs: 1_000 });
    const closed = await loopbackServer();
    await closed.close();
    servers.splice(servers.indexOf(closed), 1);
    const silent = await loopbackServer(() => undefined);
    const notHttp = await loopbackServer((res) => res.socket?.end('SSH-2.0-OpenSSH_9.6\r\n'));
    for (const url of [closed.url, silent.url, notHttp.url]) {
      const started = Date.now();
      const error = await failure(outbound.send(url, { method: 'POST', body: '{}' }));
      expect({ url, reason: error.reason, message: error.message }).toEqual({ url, reason: 'unreachable', message: 'Could not connect' });
      expect(Date.now() - started).toBeLessThan(4_000);
    }
  });

  it('reads at most maxResponseBytes of an answer, and none unless asked', async () => {
    const big = await loopbackServer((res) => res.writeHead(200).end('x'.repeat(100_000)));
    const outbound = door({ allow: parseOutboundAllow('127.0.0.1') });
    expect((await outbound.send(big.url)).body).toHaveLength(0);
    expect((await outbound.send(big.url, { maxResponseBytes: 200_000 })).body).toHaveLength(100_000);
    expect((await failure(outbound.send(big.url, { maxResponseBytes: 1_000 }))).reason).toBe('too-large');
  });

  it('follows allowed redirects up to maxRedirects, a POST becoming a GET after a 302', async () => {
    const end = await loopbackServer((res) => res.writeHead(200).end('here'));
    const mover = await loopbackServer((res) => res.writeHead(302, { location: `${end.url}/there` }).end());
    const outbound = door({ allow: parseOutboundAllow('127.0.0.1') });
    expect((await outbound.send(mover.url, { method: 'POST', body: '{}' })).status).toBe(302);
    const followed = await outbound.send(mover.url, { method: 'POST', body: '{}', maxRedirects: 1, maxResponseBytes: 100 });
    expect({ status: followed.status, body: followed.body.toString(), url: followed.url.toString() }).toEqual({ status: 200, body: 'here', url: `${end.url}/there` });
    expect(end.requests()).toEqual(['GET /there']);
  });

  it('tells the caller its own abort apart', async () => {
    const silent = await loopbackServer(() => undefined);
    const outbound = door({ allow: parseOutboundAllow('127.0.0.1') });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await failure(outbound.send(silent.url, { signal: controller.signal }))).reason).toBe('aborted');
  });
});
