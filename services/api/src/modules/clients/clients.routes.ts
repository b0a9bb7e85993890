import Router from '@koa/router';
import { clientCreateBodySchema, clientReorderBodySchema, clientUpdateBodySchema, idParamsSchema } from '@daybook/shared';
import { requireActor } from '../../http/actor';
import { parseBody, parseParams } from '../../http/validate';
import type { ClientsService } from './clients.service';

/** Clients (spec §7): list, create, update, delete, reorder. */
export function clientRoutes(clients: ClientsService): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/clients', async (ctx) => {
    ctx.body = await clients.list(requireActor(ctx));
  });

  router.post('/clients', async (ctx) => {
    const actor = requireActor(ctx);
    const body = parseBody(ctx, clientCreateBodySchema);
    ctx.status = 201;
    ctx.body = await clients.create(actor, body);
  });

  // Before '/clients/:id', so 'reorder' is never read as an id.
  router.patch('/clients/reorder', async (ctx) => {
    const actor = requireActor(ctx);
    const body = parseBody(ctx, clientReorderBodySchema);
    ctx.body = await clients.reorder(actor, body);
  });

  router.patch('/clients/:id', async (ctx) => {
    const actor = requireActor(ctx);
    const { id } = parseParams(ctx, idParamsSchema);
    const body = parseBody(ctx, clientUpdateBodySchema);
    ctx.body = await clients.update(actor, id, body);
  });

  router.delete('/clients/:id', async (ctx) => {
    const actor = requireActor(ctx);
    const { id } = parseParams(ctx, idParamsSchema);
    await clients.remove(actor, id);
    ctx.status = 204;
  });

  return router;
}
