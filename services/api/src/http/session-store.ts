import type { Context } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SECOND_FACTOR_WAIT_MINUTES } from '@daybook/shared';
import type { Actor } from '../core/actor';
import { preparedRows } from '../db/prepared';
import type { Logger } from '../logger';
import { clientAddress, userAgentOf } from './client-info';
import type { AppState } from './guards';

interface SessionRow {
  sess: Record<string, unknown>;
  /** Its last use was noted more than a minute ago. */
  stale: boolean;
  id: string | null;
  username: string | null;
  role: Actor['role'] | null;
  timezone: Actor['timezone'] | null;
  enable_delegation: boolean | null;
}

/** What one request did with sessions, as the store saw it: read at the start, written and destroyed by koa-session. */
interface RequestSessions {
  /** The session the request came with, and its user. */
  readSid?: string;
  readUserId?: string | null;
  /** The last write of the request: which session, for which user. */
  written?: { sid: string; userId: string | null };
  /** A session whose row the request deleted (a sign-out, or the old one of a sign-in). */
  destroyedSid?: string;
}
const sessionsOf = new WeakMap<Context, RequestSessions>();
const seen = (ctx: Context): RequestSessions => {
  let found = sessionsOf.get(ctx);
  if (!found) sessionsOf.set(ctx, (found = {}));
  return found;
};

/** The id of the session this request came with (the cookie's, once the store found it); never sent to the browser. */
export const currentSessionSid = (ctx: Context): string | undefined => sessionsOf.get(ctx)?.readSid;

/**
 * After koa-session has saved the request's session: whose session began or ended. A sign-in is a session
 * that now holds another user than the one the request came with (none, or someone else): any way of
 * signing in (password, single sign-on, a second step) ends in that write, so this notices them all, and a
 * user who goes on in a fresh session (after changing their password) is not signed in again. A sign-out is
 * the request's own signed-in session deleted by the request (not one that something else ended first).
 */
export function sessionChangeOf(ctx: Context): { signedIn: string | null; signedOut: string | null } {
  const request = sessionsOf.get(ctx);
  if (!request) return { signedIn: null, signedOut: null };
  const userId = request.written?.userId ?? null;
  const signedIn = userId !== null && userId !== request.readUserId ? userId : null;
  const endedOwn = request.destroyedSid !== undefined && request.destroyedSid === request.readSid;
  return { signedIn, signedOut: !signedIn && endedOwn ? (request.readUserId ?? null) : null };
}

/**
 * A session waiting for its second step (modules/second-factor/sign-in-session.ts) signs nobody in, but its
 * row names the user, so what ends a user's sessions ends the waiting ones too, and it expires with the wait.
 */
function secondStepUserOf(sess: Record<string, unknown>): string | null {
  if (typeof sess.userId === 'string') return null;
  const step = sess.secondStep as { userId?: unknown } | undefined;
  return typeof step?.userId === 'string' ? step.userId : null;
}
const SECOND_STEP_MS = SECOND_FACTOR_WAIT_MINUTES * 60_000;

/** How often a session's last use (and its address and browser) is written, at most. */
const LAST_SEEN_PRECISION = "interval '1 minute'";

/**
 * koa-session's external store on the `sessions` table (DECISIONS 4). Reading a session also reads its
 * user in the same query, so an authenticated request costs one round trip before its own work. The read
 * also says whether the session's last use is more than a minute old: then (at most once a minute) one
 * update notes the use, the address and the browser for the sessions list (DECISIONS 48).
 *
 * Only a session created in this request is inserted; a stored one (renewed in the second half of its
 * life, or changed) is only updated. So a logout, a password reset, ending the session from another device
 * or a user's deletion that lands while one of that user's requests is in flight wins: the request's
 * renewal, or its note of the last use, finds no row and changes nothing (DECISIONS 21).
 */
export function createSessionStore(em: EntityManager, logger?: Logger) {
  const connection = () => em.getConnection();
  return {
    async get(sid: string, _maxAge: number, { ctx }: { rolling: boolean; ctx?: Context }) {
      const rows = await preparedRows<SessionRow>(
        em,
        `select s.sess, s.last_seen_at < now() - ${LAST_SEEN_PRECISION} as stale, u.id, u.username, u.role, u.timezone, u.enable_delegation
           from sessions s left join users u on u.id = s.user_id
          where s.sid = ? and s.expire > now()`,
        [sid],
      );
      const row = rows[0];
      if (!row) return undefined;
      // The row's user is signed in only when the session says so (not while it waits for a second step).
      const signedIn = row.id !== null && row.sess.userId === row.id;
      if (ctx) {
        const request = seen(ctx);
        request.readSid = sid;
        request.readUserId = signedIn ? row.id : null;
      }
      if (ctx && signedIn && row.id && row.username && row.role && row.timezone) {
        const actor: Actor = {
          id: row.id,
          username: row.username,
          role: row.role,
          timezone: row.timezone,
          enableDelegation: Boolean(row.enable_delegation),
        };
        (ctx.state as AppState).actor = actor;
      }
      if (ctx && row.stale) {
        // An update, never an insert: a session ended meanwhile stays ended.
        await connection()
          .execute('update sessions set last_seen_at = now(), ip = ?, user_agent = ? where sid = ?', [clientAddress(ctx), userAgentOf(ctx), sid])
          .catch((error: unknown) => logger?.warn('session last use not noted', { error }));
      }
      return row.sess;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number, { ctx }: { ctx?: Context } = {}) {
      const userId = typeof sess.userId === 'string' ? sess.userId : null;
      const waitingUserId = secondStepUserOf(sess);
      const owner = userId ?? waitingUserId;
      const expire = new Date(Date.now() + (waitingUserId ? Math.min(maxAge, SECOND_STEP_MS) : maxAge));
      const request = ctx ? seen(ctx) : undefined;
      if (request && (request.readSid === sid || request.written?.sid === sid)) {
        await connection().execute('update sessions set sess = ?, expire = ?, user_id = ? where sid = ?', [JSON.stringify(sess), expire, owner, sid]);
        request.written = { sid, userId };
        return;
      }
      await connection().execute(
        'insert into sessions (sid, sess, expire, user_id, ip, user_agent) values (?, ?, ?, ?, ?, ?) on conflict (sid) do nothing',
        [sid, JSON.stringify(sess), expire, owner, ctx ? clientAddress(ctx) : null, ctx ? userAgentOf(ctx) : null],
      );
      // A later save in the same request (sign-in regenerates, then sets the user) updates this row.
      if (request) request.written = { sid, userId };
    },
    async destroy(sid: string, { ctx }: { ctx?: Context } = {}) {
      const result = await connection().execute<{ affectedRows: number }>('delete from sessions where sid = ?', [sid], 'run');
      if (ctx && result.affectedRows > 0) seen(ctx).destroyedSid = sid;
    },
  };
}

/** Ends every session of a user: after a password reset and on deletion (DECISIONS 4). */
export async function endSessionsOfUser(em: EntityManager, userId: string): Promise<void> {
  await em.getConnection().execute('delete from sessions where user_id = ?', [userId]);
}

export async function purgeExpiredSessions(em: EntityManager): Promise<number> {
  const result = await em.getConnection().execute<{ affectedRows: number }>('delete from sessions where expire <= now()', [], 'run');
  return result.affectedRows;
}
