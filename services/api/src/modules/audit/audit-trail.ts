import type { Context, Middleware } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeUsername, type SignInFailureReason } from '@daybook/shared';
import { AppError } from '../../core/errors';
import type { AppState } from '../../http/guards';
import { recordedInRequest, type AuditLog, type AuditRecord } from './audit-log';

/**
 * What the audit log records by route (DECISIONS 48), in one table: an answered request of these routes is
 * an event. Events that need more than the route knows are recorded where they happen: sign-ins and
 * sign-outs by the session store (sessions/session-audit.ts), the sessions list's own actions by its routes,
 * second factors through their module's events (second-factor-audit.ts).
 */
interface TrailRule {
  method: RegExp;
  path: RegExp;
  /** Read before the route runs: what the answer no longer tells (the name of a token or account it deletes). */
  before?: (em: EntityManager, match: RegExpExecArray, ctx: Context) => Promise<Record<string, string> | null>;
  /** The event of a successful answer (2xx), or null for none. */
  event: (ctx: Context, match: RegExpExecArray, before: Record<string, string> | null) => AuditRecord | null;
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const WRITE = /^(POST|PUT|PATCH|DELETE)$/;
const bodyOf = (ctx: Context): Record<string, unknown> => {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
};
const answerOf = (ctx: Context): Record<string, unknown> => (ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {});
/** The names of the fields a body set (never their values: one may be a password). */
const fieldsOf = (ctx: Context) => Object.keys(bodyOf(ctx)).slice(0, 12).join(', ');
/** A path with its ids replaced, to name an admin route without the ids of the moment. */
const routeOf = (path: string) => path.replace(new RegExp(UUID, 'g'), ':id').slice(0, 120);

async function first(em: EntityManager, sql: string, params: unknown[]): Promise<Record<string, string> | null> {
  const [row] = await em.getConnection().execute<Record<string, string>[]>(sql, params);
  return row ?? null;
}

export const TRAIL: readonly TrailRule[] = [
  {
    method: /^GET$/,
    path: /^\/api\/export\/(daybook\.json|tasks\.csv)$/,
    event: (_ctx, [, file]) => ({ type: 'export', details: { file: file! } }),
  },
  {
    method: /^POST$/,
    path: /^\/api\/tokens\/?$/,
    event: (ctx) => {
      const token = (answerOf(ctx).token ?? {}) as { name?: string; scope?: string };
      return { type: 'api_token_created', details: { token: token.name ?? null, scope: token.scope ?? null } };
    },
  },
  {
    method: /^DELETE$/,
    path: new RegExp(`^/api/tokens/(${UUID})$`),
    before: (em, [, id], ctx) => first(em, 'select name from api_tokens where id = ? and user_id = ?', [id, (ctx.state as AppState).actor?.id ?? null]),
    event: (_ctx, _match, token) => ({ type: 'api_token_revoked', details: { token: token?.name ?? null } }),
  },
  { method: /^POST$/, path: /^\/api\/auth\/user\/password$/, event: () => ({ type: 'password_changed' }) },
  { method: /^POST$/, path: /^\/api\/auth\/user\/sign-out-everywhere$/, event: () => ({ type: 'signed_out_everywhere' }) },
  {
    method: /^POST$/,
    path: /^\/api\/admin\/users\/?$/,
    event: (ctx) => {
      const user = answerOf(ctx) as { id?: string; username?: string; role?: string };
      if (typeof user.id !== 'string') return null;
      return { type: 'admin_user_created', userId: user.id, ...(user.username ? { username: user.username } : {}), details: { role: user.role ?? null } };
    },
  },
  {
    method: /^DELETE$/,
    path: new RegExp(`^/api/admin/users/(${UUID})$`),
    before: (em, [, id]) => first(em, 'select username from users where id = ?', [id]),
    // The account is gone: the event keeps its name, and belongs to no account.
    event: (_ctx, _match, user) => ({ type: 'admin_user_deleted', userId: null, ...(user ? { username: user.username! } : {}) }),
  },
  {
    method: /^POST$/,
    path: new RegExp(`^/api/admin/users/(${UUID})/reset-password$`),
    event: (_ctx, [, id]) => ({ type: 'admin_password_reset', userId: id! }),
  },
  {
    method: /^(PUT|PATCH)$/,
    path: new RegExp(`^/api/admin/users/(${UUID})(/role)?$`),
    event: (ctx, [, id]) => {
      const role = bodyOf(ctx).role;
      return { type: 'admin_user_changed', userId: id!, details: { fields: fieldsOf(ctx), ...(typeof role === 'string' ? { role } : {}) } };
    },
  },
  { method: WRITE, path: /^\/api\/admin\/settings(\/.*)?$/, event: (ctx) => ({ type: 'admin_settings_changed', details: { settings: fieldsOf(ctx) } }) },
  {
    // Who must have a second factor (DECISIONS 47): an event of its own, with the choice (one of a few fixed ones).
    method: /^PUT$/,
    path: /^\/api\/admin\/second-factor$/,
    event: (ctx) => ({ type: 'second_factor_requirement_changed', details: { required: String(answerOf(ctx).required) } }),
  },
];

/** Share links (DECISIONS 33): a contact's requests are the owner's events, found by the link's token. */
const SHARE_LINK = /^\/api\/shares\/([^/]+)(?:\/(done|proposals|comments))?$/;
const SHARE_ANSWERS = { done: 'done', proposals: 'proposal', comments: 'comment' } as const;

/** What a refused sign-in was refused for, from the error the login route answered; null when it was no refusal. */
function signInFailure(error: unknown): SignInFailureReason | null {
  if (!(error instanceof AppError)) return null;
  if (error.status === 401) return 'invalid_credentials';
  if (error.status === 429) return 'throttled';
  if (error.code === 'password_login_disabled') return 'password_login_disabled';
  return null;
}

/**
 * The middleware of the table above, placed before the routers: it also notes a request signed in by an
 * API token (once an hour per token), a refused sign-in, a share link's use, and any other admin write
 * (`admin_action`) that recorded nothing of its own. It never fails a request: a look-up that fails only
 * loses the detail, and a write that fails is a log line (audit-log.ts).
 */
export function auditTrail(audit: AuditLog, em: EntityManager): Middleware {
  return async (ctx, next) => {
    const state = ctx.state as AppState;
    if (state.apiToken) audit.apiTokenUsed(ctx, state.apiToken.id);
    const rule = TRAIL.find((candidate) => candidate.method.test(ctx.method) && candidate.path.test(ctx.path));
    const match = rule?.path.exec(ctx.path) ?? null;
    const before = rule?.before && match ? await rule.before(em, match, ctx).catch(() => null) : null;
    try {
      await next();
    } catch (error) {
      if (ctx.method === 'POST' && ctx.path === '/api/login') {
        const reason = signInFailure(error);
        const username = bodyOf(ctx).username;
        if (reason && typeof username === 'string') audit.signInFailed({ usernameTried: normalizeUsername(username) }, reason, ctx);
      }
      throw error;
    }
    if (ctx.status < 200 || ctx.status >= 300) return;
    const share = SHARE_LINK.exec(ctx.path);
    if (share) {
      const [, token, answer] = share;
      audit.shareLinkUsed(ctx, token!, answer ? SHARE_ANSWERS[answer as keyof typeof SHARE_ANSWERS] : 'opened');
      return;
    }
    const event = rule && match ? rule.event(ctx, match, before) : null;
    if (event) audit.record(event, ctx);
    else if (WRITE.test(ctx.method) && ctx.path.startsWith('/api/admin/') && !recordedInRequest()) {
      audit.record({ type: 'admin_action', details: { method: ctx.method, route: routeOf(ctx.path) } }, ctx);
    }
  };
}
