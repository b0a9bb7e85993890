import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { structureTaskBodySchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import type { RateLimits } from '../../http/rate-limits';
import { parseBody } from '../../http/validate';
import type { AiService } from './ai.service';

/**
 * Natural-language task entry (spec §7 AI): 401 signed out, 400 on bad input, 503 when the assistant is away,
 * 429 past the user's rate (AI_MAX_PER_MINUTE) or with more than 2 of their calls running and 4 waiting (aiEntries)
 * (DECISIONS 22: one user's flood never slows another user's entry).
 */
export function aiRoutes(ai: AiService, limits: RateLimits, entriesAtOnce: Middleware): Router<SignedInState> {
  const router = signedInRouter('/api/ai');

  router.post('/structure-task', limits.aiRequests, entriesAtOnce, async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, structureTaskBodySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await ai.structureTask(actor, body);
  });

  return router;
}
