// deploy/docker/healthcheck.cjs, the HEALTHCHECK of the api and ai-worker images.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { freePort, repoPath } from './helpers';

const script = repoPath('deploy', 'docker', 'healthcheck.cjs');

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: { PATH: process.env.PATH, HEALTHCHECK_TIMEOUT_MS: '2000', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('the http check (api image)', () => {
  let server: http.Server;
  let port: number;
  let status = 200;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.statusCode = req.url === '/api/health' ? status : 404;
      res.end(status === 200 ? '{"status":"ok"}' : '{"status":"degraded","postgres":"ok","redis":"unavailable"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is healthy when /api/health on $PORT answers 200', async () => {
    status = 200;
    expect((await run(['http'], { PORT: String(port) })).code).toBe(0);
  });

  it('is unhealthy when the api answers 503 (Postgres or Redis away)', async () => {
    status = 503;
    const result = await run(['http'], { PORT: String(port) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('503');
    expect(result.stderr).toContain('"redis":"unavailable"');
  });

  it('is unhealthy when nothing listens', async () => {
    expect((await run(['http', `http://127.0.0.1:${await freePort()}/api/health`])).code).toBe(1);
  });
});

describe('the redis check (ai-worker image)', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('is healthy when the Redis of REDIS_URL answers PING', async () => {
    expect((await run(['redis'], { REDIS_URL: redisUrl })).code).toBe(0);
  });

  it('is unhealthy when Redis does not answer', async () => {
    expect((await run(['redis'], { REDIS_URL: `redis://127.0.0.1:${await freePort()}` })).code).toBe(1);
  });

  it('authenticates with the password (and user name) in REDIS_URL', async () => {
    // A minimal RESP server that wants "AUTH worker s3cret" before PING.
    const server = net.createServer((socket) => {
      // The check hangs up as soon as it has its answer, sometimes with a reset: nothing to report then.
      socket.on('error', () => undefined);
      let authed = false;
      let buffer = '';
      socket.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const commands = buffer.split(/\*\d+\r\n/).filter(Boolean);
        buffer = '';
        for (const command of commands) {
          const words = command.split('\r\n').filter((w, i) => i % 2 === 1);
          if (words[0] === 'AUTH') {
            authed = words[1] === 'worker' && words[2] === 's3cret';
            socket.write(authed ? '+OK\r\n' : '-WRONGPASS invalid username-password pair\r\n');
          } else if (words[0] === 'PING') socket.write(authed ? '+PONG\r\n' : '-NOAUTH Authentication required.\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      expect((await run(['redis'], { REDIS_URL: `redis://worker:s3cret@127.0.0.1:${port}/0` })).code).toBe(0);
      const wrong = await run(['redis'], { REDIS_URL: `redis://worker:nope@127.0.0.1:${port}` });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('WRONGPASS');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses an unknown mode', async () => {
    expect((await run(['tcp'])).code).toBe(1);
  });
});
