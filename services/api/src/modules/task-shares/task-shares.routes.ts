import type Router from '@koa/router';
import { idParamsSchema, taskShareCreateBodySchema, taskShareParamsSchema, taskShareResponseParamsSchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams } from '../../http/validate';
import type { TaskSharesService } from './task-shares.service';

/** The owner's side (DECISIONS 33): a delegated task's links and what its contact sent. */
export function taskShareRoutes(shares: TaskSharesService): Router<SignedInState> {
  const router = signedInRouter('/api/tasks');

  router.get('/:id/shares', async (ctx) => {
    ctx.body = await shares.list(ctx.state.actor, parseParams(ctx, idParamsSchema).id);
  });
  router.post('/:id/shares', async (ctx) => {
    const { id } = parseParams(ctx, idParamsSchema);
    const body = parseBody(ctx, taskShareCreateBodySchema);
    ctx.status = 201;
    ctx.body = await shares.create(ctx.state.actor, id, body);
  });
  router.delete('/:id/shares/:shareId', async (ctx) => {
    const { id, shareId } = parseParams(ctx, taskShareParamsSchema);
    await shares.revoke(ctx.state.actor, id, shareId);
    ctx.status = 204;
  });
  router.get('/:id/share-responses', async (ctx) => {
    ctx.body = await shares.responses(ctx.state.actor, parseParams(ctx, idParamsSchema).id);
  });
  router.post('/:id/share-responses/:responseId/accept', async (ctx) => {
    const { id, responseId } = parseParams(ctx, taskShareResponseParamsSchema);
    ctx.body = await shares.accept(ctx.state.actor, id, responseId);
  });

  return router;
}

/** The owner's delegated tasks their contact answered (a task card's sign). */
export function shareAnswersRoutes(shares: TaskSharesService): Router<SignedInState> {
  const router = signedInRouter('/api/share-answers');
  router.get('/', async (ctx) => {
    ctx.body = await shares.answers(ctx.state.actor);
  });
  return router;
}
