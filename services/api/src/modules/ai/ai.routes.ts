import type Router from '@koa/router';
import { structureTaskBodySchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { perUserConcurrency } from '../../http/per-user-concurrency';
import type { RateLimits } from '../../http/rate-limits';
import { parseBody } from '../../http/validate';
import type { AiService } from './ai.service';

/**
 * Natural-language task entry (spec §7 AI): 401 signed out, 400 on bad input, 503 when the assistant is away,
 * 429 past the user's rate (AI_MAX_PER_MINUTE) or with more than 2 of their calls running and 4 waiting
 * (DECISIONS 22: one user's flood never slows another user's entry).
 */
export function aiRoutes(ai: AiService, limits: RateLimits): Router<SignedInState> {
  const router = signedInRouter('/api/ai');
  const inFlight = perUserConcurrency({
    limit: 2,
    queue: 4,
    waitMs: 10_000,
    message: 'Too many task descriptions at once. Please wait for the previous ones to finish.',
  });

  router.post('/structure-task', limits.aiRequests, inFlight, async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, structureTaskBodySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await ai.structureTask(actor, body);
  });

  return router;
}
