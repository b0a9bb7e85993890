import Router from '@koa/router';
import type { HealthService } from './health.service';

/**
 * GET /api/health: 200 when Postgres and Redis both answer, else 503 naming the one that does not.
 * Without REDIS_URL, `redis` is "not used" and Postgres alone decides.
 */
export function healthRoutes(health: HealthService): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', async (ctx) => {
    const { healthy, postgres, redis } = await health.check();
    ctx.status = healthy ? 200 : 503;
    ctx.body = { status: healthy ? 'ok' : 'degraded', postgres, redis };
  });
  return router;
}
