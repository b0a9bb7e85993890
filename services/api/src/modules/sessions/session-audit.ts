import type { Middleware } from 'koa';
import { sessionChangeOf } from '../../http/session-store';
import type { AuditLog } from '../audit/audit-log';

/**
 * koa-session's middleware, and then the sign-in or sign-out the request made (DECISIONS 48): known only
 * once koa-session has saved or destroyed the session at the end of the request (http/session-store.ts).
 */
export function auditedSessions(sessions: Middleware, audit: AuditLog): Middleware {
  return async (ctx, next) => {
    try {
      await sessions(ctx, next);
    } finally {
      const { signedIn, signedOut } = sessionChangeOf(ctx);
      if (signedIn) audit.signedIn(ctx, signedIn);
      else if (signedOut) audit.signedOut(ctx, signedOut);
    }
  };
}
