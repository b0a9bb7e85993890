import { Redis } from 'ioredis';
import { createApp } from '../../app';
import { parseEnv } from '../../config/env';
import { createLogger } from '../../logger';
import { startTestApp, TEST_SESSION_SECRET, type TestContext } from '../../test/test-app';
import request from 'supertest';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('is 200 when Postgres and Redis answer, without a session', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok' });
  });

  it('is 503 naming Redis, quickly, when Redis is unreachable', async () => {
    const deadRedis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    deadRedis.on('error', () => undefined);
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = createApp({ env, orm: t.orm, redis: deadRedis, logger: createLogger('silent'), sessionSecret: TEST_SESSION_SECRET });
    const started = Date.now();
    const res = await request(app.callback()).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'degraded', postgres: 'ok', redis: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(2500);
    deadRedis.disconnect();
  });

  it('is 200 with "redis": "not used" without REDIS_URL (Postgres alone decides)', async () => {
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = createApp({ env, orm: t.orm, redis: null, logger: createLogger('silent'), sessionSecret: TEST_SESSION_SECRET });
    const res = await request(app.callback()).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', postgres: 'ok', redis: 'not used' });
  });
});
