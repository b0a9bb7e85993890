import Router from '@koa/router';
import { dailyPlanBodySchema } from '@daybook/shared';
import { requireActor } from '../../http/actor';
import { parseBody } from '../../http/validate';
import type { DailyPlanService } from './daily-plan.service';

/** Today's plan (DECISIONS 14): the top 3 and the review date, shared by all of a user's devices. */
export function dailyPlanRoutes(plans: DailyPlanService): Router {
  const router = new Router({ prefix: '/api/daily-plan' });
  router.get('/', async (ctx) => {
    ctx.body = await plans.get(requireActor(ctx));
  });
  router.put('/', async (ctx) => {
    const actor = requireActor(ctx);
    const { priorityTaskIds } = parseBody(ctx, dailyPlanBodySchema);
    ctx.body = await plans.save(actor, priorityTaskIds);
  });
  router.post('/reviewed', async (ctx) => {
    ctx.body = await plans.markReviewed(requireActor(ctx));
  });
  return router;
}
