import Koa from 'koa';
import request from 'supertest';
import { createLogger } from '../logger';
import type { AppState } from './guards';
import { errorHandler } from './error-handler';
import { perUserConcurrency } from './per-user-concurrency';

/** An app whose one route waits until the test releases it; the user comes from the `x-user` header. */
function gatedApp(options: { limit: number; queue: number; waitMs: number }) {
  const releases: Array<() => void> = [];
  let running = 0;
  let mostRunning = 0;
  const app = new Koa();
  app.use(errorHandler(createLogger('silent')));
  app.use((ctx, next) => {
    const user = ctx.get('x-user');
    if (user) (ctx.state as AppState).actor = { id: user, username: user, role: 'user', timezone: 'Europe/Berlin', enableDelegation: false };
    return next();
  });
  app.use(perUserConcurrency({ ...options, name: 'test', message: 'Too many at once' }));
  app.use(async (ctx) => {
    running += 1;
    mostRunning = Math.max(mostRunning, running);
    await new Promise<void>((resolve) => releases.push(resolve));
    running -= 1;
    ctx.body = { ok: true };
  });
  const server = app.listen(0, '127.0.0.1');
  return {
    server,
    get: (user: string) => request(server).get('/').set('x-user', user).then((res) => res),
    releaseAll: () => releases.splice(0).forEach((release) => release()),
    waiting: () => releases.length,
    mostRunning: () => mostRunning,
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('perUserConcurrency', () => {
  it('runs a user at most `limit` at once, queues a few, refuses the rest with 429 and Retry-After; others pass', async () => {
    const app = gatedApp({ limit: 2, queue: 1, waitMs: 5_000 });
    try {
      const flood = Array.from({ length: 5 }, () => app.get('anna'));
      await until(() => app.waiting() === 2);
      const other = app.get('bob');
      await until(() => app.waiting() === 3); // bob runs while anna's two hold their slots
      const refused = (await Promise.all(flood.slice(3))).map((res) => [res.status, res.headers['retry-after'], res.body.error.message]);
      expect(refused).toEqual([
        [429, '5', 'Too many at once'],
        [429, '5', 'Too many at once'],
      ]);
      while (app.waiting() > 0) {
        app.releaseAll();
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await Promise.all([...flood.slice(0, 3), other])).map((res) => res.status)).toEqual([200, 200, 200, 200]);
      expect(app.mostRunning()).toBe(3); // two of anna's and bob's
    } finally {
      app.server.close();
    }
  });

  it('answers 429 to a request that waited longer than waitMs, and frees its place in the queue', async () => {
    const app = gatedApp({ limit: 1, queue: 1, waitMs: 200 });
    try {
      const first = app.get('anna');
      await until(() => app.waiting() === 1);
      const waited = await app.get('anna');
      expect(waited.status).toBe(429);
      app.releaseAll();
      expect((await first).status).toBe(200);
      const next = app.get('anna');
      await until(() => app.waiting() === 1);
      app.releaseAll();
      expect((await next).status).toBe(200);
    } finally {
      app.server.close();
    }
  });
});
