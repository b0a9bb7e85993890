import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { capacityQuerySchema, taskMovesBodySchema, unfinishedQuerySchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseQuery } from '../../http/validate';
import type { PlanningService } from './planning.service';

/** Working hours against the plan, and the moves that make it fit (DECISIONS 34). */
export function planningRoutes(planning: PlanningService, heavyRead: Middleware, batchRate: Middleware): Router<SignedInState> {
  const router = signedInRouter('/api/planning');

  router.get('/capacity', async (ctx) => {
    ctx.body = await planning.capacity(ctx.state.actor, parseQuery(ctx, capacityQuerySchema));
  });
  router.get('/unfinished', heavyRead, async (ctx) => {
    ctx.body = await planning.unfinished(ctx.state.actor, parseQuery(ctx, unfinishedQuerySchema));
  });
  // Several tasks at once: counted with the task batches.
  router.post('/moves', batchRate, async (ctx) => {
    const { moves } = parseBody(ctx, taskMovesBodySchema);
    ctx.body = await planning.applyMoves(ctx.state.actor, moves);
  });

  return router;
}
