import type Router from '@koa/router';
import { idParamsSchema, timeIncrementCreateBodySchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams } from '../../http/validate';
import type { TimeIncrementsService } from './time-increments.service';

/** Time increments (spec §7). */
export function timeIncrementRoutes(increments: TimeIncrementsService): Router<SignedInState> {
  const router = signedInRouter('/api');

  router.get('/time-increments', async (ctx) => {
    ctx.body = await increments.list(ctx.state.actor);
  });

  router.post('/time-increments', async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, timeIncrementCreateBodySchema);
    ctx.status = 201;
    ctx.body = await increments.create(actor, body);
  });

  router.delete('/time-increments/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    await increments.remove(actor, id);
    ctx.status = 204;
  });

  return router;
}
