import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The worker process: how it starts, and what it logs while its Redis comes and goes. */

const run = ['-r', path.join(__dirname, '../../../scripts/test/register-ts.cjs'), path.join(__dirname, 'main.ts')];
const { PATH, HOME } = process.env;

it('exits with one line naming REDIS_URL when it is not set', () => {
  const child = spawnSync(process.execPath, run, { env: { PATH, HOME }, encoding: 'utf8', timeout: 20_000 });
  expect(child.status).toBe(1);
  expect(child.stdout).toBe('');
  expect(child.stderr).toBe(
    'ai-worker: REDIS_URL is not set. The worker takes jobs from Redis; without Redis the api runs the jobs itself and no worker is needed.\n',
  );
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));
(redisServer ? it : it.skip)('logs one line when Redis goes away and one when it is back, not one per retry', async () => {
  const port = await freePort();
  const startRedis = () => spawn(redisServer!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  let redis = startRedis();
  let worker: ChildProcess | undefined;
  const lines: string[] = [];
  const messages = () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  const until = async (what: () => boolean, ms: number) => {
    for (const started = Date.now(); !what(); ) {
      if (Date.now() - started > ms) throw new Error(`not seen in time: ${messages().join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  try {
    worker = spawn(process.execPath, run, { env: { PATH, HOME, REDIS_URL: `redis://127.0.0.1:${port}`, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unused' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let buffered = '';
    const collect = (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      lines.push(...complete.filter(Boolean));
    };
    worker.stdout!.on('data', collect);
    worker.stderr!.on('data', collect);
    await until(() => messages().includes('ai-worker ready'), 20_000);
    for (let outage = 0; outage < 2; outage += 1) {
      redis.kill('SIGKILL');
      await until(() => messages().filter((m) => m.startsWith('redis connection lost')).length === outage + 1, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 3_000)); // several retries
      redis = startRedis();
      await until(() => messages().filter((m) => m === 'redis connection restored').length === outage + 1, 10_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(messages()).toEqual([
      'ai-worker ready',
      'redis connection lost; retrying in the background',
      'redis connection restored',
      'redis connection lost; retrying in the background',
      'redis connection restored',
    ]);
  } finally {
    worker?.kill('SIGKILL');
    redis.kill('SIGKILL');
  }
}, 60_000);
