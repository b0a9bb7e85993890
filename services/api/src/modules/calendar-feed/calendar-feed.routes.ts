import Router from '@koa/router';
import type { Middleware } from 'koa';
import { signedInRouter, type SignedInState } from '../../http/guards';
import type { RateLimits } from '../../http/rate-limits';
import type { CalendarFeedService } from './calendar-feed.service';

/** The signed-in user's feed address: see it, turn the feed on or give it a new address, turn it off. */
export function calendarFeedSettingsRoutes(feeds: CalendarFeedService): Router<SignedInState> {
  const router = signedInRouter('/api/calendar');
  router.get('/feed', async (ctx) => {
    ctx.body = await feeds.feed(ctx.state.actor);
  });
  router.post('/feed', async (ctx) => {
    ctx.body = await feeds.rotate(ctx.state.actor);
  });
  router.delete('/feed', async (ctx) => {
    await feeds.turnOff(ctx.state.actor);
    ctx.status = 204;
  });
  return router;
}

/**
 * GET /api/calendar/<secret>.ics, for calendar apps: no session, the secret is the key. Polling is cheap:
 * a calendar that sends the ETag it holds gets 304 while nothing changed.
 */
export function calendarFeedRoutes(feeds: CalendarFeedService, limits: RateLimits): Router {
  const router = new Router({ prefix: '/api/calendar' });
  const pollRate: Middleware = async (ctx, next) => {
    await limits.calendarPoll(ctx.ip);
    await next();
  };
  router.get('/:secret.ics', pollRate, async (ctx) => {
    const feed = await feeds.open(ctx.params.secret ?? '');
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('X-Robots-Tag', 'noindex');
    ctx.etag = feed.etag;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.attachment('daybook.ics', { type: 'inline' });
    ctx.body = await feed.render();
  });
  return router;
}
