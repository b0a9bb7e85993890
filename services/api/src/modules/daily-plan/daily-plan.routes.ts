import type Router from '@koa/router';
import { dailyPlanBodySchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody } from '../../http/validate';
import type { DailyPlanService } from './daily-plan.service';

/** Today's plan (DECISIONS 14): the top 3 and the review date, shared by all of a user's devices. */
export function dailyPlanRoutes(plans: DailyPlanService): Router<SignedInState> {
  const router = signedInRouter('/api/daily-plan');
  router.get('/', async (ctx) => {
    ctx.body = await plans.get(ctx.state.actor);
  });
  router.put('/', async (ctx) => {
    const { actor } = ctx.state;
    const { priorityTaskIds } = parseBody(ctx, dailyPlanBodySchema);
    ctx.body = await plans.save(actor, priorityTaskIds);
  });
  router.post('/reviewed', async (ctx) => {
    ctx.body = await plans.markReviewed(ctx.state.actor);
  });
  return router;
}
