import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** The `user_identities` table: which provider account (issuer and subject) signs which user in. */
export interface OidcIdentitiesRepository extends UnitOfWork {
  /** The user this provider account signs in, or null. */
  userIdOf(issuer: string, subject: string): Promise<string | null>;
  /** Links a provider account to a user; the unique index refuses a second link of the same account. */
  insert(userId: string, issuer: string, subject: string): Promise<void>;
}

export function createOidcIdentitiesRepository(rootEm: EntityManager): OidcIdentitiesRepository {
  const { db, transaction } = dataAccess(rootEm);
  return {
    transaction,

    async userIdOf(issuer, subject) {
      const [row] = await db().execute<{ user_id: string }[]>('select user_id from user_identities where issuer = ? and subject = ?', [issuer, subject]);
      return row?.user_id ?? null;
    },

    async insert(userId, issuer, subject) {
      await db().execute('insert into user_identities (id, user_id, issuer, subject) values (?, ?, ?, ?)', [randomUUID(), userId, issuer, subject], 'run');
    },
  };
}
