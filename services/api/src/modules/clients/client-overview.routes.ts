import type Router from '@koa/router';
import { idParamsSchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseParams } from '../../http/validate';
import type { ClientOverviewService } from './client-overview.service';

/** GET /api/clients/:id/overview: the client page's figures (DECISIONS 32). */
export function clientOverviewRoutes(overview: ClientOverviewService): Router<SignedInState> {
  const router = signedInRouter('/api');
  router.get('/clients/:id/overview', async (ctx) => {
    const { id } = parseParams(ctx, idParamsSchema);
    ctx.body = await overview.overview(ctx.state.actor, id);
  });
  return router;
}
