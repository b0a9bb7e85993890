// The Daybook the fault drills break: the production builds of the api and the ai worker as child
// processes, on a private Postgres cluster, a private redis-server and a stub model server, all on free
// loopback ports, so that the drills may stop, kill and restart any of them. Logs go to drills/.logs/.
// Everything is stopped and removed by stop(), and, should the test runner die first, by reaper.cjs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, hasCommand, httpStatus, portOpen, startProcess, stopProcess, waitUntil, type StartedProcess } from '../../e2e/harness/processes';
import { startStubLlm, type StubLlmServer } from '../../services/ai-worker/src/test/stub-llm';
import { PrivatePostgres } from './postgres';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const logDir = path.join(repoRoot, 'drills', '.logs');

const BUILDS = {
  // The api runs the worker package's job handlers and bounded threads too.
  api: { main: path.join(repoRoot, 'services', 'api', 'dist', 'main.js'), sources: ['services/api/src', 'services/ai-worker/src', 'packages/shared/src', 'packages/nl/src'] },
  worker: { main: path.join(repoRoot, 'services', 'ai-worker', 'dist', 'main.js'), sources: ['services/ai-worker/src', 'packages/shared/src', 'packages/nl/src'] },
};

/** The newest mtime of the non-test TypeScript under `dir`. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') newest = Math.max(newest, newestSource(file));
    } else if (/\.tsx?$/u.test(entry.name) && !/\.test\.tsx?$/u.test(entry.name)) {
      newest = Math.max(newest, statSync(file).mtimeMs);
    }
  }
  return newest;
}

/** The drills run the production builds: refuse missing or stale ones (a drill of old code proves nothing). */
export function checkBuilds(): void {
  for (const { main, sources } of Object.values(BUILDS)) {
    const built = existsSync(main) ? statSync(main).mtimeMs : 0;
    const stale = sources.filter((dir) => newestSource(path.join(repoRoot, dir)) > built);
    if (!built || stale.length > 0) {
      throw new Error(`Build first (npm run build): ${path.relative(repoRoot, main)} is ${built ? `older than ${stale.join(', ')}` : 'missing'}`);
    }
  }
}

/** The little of `pg` (a root dev dependency, without bundled types) the drills use. */
export interface PgClient {
  connect(): Promise<void>;
  query<R>(sql: string, values?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}
const { Client } = createRequire(__filename)('pg') as { Client: new (config: { connectionString: string }) => PgClient };

/** One answer of the api; status 0 when there was none (connection error, or no answer within the timeout). */
export interface Reply<T> {
  status: number;
  body: T;
  /** The body was JSON. */
  json: boolean;
  ms: number;
  error?: string;
}

/** What the api answers on failure (docs/development.md convention 4). */
export interface ErrorBody {
  error: { code: string; message: string };
}

/** A signed-in api user: keeps the session cookie and sends the CSRF header on every call. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** A client of another address (another api process) with this one's cookies: the same browser session. */
  at(baseUrl: string): ApiClient {
    const client = new ApiClient(baseUrl);
    for (const [name, value] of this.cookies) client.cookies.set(name, value);
    return client;
  }

  /** The Cookie header this client sends (to hand its session to another process). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T>(method: string, urlPath: string, body?: unknown, timeoutMs = 15_000): Promise<Reply<T>> {
    const started = Date.now();
    const headers: Record<string, string> = { 'x-daybook-csrf': '1', accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    try {
      const res = await fetch(`${this.baseUrl}${urlPath}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const text = await res.text();
      let parsed: unknown = text;
      let json = false;
      try {
        parsed = JSON.parse(text);
        json = true;
      } catch {
        // left as text; the drills assert JSON where it matters
      }
      return { status: res.status, body: parsed as T, json, ms: Date.now() - started };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `${(error as Error).message}${cause ? ` (${cause})` : ''}`;
      return { status: 0, body: undefined as T, json: false, ms: Date.now() - started, error: `${method} ${urlPath}: ${reason}` };
    }
  }
}

/** Only what the services need, so that no AI_* or DATABASE_URL of the caller's shell leaks in. */
export function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) if (process.env[key]) env[key] = process.env[key];
  return env;
}

/**
 * Keeps reaper.cjs informed of what to clean up if the runner dies without stop(). (Exit and signal hooks
 * would not do: jest gives test code a copy of `process` whose events the real process never emits.)
 */
export class Reaper {
  private readonly stateFile = path.join(os.tmpdir(), `daybook-drills-${process.pid}-${Date.now().toString(36)}.json`);

  constructor() {
    this.update({ pids: [], stop: null, remove: [] });
    spawn(process.execPath, [path.join(__dirname, 'reaper.cjs'), String(process.pid), this.stateFile], { detached: true, stdio: 'ignore' }).unref();
  }

  update(state: { pids: number[]; stop: string[] | null; remove: string[] }): void {
    writeFileSync(`${this.stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${this.stateFile}.tmp`, this.stateFile);
  }

  /** Everything was cleaned up: the reaper exits. */
  dispose(): void {
    rmSync(this.stateFile, { force: true });
  }
}

/** The processes a drill stack started, each known to reaper.cjs (with the cluster to stop and remove) until it exits. */
export class TrackedProcesses {
  private readonly started = new Set<StartedProcess>();
  private ending = false;

  constructor(
    private readonly reaper: Reaper,
    private readonly pg: PrivatePostgres,
  ) {
    this.track();
  }

  get all(): StartedProcess[] {
    return [...this.started];
  }

  adopt(started: StartedProcess): StartedProcess {
    this.started.add(started);
    this.track();
    started.child.once('exit', () => {
      this.started.delete(started);
      if (!this.ending) this.track();
    });
    return started;
  }

  /** The stack is stopping everything: exits no longer update the reaper. */
  end(): void {
    this.ending = true;
  }

  /** Tells the reaper what there is to clean up now. */
  private track(): void {
    const pids = this.all.map((p) => p.child.pid).filter((pid): pid is number => pid !== undefined);
    this.reaper.update({ pids, stop: this.pg.stopCommand(), remove: [this.pg.dir] });
  }
}

export class DrillStack {
  readonly api: ApiClient;
  private readonly processes: TrackedProcesses;
  private redisProcess: StartedProcess | undefined;
  private redisStarts = 0;
  private apiStarts = 0;
  private workerStarts = 0;
  worker: StartedProcess | undefined;
  apiProcess: StartedProcess | undefined;
  private stopped = false;

  private constructor(
    private readonly reaper: Reaper,
    readonly pg: PrivatePostgres,
    readonly stub: StubLlmServer,
    readonly redisPort: number,
    readonly apiPort: number,
  ) {
    this.api = new ApiClient(`http://127.0.0.1:${apiPort}`);
    this.processes = new TrackedProcesses(reaper, pg);
  }

  static async start(): Promise<DrillStack> {
    checkBuilds();
    if (!hasCommand('redis-server')) throw new Error('The drills need redis-server on PATH');
    rmSync(logDir, { recursive: true, force: true });
    mkdirSync(logDir, { recursive: true });
    const reaper = new Reaper();
    let stack: DrillStack;
    try {
      stack = new DrillStack(reaper, new PrivatePostgres(await freePort()), await startStubLlm(), await freePort(), await freePort());
    } catch (error) {
      reaper.dispose();
      throw error;
    }
    try {
      await stack.pg.start();
      await stack.startRedis();
      await Promise.all([stack.startApi(), stack.startWorker()]);
      return stack;
    } catch (error) {
      await stack.stop();
      throw error;
    }
  }

  get redisUrl(): string {
    return `redis://127.0.0.1:${this.redisPort}`;
  }

  get databaseUrl(): string {
    return `${this.pg.url}/daybook`;
  }

  private spawn(name: string, main: string, env: NodeJS.ProcessEnv): StartedProcess {
    return this.processes.adopt(startProcess(name, process.execPath, [main], { env: { ...baseEnv(), ...env }, logDir, cwd: repoRoot }));
  }

  /** A redis-server on the stack's port (the same port on every restart); it starts empty. */
  async startRedis(): Promise<void> {
    this.redisStarts += 1;
    const redis = this.processes.adopt(
      startProcess(`redis-${this.redisStarts}`, 'redis-server', ['--port', String(this.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { logDir }),
    );
    this.redisProcess = redis;
    await waitUntil('redis', () => portOpen(this.redisPort), 10_000, redis.child);
  }

  async stopRedis(): Promise<void> {
    await stopProcess(this.redisProcess, 'SIGTERM');
    this.redisProcess = undefined;
    await waitUntil('redis port released', async () => !(await portOpen(this.redisPort)), 5_000);
  }

  /**
   * What the api and the worker share about channels: the ntfy stand-in is on loopback, which the outbound
   * door opens only when the admin says so (DECISIONS 46), and the key channel secrets are sealed with (48).
   */
  private readonly channelsEnv: NodeJS.ProcessEnv = { OUTBOUND_ALLOW: '127.0.0.1', SECRETS_KEY: randomBytes(32).toString('base64url') };

  /** Every api process of the stack shares this environment: a restarted api keeps the sessions it signed. */
  private readonly apiEnv: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'warn',
    // The drills poll the AI endpoint as one user (4 calls a second while waiting for a worker); the
    // per-user rate limit has its own tests. The 2-at-once bound per user stays as in production.
    AI_MAX_PER_MINUTE: '600',
    // AI_REQUEST_TIMEOUT_MS stays at its default (10 s): drill 3 checks the worker answers within it.
    // REMINDER_SWEEP_MS stays at its default (1 s): the reminder drills count on the shipped sweep.
  };

  /** The production api; resolves once its health check answers 200. */
  async startApi(): Promise<StartedProcess> {
    this.apiStarts += 1;
    const api = this.spawn(`api-${this.apiStarts}`, BUILDS.api.main, {
      ...this.apiEnv,
      ...this.channelsEnv,
      PORT: String(this.apiPort),
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
    });
    this.apiProcess = api;
    await waitUntil('api', async () => (await httpStatus(`${this.api.baseUrl}/api/health`)) === 200, 60_000, api.child);
    return api;
  }

  /** The api shuts down as on `docker compose stop` (SIGTERM). */
  async stopApi(): Promise<void> {
    await stopProcess(this.apiProcess, 'SIGTERM');
  }

  /**
   * A production ai worker talking to the model stub, and (DATABASE_URL) delivering reminders; resolves
   * once it is ready. AI_TIMEOUT_MS stays at its default (8 s, below the api's 10 s wait) so that drill 3
   * proves the shipped defaults fit together.
   */
  async startWorker(): Promise<StartedProcess> {
    this.workerStarts += 1;
    const worker = this.spawn(`ai-worker-${this.workerStarts}`, BUILDS.worker.main, {
      ...this.channelsEnv,
      REDIS_URL: this.redisUrl,
      DATABASE_URL: this.databaseUrl,
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: `${this.stub.url}/v1`,
      OPENAI_MODEL: 'stub-model',
      LOG_LEVEL: 'info',
    });
    this.worker = worker;
    await waitUntil('ai-worker', async () => this.workerLog().includes('ai-worker ready'), 20_000, worker.child);
    return worker;
  }

  /** The worker shuts down as on `docker compose stop` (SIGTERM: it finishes the jobs in hand). */
  async stopWorker(): Promise<void> {
    await stopProcess(this.worker, 'SIGTERM');
  }

  /** The worker is killed without a chance to finish or hand back its jobs. */
  async killWorker(): Promise<void> {
    await stopProcess(this.worker, 'SIGKILL');
  }

  workerLog(): string {
    return this.worker && existsSync(this.worker.logFile) ? readFileSync(this.worker.logFile, 'utf8') : '';
  }

  /** A connection to the api's database on the private cluster. */
  async db(): Promise<PgClient> {
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    return client;
  }

  /** The drill user's sign-in (POST /api/register made it the first user). */
  readonly credentials = { username: 'drill-user', password: randomBytes(12).toString('base64url') };

  /** Registers the drill user and signs `this.api` in. */
  async signIn(): Promise<void> {
    const registered = await this.api.call('POST', '/api/register', this.credentials);
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
    const login = await this.api.call('POST', '/api/login', this.credentials);
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  }

  /** Stops the processes (worker and api gracefully, the rest after), the stub and the cluster. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.processes.end();
    await stopProcess(this.worker, 'SIGTERM');
    await stopProcess(this.apiProcess, 'SIGTERM');
    await Promise.all(this.processes.all.map((p) => stopProcess(p, 'SIGKILL')));
    await this.stub.close();
    this.pg.destroySync(logDir);
    this.reaper.dispose();
  }
}
