// Daybook on one address, as a terminal runs it (`npm run dev`, `npm start`), for the bare-machine journey
// and the backup drill: a scratch data folder, the script in a process group of its own, Ctrl-C, a
// browser's session, and what was left running.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';

export const root = path.resolve(__dirname, '..', '..');

export interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the time from the spawn to the "running" line. */
  running: Promise<number>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
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
export function descendants(pid: number): { pid: number; args: string }[] {
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

/**
 * A scratch Daybook: a data folder of its own (DATA_DIR), free ports, no DATABASE_URL or REDIS_URL and no
 * test mode. `start(script)` runs scripts/<script> as a terminal would; `cleanUp()` kills what a failed
 * test left running and removes the folder.
 */
export async function scratchDaybook(prefix: string) {
  const work = mkdtempSync(path.join(os.tmpdir(), prefix));
  // As root the embedded PostgreSQL runs as the `postgres` user, which must be able to reach its folder.
  chmodSync(work, 0o755);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Empty (rather than absent) also keeps a developer's .env from setting them: start.mjs lets variables
  // already set win.
  for (const name of Object.keys(env)) if (name.startsWith('JEST_')) delete env[name];
  delete env.NODE_ENV;
  Object.assign(env, { DATABASE_URL: '', REDIS_URL: '', DATA_DIR: path.join(work, 'data'), HOST: '127.0.0.1', PORT: String(port), API_PORT: String(await freePort()) });
  const runs: Run[] = [];

  /** `node scripts/<script> ...args` in a process group of its own, as a terminal runs `npm run dev`. */
  function start(script: string, args: string[] = []): Run {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'scripts', script), ...args], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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

  /**
   * Runs scripts/<script> to its end, with this Daybook's environment. (Not spawnSync: a blocked event loop
   * misses the server closing idle connections, and fetch then reuses a closed one.)
   */
  function runToEnd(script: string, args: string[] = []): Promise<{ status: number | null; output: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(root, 'scripts', script), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, output }));
    });
  }

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

  function cleanUp() {
    for (const run of runs) {
      if (run.child.exitCode !== null || run.child.signalCode !== null) continue;
      for (const p of descendants(run.child.pid!)) if (alive(p.pid)) process.kill(p.pid, 'SIGKILL');
      process.kill(-run.child.pid!, 'SIGKILL');
    }
    rmSync(work, { recursive: true, force: true });
  }

  return { work, port, env, start, runToEnd, pressCtrlC, cleanUp, browser: () => browser(port) };
}

/** Waits for the "running" line; fails with the output when the app exits first. */
export async function untilRunning(run: Run): Promise<number> {
  const outcome = await Promise.race([run.running, run.exited.then((exit) => exit)]);
  if (typeof outcome !== 'number') throw new Error(`Daybook exited before it was running (${JSON.stringify(outcome)}):\n${run.output()}`);
  return outcome;
}

/** A browser's session against the app: cookies, the CSRF header, JSON answers. */
function browser(port: number) {
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
