import type Router from '@koa/router';
import { idParamsSchema } from '@daybook/shared';
import { currentSessionSid } from '../../http/session-store';
import { sessionOnly, signedInRouter, type SignedInState } from '../../http/guards';
import { parseParams } from '../../http/validate';
import type { AuditLog } from '../audit/audit-log';
import { deviceLabel } from '../audit/user-agent';
import type { SessionsService } from './sessions.service';

/** Where the user is signed in (DECISIONS 48): a signed-in browser only (an API token gets 403). */
export function sessionRoutes(sessions: SessionsService, audit: AuditLog): Router<SignedInState> {
  const router = signedInRouter('/api/auth/sessions', sessionOnly);

  router.get('/', async (ctx) => {
    ctx.body = await sessions.list(ctx.state.actor, currentSessionSid(ctx) ?? null);
  });

  router.delete('/:id', async (ctx) => {
    const { id } = parseParams(ctx, idParamsSchema);
    const ended = await sessions.end(ctx.state.actor, id, currentSessionSid(ctx) ?? null);
    // This device's own session: its cookie goes too.
    if (ended.current) ctx.session = null;
    audit.record({ type: 'session_ended', details: { device: deviceLabel(ended.userAgent), thisDevice: ended.current } }, ctx);
    ctx.status = 204;
  });

  router.post('/others/end', async (ctx) => {
    const ended = await sessions.endOthers(ctx.state.actor, currentSessionSid(ctx) ?? null);
    audit.record({ type: 'other_sessions_ended', details: { count: ended.ended } }, ctx);
    ctx.body = ended;
  });

  return router;
}
