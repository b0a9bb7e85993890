import type Router from '@koa/router';
import { adminAuditQuerySchema, auditQuerySchema } from '@daybook/shared';
import { adminOnly, sessionOnly, signedInRouter, type SignedInState } from '../../http/guards';
import { parseQuery } from '../../http/validate';
import type { AuditService } from './audit.service';

/** GET /api/audit: the user's own events, from a signed-in browser (an API token gets 403). */
export function auditRoutes(audit: AuditService): Router<SignedInState> {
  const router = signedInRouter('/api/audit', sessionOnly);
  router.get('/', async (ctx) => {
    ctx.body = await audit.own(ctx.state.actor, parseQuery(ctx, auditQuerySchema));
  });
  return router;
}

/** GET /api/admin/audit: everyone's events, filterable; admins only (403 for anyone else, DECISIONS 7). */
export function adminAuditRoutes(audit: AuditService): Router<SignedInState> {
  const router = signedInRouter('/api/admin/audit', adminOnly);
  router.get('/', async (ctx) => {
    ctx.body = await audit.all(ctx.state.actor, parseQuery(ctx, adminAuditQuerySchema));
  });
  return router;
}
