import type { Context } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../core/actor';
import { preparedRows } from '../db/prepared';
import type { AppState } from './guards';

interface SessionRow {
  sess: Record<string, unknown>;
  id: string | null;
  username: string | null;
  role: Actor['role'] | null;
  timezone: Actor['timezone'] | null;
  enable_delegation: boolean | null;
}

/**
 * koa-session's external store on the `sessions` table (DECISIONS 4). Reading a session also reads its
 * user in the same query, so an authenticated request costs one round trip before its own work.
 *
 * Only a session created in this request is inserted; a stored one (renewed in the second half of its
 * life, or changed) is only updated. So a logout, a password reset or a user's deletion that lands while
 * one of that user's requests is in flight wins: the request's renewal finds no row and changes nothing
 * (DECISIONS 21).
 */
export function createSessionStore(em: EntityManager) {
  const connection = () => em.getConnection();
  /** The session id each request read from the table, or created in it. */
  const storedSidOf = new WeakMap<Context, string>();
  return {
    async get(sid: string, _maxAge: number, { ctx }: { rolling: boolean; ctx?: Context }) {
      const rows = await preparedRows<SessionRow>(
        em,
        `select s.sess, u.id, u.username, u.role, u.timezone, u.enable_delegation
           from sessions s left join users u on u.id = s.user_id
          where s.sid = ? and s.expire > now()`,
        [sid],
      );
      const row = rows[0];
      if (!row) return undefined;
      if (ctx) storedSidOf.set(ctx, sid);
      if (ctx && row.id && row.username && row.role && row.timezone) {
        const actor: Actor = {
          id: row.id,
          username: row.username,
          role: row.role,
          timezone: row.timezone,
          enableDelegation: Boolean(row.enable_delegation),
        };
        (ctx.state as AppState).actor = actor;
      }
      return row.sess;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number, { ctx }: { ctx?: Context } = {}) {
      const userId = typeof sess.userId === 'string' ? sess.userId : null;
      const expire = new Date(Date.now() + maxAge);
      if (ctx && storedSidOf.get(ctx) === sid) {
        await connection().execute('update sessions set sess = ?, expire = ?, user_id = ? where sid = ?', [JSON.stringify(sess), expire, userId, sid]);
        return;
      }
      await connection().execute('insert into sessions (sid, sess, expire, user_id) values (?, ?, ?, ?) on conflict (sid) do nothing', [
        sid,
        JSON.stringify(sess),
        expire,
        userId,
      ]);
      // A later save in the same request (sign-in regenerates, then sets the user) updates this row.
      if (ctx) storedSidOf.set(ctx, sid);
    },
    async destroy(sid: string) {
      await connection().execute('delete from sessions where sid = ?', [sid]);
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
