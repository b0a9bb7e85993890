import type Router from '@koa/router';
import { delegationContactCreateBodySchema, delegationContactUpdateBodySchema, idParamsSchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams } from '../../http/validate';
import type { ContactsService } from './contacts.service';

/** Delegation contacts (spec §7). */
export function contactRoutes(contacts: ContactsService): Router<SignedInState> {
  const router = signedInRouter('/api');

  router.get('/delegation-contacts', async (ctx) => {
    ctx.body = await contacts.list(ctx.state.actor);
  });

  router.post('/delegation-contacts', async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, delegationContactCreateBodySchema);
    ctx.status = 201;
    ctx.body = await contacts.create(actor, body);
  });

  router.patch('/delegation-contacts/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    const body = parseBody(ctx, delegationContactUpdateBodySchema);
    ctx.body = await contacts.update(actor, id, body);
  });

  router.delete('/delegation-contacts/:id', async (ctx) => {
    const { actor } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    await contacts.remove(actor, id);
    ctx.status = 204;
  });

  return router;
}
