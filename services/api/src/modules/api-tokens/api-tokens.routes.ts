import type Router from '@koa/router';
import { apiTokenCreateBodySchema, idParamsSchema } from '@daybook/shared';
import { sessionOnly, signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams } from '../../http/validate';
import type { ApiTokensService } from './api-tokens.service';

/** The signed-in user's API tokens: only a browser session may list, make or revoke them (a token cannot make tokens). */
export function apiTokenRoutes(tokens: ApiTokensService): Router<SignedInState> {
  const router = signedInRouter('/api/tokens', sessionOnly);

  router.get('/', async (ctx) => {
    ctx.body = await tokens.list(ctx.state.actor);
  });
  router.post('/', async (ctx) => {
    const body = parseBody(ctx, apiTokenCreateBodySchema);
    ctx.status = 201;
    ctx.body = await tokens.create(ctx.state.actor, body);
  });
  router.delete('/:id', async (ctx) => {
    await tokens.revoke(ctx.state.actor, parseParams(ctx, idParamsSchema).id);
    ctx.status = 204;
  });

  return router;
}
