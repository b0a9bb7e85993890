import type { EntityManager } from '@mikro-orm/postgresql';
import { dataAccess } from '../../db/unit-of-work';

/** A confirmation taken by its token: the address it confirms, and whether its time had run out. */
export interface TakenConfirmation {
  email: string;
  expired: boolean;
}

/** The `email_confirmations` table: a user's one pending confirmation mail, by the hash of its token. */
export interface EmailConfirmationsRepository {
  /** The user's pending confirmation, replacing an earlier one (whose link stops working). */
  replace(userId: string, email: string, tokenHash: Buffer, validHours: number): Promise<void>;
  /** Deletes and answers the user's confirmation with this token hash (single use); null when this user has none with it. */
  take(userId: string, tokenHash: Buffer): Promise<TakenConfirmation | null>;
}

export function createEmailConfirmationsRepository(rootEm: EntityManager): EmailConfirmationsRepository {
  const { db } = dataAccess(rootEm);
  return {
    async replace(userId, email, tokenHash, validHours) {
      await db().execute(
        `insert into email_confirmations (user_id, email, token_hash, expires_at) values (?, ?, ?, now() + make_interval(hours => ?::int))
         on conflict (user_id) do update set email = excluded.email, token_hash = excluded.token_hash, expires_at = excluded.expires_at, created_at = now()`,
        [userId, email, tokenHash, validHours],
        'run',
      );
    },

    async take(userId, tokenHash) {
      const [row] = await db().execute<{ email: string; expired: boolean }[]>(
        'delete from email_confirmations where user_id = ? and token_hash = ? returning email, expires_at <= now() as expired',
        [userId, tokenHash],
      );
      return row ? { email: row.email, expired: Boolean(row.expired) } : null;
    },
  };
}
