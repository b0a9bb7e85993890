import type { EntityManager } from '@mikro-orm/postgresql';
import { SESSION_LIST_MAX } from '@daybook/shared';
import { isoInstantSql } from '../../db/sql';

/** A live session as the list needs it, before its User-Agent is described. */
export interface SessionRow {
  id: string;
  current: boolean;
  userAgent: string | null;
  address: string | null;
  signedInAt: string;
  lastSeenAt: string;
}

/** The user's live sessions (DECISIONS 48); every statement scoped by the owner. Sessions are found by their public id, never by the cookie's value. */
export interface SessionsRepository {
  /** The most recently used live sessions (at most SESSION_LIST_MAX) and how many there are; `currentSid` marks this device's. */
  list(userId: string, currentSid: string | null): Promise<{ rows: SessionRow[]; total: number }>;
  /** Ends one of the user's sessions; answers its cookie value (to tell whether it was this device's), or null when the user has no such session. */
  end(userId: string, publicId: string): Promise<{ sid: string; userAgent: string | null } | null>;
  /** Ends every session of the user but `keepSid`; answers how many ended. */
  endOthers(userId: string, keepSid: string): Promise<number>;
}

/** A live session signed in as its user (not one still waiting for a second step, http/session-store.ts). */
const SIGNED_IN = `s.expire > now() and s.sess->>'userId' = s.user_id::text`;

const SESSION = `s.public_id as id, s.sid = ? as current, s.user_agent as "userAgent", s.ip as address,
  ${isoInstantSql('s.created_at')} as "signedInAt", ${isoInstantSql('s.last_seen_at')} as "lastSeenAt"`;

export function createSessionsRepository(rootEm: EntityManager): SessionsRepository {
  const db = () => rootEm.getConnection();
  return {
    async list(userId, currentSid) {
      const rows = await db().execute<SessionRow[]>(
        `select ${SESSION} from sessions s where s.user_id = ? and ${SIGNED_IN} order by s.last_seen_at desc, s.created_at desc limit ${SESSION_LIST_MAX}`,
        [currentSid ?? '', userId],
      );
      const total =
        rows.length < SESSION_LIST_MAX
          ? rows.length
          : Number((await db().execute<{ n: number }[]>(`select count(*)::int as n from sessions s where s.user_id = ? and ${SIGNED_IN}`, [userId]))[0]!.n);
      return { rows, total };
    },
    async end(userId, publicId) {
      const [row] = await db().execute<{ sid: string; userAgent: string | null }[]>(
        'delete from sessions where user_id = ? and public_id = ? and expire > now() returning sid, user_agent as "userAgent"',
        [userId, publicId],
      );
      return row ?? null;
    },
    async endOthers(userId, keepSid) {
      const result = await db().execute<{ affectedRows: number }>('delete from sessions where user_id = ? and sid <> ?', [userId, keepSid], 'run');
      return result.affectedRows;
    },
  };
}
