// Daybook scaled out on one machine, for the scale-out drill (docs/scaling.md): two production api processes
// behind the shipped nginx configuration (deploy/nginx/render.cjs, the two as one server group) and two ai
// workers, all on one private PostgreSQL cluster and one redis-server, on free loopback ports. Logs go to
// drills/.logs/scaleout/. stop() ends everything; reaper.cjs does if the test runner dies first.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { writeNginxConfig } from '../../deploy/nginx/render.cjs';
import { freePort, hasCommand, httpStatus, portOpen, startProcess, stopProcess, waitUntil, type StartedProcess } from '../../e2e/harness/processes';
import { NGINX_PATH } from '../../e2e/harness/stack';
import { PrivatePostgres } from './postgres';
import { ApiClient, Reaper, TrackedProcesses, baseEnv, checkBuilds, logDir as drillsLogDir, repoRoot, type PgClient } from './stack';

export const logDir = path.join(drillsLogDir, 'scaleout');
const { Client } = createRequire(__filename)('pg') as { Client: new (config: { connectionString: string }) => PgClient };

const API_MAIN = path.join(repoRoot, 'services', 'api', 'dist', 'main.js');
const WORKER_MAIN = path.join(repoRoot, 'services', 'ai-worker', 'dist', 'main.js');

export class ScaleOutStack {
  /** Through nginx, as a browser: requests go to either api. */
  readonly web: ApiClient;
  readonly apis: Array<StartedProcess | undefined> = [undefined, undefined];
  readonly workers: StartedProcess[] = [];
  private readonly processes: TrackedProcesses;
  private stopped = false;

  private constructor(
    private readonly reaper: Reaper,
    readonly pg: PrivatePostgres,
    readonly redisPort: number,
    readonly apiPorts: [number, number],
    readonly webPort: number,
  ) {
    this.web = new ApiClient(`http://127.0.0.1:${webPort}`);
    this.processes = new TrackedProcesses(reaper, pg);
  }

  /** PostgreSQL (an empty cluster: no `daybook` database yet) and Redis; the apis, workers and nginx start on request. */
  static async start(): Promise<ScaleOutStack> {
    checkBuilds();
    for (const command of ['redis-server', NGINX_PATH]) if (!hasCommand(command)) throw new Error(`The scale-out drill needs ${command}`);
    rmSync(logDir, { recursive: true, force: true });
    mkdirSync(logDir, { recursive: true });
    const reaper = new Reaper();
    let stack: ScaleOutStack;
    try {
      stack = new ScaleOutStack(reaper, new PrivatePostgres(await freePort()), await freePort(), [await freePort(), await freePort()], await freePort());
    } catch (error) {
      reaper.dispose();
      throw error;
    }
    try {
      await stack.pg.start();
      const redis = stack.processes.adopt(
        startProcess('redis', 'redis-server', ['--port', String(stack.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { logDir }),
      );
      await waitUntil('redis', () => portOpen(stack.redisPort), 10_000, redis.child);
      return stack;
    } catch (error) {
      await stack.stop();
      throw error;
    }
  }

  get databaseUrl(): string {
    return `${this.pg.url}/daybook`;
  }

  /** What the apis and the workers share: the database, Redis, the key channel secrets are sealed with, the loopback ntfy stand-in allowed. */
  private readonly sharedEnv = (): NodeJS.ProcessEnv => ({
    ...baseEnv(),
    DATABASE_URL: this.databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${this.redisPort}`,
    SECRETS_KEY: this.secretsKey,
    OUTBOUND_ALLOW: '127.0.0.1',
  });
  private readonly secretsKey = randomBytes(32).toString('base64url');

  /** The address of one api process (not through nginx). */
  apiUrl(index: 0 | 1): string {
    return `http://127.0.0.1:${this.apiPorts[index]}`;
  }

  /**
   * Both api processes at the same moment (as `docker compose up --scale api=2`); resolves once both
   * answer their health check. No SESSION_SECRET: they share the one the first start stores in the database.
   */
  async startApis(env: NodeJS.ProcessEnv): Promise<void> {
    const started = ([0, 1] as const).map((index) => {
      const api = this.processes.adopt(
        startProcess(`api-${index + 1}`, process.execPath, [API_MAIN], {
          env: { ...this.sharedEnv(), NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(this.apiPorts[index]), TRUST_PROXY: 'true', COOKIE_SECURE: 'false', LOG_LEVEL: 'info', ...env },
          logDir,
          cwd: repoRoot,
        }),
      );
      this.apis[index] = api;
      return api;
    });
    await Promise.all(
      started.map((api, index) => waitUntil(`api ${index + 1}`, async () => (await httpStatus(`${this.apiUrl(index as 0 | 1)}/api/health`)) === 200, 60_000, api.child)),
    );
  }

  /** The api process is killed without a chance to finish anything. */
  async killApi(index: 0 | 1): Promise<void> {
    await stopProcess(this.apis[index], 'SIGKILL');
  }

  /** Two ai workers (the rules, no model), delivering reminders too; resolves once both are ready. */
  async startWorkers(): Promise<void> {
    for (const index of [1, 2]) {
      this.workers.push(
        this.processes.adopt(startProcess(`ai-worker-${index}`, process.execPath, [WORKER_MAIN], { env: { ...this.sharedEnv(), AI_PROVIDER: 'rules', LOG_LEVEL: 'info' }, logDir, cwd: repoRoot })),
      );
    }
    await Promise.all(this.workers.map((worker) => waitUntil(worker.name, async () => readFileSync(worker.logFile, 'utf8').includes('ai-worker ready'), 20_000, worker.child)));
  }

  /** nginx with the shipped configuration, the two apis as its upstream; resolves once /api answers through it. */
  async startNginx(): Promise<void> {
    const webRoot = path.join(logDir, 'web');
    mkdirSync(webRoot, { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Daybook</title>\n');
    const { prefix, configPath } = writeNginxConfig({
      listenPort: this.webPort,
      proxyListenPort: await freePort(),
      apiUpstream: this.apiPorts.map((port) => `127.0.0.1:${port}`),
      webRoot,
      prefix: path.join(logDir, 'nginx'),
      resolvers: '127.0.0.1',
    });
    const checked = spawnSync(NGINX_PATH, ['-t', '-q', '-e', 'stderr', '-p', prefix, '-c', configPath], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t failed:\n${checked.stderr}`);
    const nginx = this.processes.adopt(startProcess('nginx', NGINX_PATH, ['-e', 'stderr', '-p', prefix, '-c', configPath], { logDir }));
    await waitUntil('nginx', async () => (await httpStatus(`${this.web.baseUrl}/api/health`)) === 200, 15_000, nginx.child);
  }

  /** A connection to the apis' database. */
  async db(): Promise<PgClient> {
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    return client;
  }

  async query<R>(sql: string, values: unknown[] = []): Promise<R[]> {
    const db = await this.db();
    try {
      return (await db.query<R>(sql, values)).rows;
    } finally {
      await db.end();
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.processes.end();
    for (const started of this.processes.all.filter((p) => p.name === 'nginx')) await stopProcess(started, 'SIGQUIT');
    await Promise.all([...this.workers, ...this.apis].map((p) => stopProcess(p, 'SIGTERM')));
    await Promise.all(this.processes.all.map((p) => stopProcess(p, 'SIGKILL')));
    this.pg.destroySync(logDir);
    rmSync(path.join(logDir, 'nginx', 'tmp'), { recursive: true, force: true });
    if (existsSync(this.pg.dir)) rmSync(this.pg.dir, { recursive: true, force: true });
    this.reaper.dispose();
  }
}
