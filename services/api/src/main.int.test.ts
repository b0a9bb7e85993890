// The api as a person starts it (src/main.ts in a child process, compiled on load like the other test
// children): with no DATABASE_URL it creates an embedded PostgreSQL under DATA_DIR once, reuses it on
// every later start and stops it when the api stops; after a crash the next start says in one line what
// is in the way. A configured PostgreSQL or Redis that cannot be used stops the start with one line on
// stderr and a non-zero exit, no stack.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// pg has no type declarations in this repo (no @types/pg); the little used here is typed by hand.
interface PgClient {
  connect(): Promise<void>;
  query<T = Record<string, unknown>>(text: string): Promise<{ rows: T[] }>;
  end(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require('pg') as { Client: new (config: { connectionString: string }) => PgClient };

const registerTs = path.resolve(__dirname, '..', '..', '..', 'scripts', 'test', 'register-ts.cjs');
const apiMain = path.join(__dirname, 'main.ts');

interface LogLine {
  level: string;
  message: string;
  [field: string]: unknown;
}

interface Api {
  child: ChildProcess;
  lines: LogLine[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts src/main.ts with a clean environment: no DATABASE_URL or REDIS_URL unless given. */
function startApi(env: Record<string, string>): Api {
  const child = spawn(process.execPath, ['-r', registerTs, apiMain], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const complete = stdout.split('\n');
    stdout = complete.pop()!;
    for (const line of complete) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, lines, stderr: () => stderr, exited };
}

/** Resolves with the first log line with this message; fails when the api exits first. */
async function waitForLine(api: Api, message: string, timeoutMs = 60_000): Promise<LogLine> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void api.exited.then(() => (exited = true));
  for (;;) {
    const line = api.lines.find((l) => l.message === message);
    if (line) return line;
    if (exited || Date.now() > deadline) throw new Error(`no "${message}" from the api (${exited ? 'it exited' : 'timed out'}); stderr: ${api.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs the api until it exits on its own (a failed start). */
async function failedStart(env: Record<string, string>) {
  const api = startApi(env);
  const { code } = await api.exited;
  return { code, stderr: api.stderr(), stdout: api.lines };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function untilDead(pid: number) {
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(alive(pid)).toBe(false);
}

async function sql<T>(url: string, text: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

jest.setTimeout(120_000);

describe('no DATABASE_URL: the embedded PostgreSQL', () => {
  // As root, PostgreSQL runs as the "postgres" system user, which must be able to enter the folder.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'a-daybook-data-'));
  chmodSync(dataDir, 0o755);
  const pgData = path.join(dataDir, 'postgres');
  const postmasterPid = () => Number(readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let leftBehind: number | undefined;

  afterAll(async () => {
    if (leftBehind && alive(leftBehind)) process.kill(leftBehind, 'SIGINT');
    if (leftBehind) await untilDead(leftBehind);
    rmSync(dataDir, { recursive: true, force: true });
  });

  let port: number;
  let embeddedUrl: string;

  it('is created on the first start, on 127.0.0.1 only, behind a generated password kept in DATA_DIR (mode 600)', async () => {
    port = await freePort();
    const api = startApi({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForLine(api, 'api listening');
    expect(api.lines.map((l) => l.message)).toContain('creating the embedded PostgreSQL database (first start)');
    const running = api.lines.find((l) => l.message === 'embedded PostgreSQL running; its data lives in DATA_DIR')!;
    expect(running.dataDir).toBe(pgData);
    expect(running.address).toMatch(/^127\.0\.0\.1:\d+$/);

    const passwordFile = path.join(dataDir, 'postgres-password');
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    const password = readFileSync(passwordFile, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(32);
    embeddedUrl = `postgres://postgres:${password}@${String(running.address)}/daybook`;
    const [settings] = await sql<{ listen: string; version: string }>(embeddedUrl, `select current_setting('listen_addresses') as listen, current_setting('server_version_num') as version`);
    expect(settings).toEqual({ listen: '127.0.0.1', version: expect.stringMatching(/^17/) });
    await sql(embeddedUrl, 'create table a_marker (note text); insert into a_marker values ($$kept$$)');

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', postgres: 'ok' });

    // Another api pointed at it without the password, or with a wrong one: one line each, exit 1.
    const address = String(running.address);
    const noPassword = await failedStart({ DATABASE_URL: `postgres://postgres@${address}/daybook`, PORT: String(await freePort()) });
    expect(noPassword).toMatchObject({ code: 1, stderr: `PostgreSQL at postgres://postgres@${address}/daybook asks for a password and DATABASE_URL has none: put it in the address (postgres://postgres:PASSWORD@${address}/daybook).\n` });
    const wrongPassword = await failedStart({ DATABASE_URL: `postgres://postgres:not-it@${address}/daybook`, PORT: String(await freePort()) });
    expect(wrongPassword).toMatchObject({ code: 1, stderr: `PostgreSQL at postgres://postgres@${address}/daybook refused the password of role "postgres": correct the password in DATABASE_URL.\n` });

    const pid = postmasterPid();
    api.child.kill('SIGINT');
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(api.lines.map((l) => l.message)).toContain('embedded PostgreSQL stopped');
    expect(alive(pid)).toBe(false);
    expect(existsSync(path.join(pgData, 'postmaster.pid'))).toBe(false);
  });

  it('is reused on the next start, with its data', async () => {
    const api = startApi({ DATA_DIR: dataDir, PORT: String(port) });
    const running = await waitForLine(api, 'embedded PostgreSQL running; its data lives in DATA_DIR');
    await waitForLine(api, 'api listening');
    expect(api.lines.map((l) => l.message)).not.toContain('creating the embedded PostgreSQL database (first start)');
    const url = embeddedUrl.replace(/127\.0\.0\.1:\d+/, String(running.address));
    expect(await sql(url, 'select note from a_marker')).toEqual([{ note: 'kept' }]);
    api.child.kill('SIGTERM');
    expect(await api.exited).toEqual({ code: 0, signal: null });
  });

  it('stops cleanly even when its server died while the api ran', async () => {
    const api = startApi({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForLine(api, 'api listening');
    const pid = postmasterPid();
    process.kill(pid, 'SIGKILL');
    await untilDead(pid);
    const stopping = Date.now();
    api.child.kill('SIGINT');
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopping).toBeLessThan(8_000); // not the 10 s stop timeout
  });

  it('after a crash that left its server running, says so in one line; once that server is gone it starts again', async () => {
    const crashed = startApi({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForLine(crashed, 'api listening');
    leftBehind = postmasterPid();
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(alive(leftBehind)).toBe(true);

    const blocked = await failedStart({ DATA_DIR: dataDir, PORT: String(port) });
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toBe(
      `Another PostgreSQL server (PID ${leftBehind}) is using ${pgData}: is Daybook already running? If not, a Daybook that was killed left it behind: stop it (kill -INT ${leftBehind}) and start again.\n`,
    );

    process.kill(leftBehind, 'SIGINT');
    await untilDead(leftBehind);
    const again = startApi({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForLine(again, 'api listening');
    again.child.kill('SIGINT');
    expect(await again.exited).toEqual({ code: 0, signal: null });
  });
});

describe('a configured server that cannot be used', () => {
  it('DATABASE_URL refused: one line on stderr, exit 1', async () => {
    const closed = await freePort();
    const result = await failedStart({ DATABASE_URL: `postgres://daybook:s3cret@127.0.0.1:${closed}/daybook`, PORT: String(await freePort()) });
    expect(result).toMatchObject({
      code: 1,
      stderr: `PostgreSQL at postgres://daybook@127.0.0.1:${closed}/daybook refused the connection (nothing listens on 127.0.0.1:${closed}): start PostgreSQL there, correct DATABASE_URL, or leave DATABASE_URL unset to use the embedded database.\n`,
    });
  });

  it('REDIS_URL refused: one line on stderr, exit 1, before the database is opened', async () => {
    const closed = await freePort();
    const result = await failedStart({ DATABASE_URL: `postgres://daybook@127.0.0.1:${closed}/daybook`, REDIS_URL: `redis://127.0.0.1:${closed}`, PORT: String(await freePort()) });
    expect(result).toMatchObject({
      code: 1,
      stderr: `Redis at redis://127.0.0.1:${closed} refused the connection (nothing listens on 127.0.0.1:${closed}): start Redis there, correct REDIS_URL, or leave REDIS_URL unset to run the jobs inside the api.\n`,
    });
  });
});
