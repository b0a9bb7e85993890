import type Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  channelCreateBodySchema,
  channelUpdateBodySchema,
  idParamsSchema,
  notificationSettingsSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeQuerySchema,
} from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams, parseQuery } from '../../http/validate';
import type { NotificationsService } from './notifications.service';

/**
 * Notifications (DECISIONS 29): settings, channels (secrets never answered), push subscriptions and the push
 * key. `channelRate` counts every request that points the server at an address, a new channel's or a test's:
 * a user who adds channels to make one reminder post to many addresses spends the same budget as with tests.
 */
export function notificationRoutes(notifications: NotificationsService, channelRate: Middleware): Router<SignedInState> {
  const router = signedInRouter('/api/notifications');

  router.get('/settings', async (ctx) => {
    ctx.body = await notifications.settings(ctx.state.actor);
  });
  router.put('/settings', async (ctx) => {
    ctx.body = await notifications.saveSettings(ctx.state.actor, parseBody(ctx, notificationSettingsSchema));
  });

  router.get('/channels', async (ctx) => {
    ctx.body = await notifications.listChannels(ctx.state.actor);
  });
  router.post('/channels', channelRate, async (ctx) => {
    const body = parseBody(ctx, channelCreateBodySchema);
    ctx.status = 201;
    ctx.body = await notifications.createChannel(ctx.state.actor, body);
  });
  router.patch('/channels/:id', async (ctx) => {
    const { id } = parseParams(ctx, idParamsSchema);
    ctx.body = await notifications.updateChannel(ctx.state.actor, id, parseBody(ctx, channelUpdateBodySchema));
  });
  router.delete('/channels/:id', async (ctx) => {
    await notifications.removeChannel(ctx.state.actor, parseParams(ctx, idParamsSchema).id);
    ctx.status = 204;
  });
  router.post('/channels/:id/test', channelRate, async (ctx) => {
    ctx.body = await notifications.testChannel(ctx.state.actor, parseParams(ctx, idParamsSchema).id);
  });

  router.get('/push/key', async (ctx) => {
    ctx.body = { publicKey: await notifications.pushPublicKey() };
  });
  router.post('/push-subscriptions', channelRate, async (ctx) => {
    const body = parseBody(ctx, pushSubscriptionBodySchema);
    ctx.status = 201;
    ctx.body = await notifications.subscribePush(ctx.state.actor, body);
  });
  router.delete('/push-subscriptions', async (ctx) => {
    const { endpoint } = parseQuery(ctx, pushUnsubscribeQuerySchema);
    await notifications.unsubscribePush(ctx.state.actor, endpoint);
    ctx.status = 204;
  });

  return router;
}
