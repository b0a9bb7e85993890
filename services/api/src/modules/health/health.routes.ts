import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: 200 when Postgres and Redis both answer, else 503 naming the one that does not. */
export function healthRoutes(em: EntityManager, redis: Redis): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', async (ctx) => {
    const [postgres, redisState] = await Promise.all([
      check(() => em.getConnection().execute('select 1')),
      check(() => redis.ping()),
    ]);
    const healthy = postgres === 'ok' && redisState === 'ok';
    ctx.status = healthy ? 200 : 503;
    ctx.body = { status: healthy ? 'ok' : 'degraded', postgres, redis: redisState };
  });
  return router;
}
