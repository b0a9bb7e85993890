// Clean start (issue 7, DECISIONS 6): what `docker compose up -d` does on a new server, and again on
// every restart or upgrade. The api is started the way main.ts starts it (parse the environment, create
// the database when missing and apply migrations, the admin from ADMIN_USERNAME/ADMIN_PASSWORD, the
// session secret), on a database of its own that does not exist at first.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import { Redis } from 'ioredis';
import request from 'supertest';
import { createApp } from './app';
import { EnvError, parseEnv } from './config/env';
import { migrationsList } from './db/migrations';
import { initOrm, resolveSessionSecret } from './db/orm';
import { createLogger } from './logger';
import { createUsersService } from './modules/users/users.service';
import { ApiClient } from './test/test-app';
import { TEST_DATABASE_PREFIX, testRedisUrl } from './test/test-services';

// pg has no type declarations in this repo (no @types/pg); the little used here is typed by hand.
interface PgClient {
  connect(): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  end(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require('pg') as { Client: new (config: { connectionString: string }) => PgClient };

const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const runId = process.env.DAYBOOK_TEST_RUN_ID ?? String(process.pid);
const database = `${TEST_DATABASE_PREFIX}${runId}_firstrun_${process.env.JEST_WORKER_ID ?? '1'}`;
const urlOf = (name: string) => Object.assign(new URL(serverUrl.toString()), { pathname: `/${name}` }).toString();

async function sql<T extends Record<string, unknown>>(db: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: urlOf(db) });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const ADMIN = { ADMIN_USERNAME: 'homeadmin', ADMIN_PASSWORD: 'first-run-password' };

/** main.ts's start-up, step for step, listening on a free port of 127.0.0.1. */
async function start(vars: Record<string, string> = {}) {
  const env = parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: urlOf(database), REDIS_URL: testRedisUrl(), ...vars });
  const orm = await initOrm(env.DATABASE_URL!);
  let adminOutcome: string | undefined;
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const users = createUsersService(orm.em, { registrationEnabled: env.REGISTRATION_ENABLED });
    adminOutcome = await RequestContext.create(orm.em, () => users.ensureAdmin(env.ADMIN_USERNAME!, env.ADMIN_PASSWORD!));
  }
  const sessionSecret = await resolveSessionSecret(orm, env.SESSION_SECRET);
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  await redis.connect();
  const server: Server = createApp({ env, orm, redis, logger: createLogger('silent'), sessionSecret }).listen(0, '127.0.0.1');
  return {
    orm,
    server,
    sessionSecret,
    adminOutcome,
    client: () => new ApiClient(server),
    /** Stops it like `docker compose stop api`: server, Redis, database connections. */
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
      await orm.close(true);
    },
  };
}
type Started = Awaited<ReturnType<typeof start>>;

const admins = async () => sql<{ username: string }>(database, `select username from users where role = 'admin' order by username`);
const login = (app: Started, username: string, password: string) => app.client().post('/api/login', { username, password });

// Creating a database, migrating and hashing passwords: generous under a loaded CI machine.
jest.setTimeout(20_000);

describe('first run and restarts', () => {
  const running: Started[] = [];
  const started = async (vars?: Record<string, string>) => {
    const app = await start(vars);
    running.push(app);
    return app;
  };

  beforeAll(async () => {
    await sql('postgres', `drop database if exists "${database}" with (force)`);
    const redis = new Redis(testRedisUrl());
    await redis.flushdb();
    redis.disconnect();
  });
  afterEach(async () => {
    for (const app of running.splice(0)) await app.stop();
  });
  afterAll(() => sql('postgres', `drop database if exists "${database}" with (force)`));

  let sessionCookie: string;
  let firstSecret: string;

  it('an empty server with ADMIN_USERNAME/ADMIN_PASSWORD: the database is created and the admin signs in', async () => {
    expect(await sql('postgres', 'select 1 from pg_database where datname = $1', [database])).toHaveLength(0);
    const app = await started(ADMIN);
    expect(app.adminOutcome).toBe('created');
    const res = await login(app, 'homeadmin', 'first-run-password');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'homeadmin', role: 'admin' });
    sessionCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const me = await request(app.server).get('/api/auth/user').set('Cookie', sessionCookie);
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('admin');
    // No SESSION_SECRET in the environment: a strong one was generated and kept in the database.
    firstSecret = app.sessionSecret;
    expect(firstSecret.length).toBeGreaterThanOrEqual(43);
    expect(await sql(database, `select value from app_settings where key = 'session_secret'`)).toEqual([{ value: firstSecret }]);
  });

  it('started again (restart or upgrade): still one admin, the same secret, and signed-in users stay signed in', async () => {
    const app = await started(ADMIN);
    expect(app.adminOutcome).toBe('exists');
    expect(await admins()).toEqual([{ username: 'homeadmin' }]);
    expect(await sql(database, 'select count(*)::int as n from users')).toEqual([{ n: 1 }]);
    expect(app.sessionSecret).toBe(firstSecret);
    const me = await request(app.server).get('/api/auth/user').set('Cookie', sessionCookie);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('homeadmin');
  });

  it('a changed or removed ADMIN_PASSWORD later does not touch the existing admin', async () => {
    const changed = await started({ ADMIN_USERNAME: 'homeadmin', ADMIN_PASSWORD: 'some-other-password' });
    expect(changed.adminOutcome).toBe('exists');
    expect((await login(changed, 'homeadmin', 'some-other-password')).status).toBe(401);
    expect((await login(changed, 'homeadmin', 'first-run-password')).status).toBe(200);
    await changed.stop();
    running.splice(0);
    const without = await started();
    expect(without.adminOutcome).toBeUndefined();
    expect((await login(without, 'homeadmin', 'first-run-password')).status).toBe(200);
    expect(await admins()).toEqual([{ username: 'homeadmin' }]);
  });

  it('runs the migrations twice without error and leaves none pending', async () => {
    for (let i = 0; i < 2; i++) {
      const orm = await initOrm(urlOf(database));
      try {
        const migrator = orm.getMigrator();
        expect(await migrator.getPendingMigrations()).toEqual([]);
        expect((await migrator.getExecutedMigrations()).map((m) => m.name)).toEqual(migrationsList.map((m) => m.name));
      } finally {
        await orm.close(true);
      }
    }
  });

  it('closed registration (REGISTRATION_ENABLED=false): the admin signs in, strangers cannot sign up', async () => {
    const app = await started({ ...ADMIN, REGISTRATION_ENABLED: 'false' });
    expect((await app.client().post('/api/register', { username: 'stranger', password: 'stranger-password' })).status).toBe(403);
    expect((await login(app, 'homeadmin', 'first-run-password')).status).toBe(200);
  });

  it('a SESSION_SECRET set in .env wins over the stored one (changing it signs everybody out)', async () => {
    const app = await started({ SESSION_SECRET: 'a3f1c9e07b5d42c8a3f1c9e07b5d42c8a3f1c9e0' });
    expect(app.sessionSecret).toBe('a3f1c9e07b5d42c8a3f1c9e07b5d42c8a3f1c9e0');
    expect((await request(app.server).get('/api/auth/user').set('Cookie', sessionCookie)).status).toBe(401);
  });
});

describe('start-up refusals', () => {
  it.each([['CHANGEME'], ['changeme-changeme-changeme-changeme-0000'], ['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx']])('refuses the placeholder SESSION_SECRET %s', (secret) => {
    expect(() => parseEnv({ SESSION_SECRET: secret })).toThrow(EnvError);
  });

  it('refuses ADMIN_USERNAME without ADMIN_PASSWORD', () => {
    expect(() => parseEnv({ ADMIN_USERNAME: 'homeadmin' })).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD/);
  });

  it('starts with no settings at all (every setting has a default)', () => {
    expect(() => parseEnv({})).not.toThrow();
  });
});

describe('main.ts', () => {
  // start() above repeats main.ts's steps; this notices when main.ts stops doing one of them.
  it('still migrates, creates the admin from the environment and resolves the session secret, in that order', () => {
    const main = readFileSync(path.join(__dirname, 'main.ts'), 'utf8');
    const steps = ['parseEnv(', 'openDatabase(', 'ensureAdmin(', 'resolveSessionSecret(', 'createApp('].map((step) => main.indexOf(step));
    expect(steps.every((index) => index >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });
});
