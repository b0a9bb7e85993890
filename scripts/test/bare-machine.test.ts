// The bare-machine journey (issue 13, DECISIONS 25): the README's run command (`npm run dev`, i.e.
// scripts/dev.mjs) with DATABASE_URL and REDIS_URL unset and an empty data folder serves Daybook: sign up,
// a task typed as a sentence (structured in the api's own process: no Redis, no worker), Ctrl-C stops
// everything (exit 0, no forced kill, no PostgreSQL left running), a second start builds nothing and is
// up within 10 s, and the task and the session are still there.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  structureTaskAnswerSchema,
  taskFromStructured,
  taskPageSchema,
  taskSchema,
  userSchema,
  type RegisterBody,
} from '@daybook/shared';

const root = path.resolve(__dirname, '..', '..');
const SENTENCE = 'Call Acme about the invoice friday 3pm, high priority';
/** The Node flags the api is deployed with (the Dockerfile's copy has its own test). */
const API_NODE_FLAGS: string[] = JSON.parse(readFileSync(path.join(root, 'services', 'api', 'node-flags.json'), 'utf8'));
/** The promise for a start with nothing to build. */
const LATER_START_MS = 10_000;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the time from the spawn to the "running" line. */
  running: Promise<number>;
}

let work: string;
let env: NodeJS.ProcessEnv;
let port: number;
const runs: Run[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

/** `node scripts/dev.mjs` in a process group of its own, as a terminal runs `npm run dev`. */
function startDev(): Run {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'dev.mjs')], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let resolveRunning: (ms: number) => void;
  const running = new Promise<number>((resolve) => (resolveRunning = resolve));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Daybook is running at http://127.0.0.1:${port}`)) resolveRunning(Date.now() - started);
    });
  }
  const run = { child, output: () => output, exited, running };
  runs.push(run);
  return run;
}

/** Waits for the "running" line; fails with the output when the app exits first. */
async function untilRunning(run: Run): Promise<number> {
  const outcome = await Promise.race([run.running, run.exited.then((exit) => exit)]);
  if (typeof outcome !== 'number') throw new Error(`npm run dev exited before it was running (${JSON.stringify(outcome)}):\n${run.output()}`);
  return outcome;
}

/** pid → command line of every process on the machine. */
function processes(): Map<number, { ppid: number; args: string }> {
  const listing = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout;
  const all = new Map<number, { ppid: number; args: string }>();
  for (const line of listing.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (match) all.set(Number(match[1]), { ppid: Number(match[2]), args: match[3]! });
  }
  return all;
}

/** The processes started under `pid` (children in their own process groups included), with their command lines. */
function descendants(pid: number): { pid: number; args: string }[] {
  const all = processes();
  const found: { pid: number; args: string }[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, { ppid, args }] of all) {
      if (ppid === parent) {
        found.push({ pid: child, args });
        queue.push(child);
      }
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Ctrl-C in the terminal: SIGINT to the foreground process group. Resolves with how it ended and what was left running. */
async function pressCtrlC(run: Run) {
  const tree = descendants(run.child.pid!);
  process.kill(-run.child.pid!, 'SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([run.exited, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 30_000)))]);
  clearTimeout(timer);
  const leftRunning = tree.filter((p) => alive(p.pid));
  const postgresOfThisData = [...processes().values()].filter((p) => p.args.includes(work));
  return { exit, tree, leftRunning, postgresOfThisData };
}

/** A browser's session against the app: cookies, the CSRF header, JSON answers. */
function browser() {
  let cookies: string[] = [];
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookies.length ? { Cookie: cookies.join('; ') } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const fresh = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (fresh.length) cookies = [...cookies.filter((c) => !fresh.some((f) => f.split('=')[0] === c.split('=')[0])), ...fresh];
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, json: () => JSON.parse(text) as unknown };
  };
  return { call };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'daybook-c-bare-'));
  // As root the embedded PostgreSQL runs as the `postgres` user, which must be able to reach its folder.
  chmodSync(work, 0o755);
  port = await freePort();
  env = { ...process.env };
  // A bare machine: no database or Redis configured, no test mode. Empty (rather than absent) also keeps a
  // developer's .env from setting them: start.mjs lets variables already set win.
  for (const name of Object.keys(env)) if (name.startsWith('JEST_')) delete env[name];
  delete env.NODE_ENV;
  Object.assign(env, { DATABASE_URL: '', REDIS_URL: '', DATA_DIR: path.join(work, 'data'), HOST: '127.0.0.1', PORT: String(port), API_PORT: String(await freePort()) });
});

afterAll(() => {
  // Whatever a failed test left running: only the processes this test started.
  for (const run of runs) {
    if (run.child.exitCode !== null || run.child.signalCode !== null) continue;
    for (const p of descendants(run.child.pid!)) if (alive(p.pid)) process.kill(p.pid, 'SIGKILL');
    process.kill(-run.child.pid!, 'SIGKILL');
  }
  rmSync(work, { recursive: true, force: true });
});

describe('npm run dev on a bare machine', () => {
  const me = browser();
  let taskId: string;

  it('starts with an embedded PostgreSQL and no worker, serves the app, and takes a task typed as a sentence', async () => {
    const run = startDev();
    await untilRunning(run);
    expect(run.output()).toMatch(/no REDIS_URL/);
    expect(descendants(run.child.pid!).filter((p) => p.args.includes('ai-worker'))).toEqual([]);
    expect(existsSync(path.join(work, 'data', 'postgres'))).toBe(true);

    const page = await me.call('GET', '/');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect((await me.call('GET', '/api/health')).status).toBe(200);

    const account: RegisterBody = { username: 'bare', password: 'bare machine', timezone: 'Europe/Madrid' };
    const registered = await me.call('POST', '/api/register', account);
    expect(registered.status).toBe(201);
    expect(userSchema.parse(registered.json())).toMatchObject({ username: 'bare', role: 'admin', timezone: 'Europe/Madrid' });
    expect((await me.call('POST', '/api/login', { username: account.username, password: account.password })).status).toBe(200);

    // The structure-task job runs in the api's own process (no Redis); the web's box then saves the task.
    const structuring = await me.call('POST', '/api/ai/structure-task', { input: SENTENCE });
    expect(structuring.status).toBe(200);
    const answer = structureTaskAnswerSchema.parse(structuring.json());
    expect(answer).toMatchObject({ readBy: 'rules', clientId: null, task: { priority: 'high', dueTime: '15:00' } });
    const body = taskFromStructured(answer.task, answer.clientId);
    const created = await me.call('POST', '/api/tasks', body);
    expect(created.status).toBe(201);
    const task = taskSchema.parse(created.json());
    expect(task.title).toMatch(/Call Acme about the invoice/i);
    taskId = task.id;

    const stop = await pressCtrlC(run);
    expect(stop.exit).toEqual({ code: 0, signal: null });
    expect(run.output()).not.toMatch(/killing it/);
    expect(stop.tree.some((p) => /postgres/.test(p.args))).toBe(true);
    const api = stop.tree.find((p) => p.args.includes(path.join('services', 'api', 'dist', 'main.js')));
    expect(api?.args.split(' ')).toEqual(expect.arrayContaining(API_NODE_FLAGS));
    expect(stop.leftRunning).toEqual([]);
    expect(stop.postgresOfThisData).toEqual([]);
  });

  it('starts again within 10 s without building, with the task and the session still there', async () => {
    expect(taskId).toBeDefined();
    const run = startDev();
    const startMs = await untilRunning(run);
    expect(run.output()).toMatch(/dependencies are up to date/);
    expect(run.output()).toMatch(/build is up to date/);
    expect(startMs).toBeLessThan(LATER_START_MS);

    const tasks = await me.call('GET', '/api/tasks');
    expect(tasks.status).toBe(200);
    expect(taskPageSchema.parse(tasks.json()).items.map((t) => t.id)).toContain(taskId);

    const stop = await pressCtrlC(run);
    expect(stop.exit).toEqual({ code: 0, signal: null });
    expect(stop.leftRunning).toEqual([]);
    expect(stop.postgresOfThisData).toEqual([]);
  });
});
