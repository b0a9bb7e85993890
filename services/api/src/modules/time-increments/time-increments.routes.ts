import Router from '@koa/router';
import { idParamsSchema, timeIncrementCreateBodySchema } from '@daybook/shared';
import { requireActor } from '../../http/actor';
import { parseBody, parseParams } from '../../http/validate';
import type { TimeIncrementsService } from './time-increments.service';

/** Time increments (spec §7). */
export function timeIncrementRoutes(increments: TimeIncrementsService): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/time-increments', async (ctx) => {
    ctx.body = await increments.list(requireActor(ctx));
  });

  router.post('/time-increments', async (ctx) => {
    const actor = requireActor(ctx);
    const body = parseBody(ctx, timeIncrementCreateBodySchema);
    ctx.status = 201;
    ctx.body = await increments.create(actor, body);
  });

  router.delete('/time-increments/:id', async (ctx) => {
    const actor = requireActor(ctx);
    const { id } = parseParams(ctx, idParamsSchema);
    await increments.remove(actor, id);
    ctx.status = 204;
  });

  return router;
}
