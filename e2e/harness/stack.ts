// Starts the whole of Daybook for the browser journeys, from the production builds: Postgres (a fresh
// database on the server of DATABASE_URL, else the api's own embedded PostgreSQL), a Redis of its own, the api and the ai worker, and nginx in
// front with the shipped configuration (deploy/nginx/daybook.conf.template) serving services/web/dist; and an
// OpenID Connect provider on loopback that the api offers as single sign-on.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { writeNginxConfig } from '../../deploy/nginx/render.cjs';
import { freePort, hasCommand, httpStatus, portOpen, startProcess, stopProcess, waitUntil, type StartedProcess } from './processes';

/** The little of `pg` (a root dev dependency, without bundled types) the harness uses. */
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const { Client } = createRequire(__filename)('pg') as { Client: new (config: { connectionString: string }) => PgClient };

export const repoRoot = path.resolve(__dirname, '..', '..');
export const stackDir = path.join(repoRoot, 'e2e', '.stack');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const BUILDS = {
  api: path.join(repoRoot, 'services', 'api', 'dist', 'main.js'),
  worker: path.join(repoRoot, 'services', 'ai-worker', 'dist', 'main.js'),
  web: path.join(repoRoot, 'services', 'web', 'dist', 'index.html'),
};

export interface Stack {
  baseURL: string;
  adminUsername: string;
  adminPassword: string;
  stop(): Promise<void>;
}

function log(message: string) {
  console.log(`[e2e] ${message}`);
}

/** Chromium and nginx come from Debian's packages; installed here when missing and allowed (root, apt). */
function ensureSystemPackages() {
  const missing = [
    [CHROMIUM_PATH, 'chromium'],
    [NGINX_PATH, 'nginx'],
  ].filter(([file]) => !existsSync(file as string));
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg as string);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    throw new Error(`The browser journeys need ${packages.join(' and ')} (${missing.map(([file]) => file).join(', ')}). Install them: apt-get install -y ${packages.join(' ')}`);
  }
  log(`installing ${packages.join(', ')} from Debian's packages`);
  const result = spawnSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`apt-get install ${packages.join(' ')} failed`);
}

function checkBuilds() {
  const missing = Object.entries(BUILDS).filter(([, file]) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(`Build first (npm run build): missing ${missing.map(([, file]) => path.relative(repoRoot, file)).join(', ')}`);
  }
}

/** Where the api keeps its data: a database on DATABASE_URL's server, or its own embedded PostgreSQL. */
interface StackDatabase {
  /** DATABASE_URL for the api; empty: the api runs its embedded PostgreSQL in DATA_DIR (DECISIONS 25). */
  url: string;
  dataDir?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database on the Postgres server of DATABASE_URL (the api migrates it at start-up); with
 * no DATABASE_URL, a fresh data folder for the api's own embedded PostgreSQL, which it stops when stopped.
 */
async function createDatabase(): Promise<StackDatabase> {
  if (!process.env.DATABASE_URL) {
    const dataDir = path.join(stackDir, 'data');
    log('no DATABASE_URL: the api runs its embedded PostgreSQL');
    return { url: '', dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const server = new URL(process.env.DATABASE_URL);
  const name = `daybook_e2e_${process.pid}_${Date.now().toString(36)}`;
  const adminUrl = new URL(server);
  adminUrl.pathname = '/postgres';
  const admin = new Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl.toString() });
      try {
        await client.connect();
        await client.query(`drop database if exists "${name}" with (force)`);
      } catch (error) {
        log(`could not drop ${name}: ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

/** The loopback OpenID Connect provider of the single sign-on journey (services/api/src/test/oidc-provider.mjs). */
const OIDC_CLIENT = { clientId: 'daybook-e2e', clientSecret: randomBytes(16).toString('hex'), label: 'Test Provider' };

/** Starts the test provider on a free port, with the app's callback as the client's one redirect URI; answers its issuer. */
async function startOidcProvider(processes: StartedProcess[], appUrl: string): Promise<string> {
  const port = await freePort();
  const settings = { port, clientId: OIDC_CLIENT.clientId, clientSecret: OIDC_CLIENT.clientSecret, redirectUris: [`${appUrl}/api/auth/oidc/callback`] };
  const script = path.join(repoRoot, 'services', 'api', 'src', 'test', 'oidc-provider.mjs');
  const provider = startProcess('oidc-provider', process.execPath, [script, JSON.stringify(settings)], { logDir: stackDir });
  processes.push(provider);
  const issuer = `http://127.0.0.1:${port}`;
  await waitUntil('oidc-provider', async () => (await httpStatus(`${issuer}/.well-known/openid-configuration`)) === 200, 15_000, provider.child);
  return issuer;
}

/** A Redis of our own on a free port (the queue and login throttling start empty); else REDIS_URL. */
async function startRedis(processes: StartedProcess[]): Promise<string> {
  if (!hasCommand('redis-server')) {
    log('redis-server not found; using REDIS_URL');
    return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  }
  const port = await freePort();
  const redis = startProcess('redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { logDir: stackDir });
  processes.push(redis);
  await waitUntil('redis', () => portOpen(port), 10_000, redis.child);
  return `redis://127.0.0.1:${port}`;
}

export async function startStack(): Promise<Stack> {
  const started = Date.now();
  ensureSystemPackages();
  checkBuilds();
  rmSync(stackDir, { recursive: true, force: true });
  mkdirSync(stackDir, { recursive: true });

  const processes: StartedProcess[] = [];
  const database = await createDatabase();
  let nginxPrefix = '';
  const stop = async () => {
    // Reverse order of start: nginx, worker, api, redis; then the database.
    for (const started of [...processes].reverse()) await stopProcess(started, started.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    await database.drop();
    if (nginxPrefix) rmSync(path.join(nginxPrefix, 'tmp'), { recursive: true, force: true });
  };

  try {
    const redisUrl = await startRedis(processes);
    const apiPort = await freePort();
    // The web's port first: the provider sends the browser back to the app's address.
    const webPort = await freePort();
    const baseURL = `http://127.0.0.1:${webPort}`;
    const oidcIssuer = await startOidcProvider(processes, baseURL);
    const adminUsername = 'e2e-admin';
    const adminPassword = randomBytes(12).toString('base64url');
    const apiEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      ...(database.dataDir ? { DATA_DIR: database.dataDir } : {}),
      REDIS_URL: redisUrl,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      TRUST_PROXY: 'true',
      COOKIE_SECURE: 'false',
      // The journeys sign in and sign up often, from one address; the rate limits have their own tests.
      LOGIN_MAX_FAILURES: '1000',
      REGISTRATION_MAX_PER_HOUR: '1000',
      AI_MAX_PER_MINUTE: '1000',
      // A journey's robot user reads lists faster than a person.
      HEAVY_READS_PER_MINUTE: '100000',
      ADMIN_USERNAME: adminUsername,
      ADMIN_PASSWORD: adminPassword,
      // Single sign-on beside the password form (the OIDC journey); password login stays on for the others.
      APP_URL: baseURL,
      OIDC_ISSUER_URL: oidcIssuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.clientId,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
      OIDC_BUTTON_LABEL: OIDC_CLIENT.label,
      LOG_LEVEL: 'warn',
    };
    const api = startProcess('api', process.execPath, [BUILDS.api], { env: apiEnv, logDir: stackDir, cwd: repoRoot });
    processes.push(api);
    const worker = startProcess('ai-worker', process.execPath, [BUILDS.worker], {
      // The api's DATA_DIR too: the worker opens channel secrets with the key file the api made there.
      env: { ...process.env, REDIS_URL: redisUrl, AI_PROVIDER: 'rules', LOG_LEVEL: 'warn', ...(database.dataDir ? { DATA_DIR: database.dataDir } : {}) },
      logDir: stackDir,
      cwd: repoRoot,
    });
    processes.push(worker);
    await waitUntil('api', async () => (await httpStatus(`http://127.0.0.1:${apiPort}/api/health`)) === 200, 60_000, api.child);

    const proxyPort = await freePort();
    const nginxConfig = writeNginxConfig({
      listenPort: webPort,
      proxyListenPort: proxyPort,
      apiUpstream: `127.0.0.1:${apiPort}`,
      webRoot: path.join(repoRoot, 'services', 'web', 'dist'),
      prefix: path.join(stackDir, 'nginx'),
      resolvers: '127.0.0.1',
    });
    nginxPrefix = nginxConfig.prefix;
    const checked = spawnSync(NGINX_PATH, ['-t', '-q', '-e', 'stderr', '-p', nginxConfig.prefix, '-c', nginxConfig.configPath], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t failed:\n${checked.stderr}`);
    const nginx = startProcess('nginx', NGINX_PATH, ['-e', 'stderr', '-p', nginxConfig.prefix, '-c', nginxConfig.configPath], { logDir: stackDir });
    processes.push(nginx);
    await waitUntil('nginx', async () => (await httpStatus(`${baseURL}/api/health`)) === 200, 15_000, nginx.child);
    log(`stack up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${baseURL} (logs in ${path.relative(repoRoot, stackDir)})`);
    return { baseURL, adminUsername, adminPassword, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
