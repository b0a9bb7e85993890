import Router from '@koa/router';
import { structureTaskBodySchema } from '@daybook/shared';
import { requireActor } from '../../http/actor';
import { parseBody } from '../../http/validate';
import type { AiService } from './ai.service';

/** Natural-language task entry (spec §7 AI): 401 signed out, 400 on bad input, 503 when the assistant is away. */
export function aiRoutes(ai: AiService): Router {
  const router = new Router({ prefix: '/api/ai' });

  router.post('/structure-task', async (ctx) => {
    const actor = requireActor(ctx);
    const body = parseBody(ctx, structureTaskBodySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await ai.structureTask(actor, body);
  });

  return router;
}
