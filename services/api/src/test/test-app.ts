import type { Server } from 'node:http';
import type Koa from 'koa';
import { Redis } from 'ioredis';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { MikroORM } from '@mikro-orm/postgresql';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';
import { createApp, type AppDeps } from '../app';
import { parseEnv, type Env } from '../config/env';
import { createLogger } from '../logger';
import { createTestOrm } from './test-db';
import { testRedisUrl } from './test-services';

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
export const TEST_PASSWORD = 'correct horse battery';

export interface TestContext {
  app: Koa;
  orm: MikroORM;
  redis: Redis;
  server: Server;
  env: Env;
  /** A new cookie jar: one signed-out browser. */
  client(): ApiClient;
  close(): Promise<void>;
}

/** A fresh app on this worker's database and Redis database, both emptied. */
export async function startTestApp(envOverrides: Record<string, string> = {}, clock?: () => Date, deps: Pick<AppDeps, 'jobs'> = {}): Promise<TestContext> {
  // Test files register many accounts from 127.0.0.1; the registration limit has its own tests.
  // Tests read lists far faster than a person: the read limit has its own tests (security/rate-limits).
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REGISTRATION_MAX_PER_HOUR: '10000', HEAVY_READS_PER_MINUTE: '1000000', ...envOverrides });
  const orm = await createTestOrm();
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  await redis.connect();
  await redis.flushdb();
  const app = createApp({ env, orm, redis, logger: createLogger(env.LOG_LEVEL), sessionSecret: TEST_SESSION_SECRET, ...(clock ? { clock } : {}), ...deps });
  const server = app.listen(0, '127.0.0.1');
  return {
    app,
    orm,
    redis,
    server,
    env,
    client: () => new ApiClient(server),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
      await orm.close(true);
    },
  };
}

/** A browser-like client: keeps cookies, sends JSON and the CSRF header the web app sends. */
export class ApiClient {
  readonly agent: TestAgent;
  constructor(server: Server) {
    this.agent = request.agent(server);
  }
  get(path: string) {
    return this.agent.get(path);
  }
  post(path: string, body?: unknown) {
    return this.agent.post(path).set(CSRF_HEADER, CSRF_HEADER_VALUE).send(body as object);
  }
  put(path: string, body?: unknown) {
    return this.agent.put(path).set(CSRF_HEADER, CSRF_HEADER_VALUE).send(body as object);
  }
  patch(path: string, body?: unknown) {
    return this.agent.patch(path).set(CSRF_HEADER, CSRF_HEADER_VALUE).send(body as object);
  }
  delete(path: string) {
    return this.agent.delete(path).set(CSRF_HEADER, CSRF_HEADER_VALUE);
  }
  /** Registers (when needed) and signs in; returns the user as the api answered it. */
  async signUpAndIn(username: string, password = TEST_PASSWORD) {
    const registered = await this.post('/api/register', { username, password });
    if (registered.status !== 201) throw new Error(`register ${username}: ${registered.status} ${registered.text}`);
    return this.signIn(username, password);
  }
  async signIn(username: string, password = TEST_PASSWORD) {
    const res = await this.post('/api/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${res.text}`);
    return res.body as { id: string; role: string; username: string };
  }
}
