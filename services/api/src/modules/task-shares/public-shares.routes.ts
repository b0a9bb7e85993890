import Router, { type RouterMiddleware } from '@koa/router';
import { shareCommentBodySchema, shareDoneBodySchema, shareProposalBodySchema } from '@daybook/shared';
import type { RateLimits } from '../../http/rate-limits';
import { parseBody } from '../../http/validate';
import type { TaskSharesService } from './task-shares.service';

/**
 * The contact's side, signed out: the token in the path is the key, and these four routes are all it
 * opens. No session is read and no CSRF header is needed (app.ts); every answer is private to the link
 * (`no-store`, no referrer). A wrong, revoked or expired token gets the same 404. Rate limited per address
 * and per link.
 */
export function publicShareRoutes(shares: TaskSharesService, limits: RateLimits): Router {
  const router = new Router({ prefix: '/api/shares' });
  const token = (ctx: { params: Record<string, string | undefined> }) => ctx.params.token ?? '';
  const guard: RouterMiddleware = async (ctx, next) => {
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Robots-Tag', 'noindex');
    await limits.shareRequests(ctx.ip, token(ctx));
    await next();
  };

  router.get('/:token', guard, async (ctx) => {
    ctx.body = await shares.open(token(ctx));
  });
  router.post('/:token/done', guard, async (ctx) => {
    parseBody(ctx, shareDoneBodySchema);
    ctx.body = await shares.done(token(ctx));
  });
  router.post('/:token/proposals', guard, async (ctx) => {
    const body = parseBody(ctx, shareProposalBodySchema);
    ctx.status = 201;
    ctx.body = await shares.propose(token(ctx), body);
  });
  router.post('/:token/comments', guard, async (ctx) => {
    const body = parseBody(ctx, shareCommentBodySchema);
    ctx.status = 201;
    ctx.body = await shares.comment(token(ctx), body);
  });

  return router;
}
