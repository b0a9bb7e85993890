import type Router from '@koa/router';
import { clientCreateBodySchema, clientReorderBodySchema, clientUpdateBodySchema, idParamsSchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams } from '../../http/validate';
import type { ClientsService } from './clients.service';

/** Clients (spec §7): list, create, update, delete, reorder. */
export function clientRoutes(clients: ClientsService): Router<SignedInState> {
  const router = signedInRouter('/api');

  router.get('/clients', async (ctx) => {
    ctx.body = await clients.list(ctx.state.actor);
  });

  router.post('/clients', async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, clientCreateBodySchema);
    ctx.status = 201;
    ctx.body = await clients.create(actor, body);
  });

  // Before '/clients/:id', so 'reorder' is never read as an id.
  router.patch('/clients/reorder', async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, clientReorderBodySchema);
    ctx.body = await clients.reorder(actor, body);
  });

  router.patch('/clients/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    const body = parseBody(ctx, clientUpdateBodySchema);
    ctx.body = await clients.update(actor, id, body);
  });

  router.delete('/clients/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    await clients.remove(actor, id);
    ctx.status = 204;
  });

  return router;
}
