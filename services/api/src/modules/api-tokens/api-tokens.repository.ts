import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiToken, ApiTokenScope } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { countForQuota } from '../../db/quota';
import { isoInstantSql } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

export interface NewApiToken {
  name: string;
  scope: ApiTokenScope;
  tokenHash: Buffer;
  hint: string;
  /** Days from now until it stops working, or null for never. */
  expiresInDays: number | null;
}

/** A token that answered: whose it is and what it may do. */
export interface TokenHolder {
  tokenId: string;
  scope: ApiTokenScope;
  actor: Actor;
}

interface HolderRow {
  token_id: string;
  scope: ApiTokenScope;
  id: string;
  username: string;
  role: Actor['role'];
  timezone: Actor['timezone'];
  enable_delegation: boolean;
}

const TOKEN = `t.id, t.name, t.scope, t.hint, ${isoInstantSql('t.created_at')} as "createdAt", ${isoInstantSql('t.last_used_at')} as "lastUsedAt",
  ${isoInstantSql('t.expires_at')} as "expiresAt"`;

/**
 * A token's "last used" is kept to the minute (docs/api.md): the minute of the use, written at most once a
 * minute, so a busy script does not write on every request and the list tells no more than the minute.
 */
const LAST_USED_MINUTE = "date_trunc('minute', now())";

/** Personal API tokens (DECISIONS 30); every statement but the lookup by hash scoped by the owner. */
export interface ApiTokensRepository extends UnitOfWork {
  list(userId: string): Promise<ApiToken[]>;
  /** Inside a transaction: how many tokens the user has, up to `upTo`, holding the count's lock. */
  count(userId: string, upTo: number): Promise<number>;
  insert(userId: string, token: NewApiToken): Promise<ApiToken>;
  remove(userId: string, id: string): Promise<boolean>;
  /** The live (not expired) token with this hash and its user, read in one statement that also notes its use. */
  holderOf(tokenHash: Buffer): Promise<TokenHolder | null>;
}

export function createApiTokensRepository(rootEm: EntityManager): ApiTokensRepository {
  const { db, transaction } = dataAccess(rootEm);
  return {
    transaction,
    list: (userId) => db().execute<ApiToken[]>(`select ${TOKEN} from api_tokens t where t.user_id = ? order by t.created_at desc, t.id`, [userId]),
    count: (userId, upTo) => countForQuota(db(), userId, 'apiTokens', 'from api_tokens where user_id = ?', upTo),
    async insert(userId, token) {
      const [row] = await db().execute<ApiToken[]>(
        `insert into api_tokens as t (user_id, name, scope, token_hash, hint, expires_at)
         values (?, ?, ?, ?, ?, case when ?::int is null then null else now() + make_interval(days => ?::int) end)
         returning ${TOKEN}`,
        [userId, token.name, token.scope, token.tokenHash, token.hint, token.expiresInDays, token.expiresInDays],
      );
      return row!;
    },
    async remove(userId, id) {
      const result = await db().execute<{ affectedRows: number }>('delete from api_tokens where user_id = ? and id = ?', [userId, id], 'run');
      return result.affectedRows > 0;
    },
    async holderOf(tokenHash) {
      const [row] = await db().execute<HolderRow[]>(
        `with hit as (
           select t.id as token_id, t.scope, u.id, u.username, u.role, u.timezone, u.enable_delegation
             from api_tokens t join users u on u.id = t.user_id
            where t.token_hash = ? and (t.expires_at is null or t.expires_at > now())
         ), used as (
           update api_tokens set last_used_at = ${LAST_USED_MINUTE}
            where id = (select token_id from hit) and (last_used_at is null or last_used_at < ${LAST_USED_MINUTE})
         )
         select * from hit`,
        [tokenHash],
      );
      if (!row) return null;
      return {
        tokenId: row.token_id,
        scope: row.scope,
        actor: { id: row.id, username: row.username, role: row.role, timezone: row.timezone, enableDelegation: Boolean(row.enable_delegation) },
      };
    },
  };
}

/**
 * Ends every API token of a user (an admin's password reset, the user's password change, "sign out
 * everywhere"): the rows are deleted, so the tokens' next requests get 401. App passwords are tokens of
 * another scope (DECISIONS 44) and end with them. Answers how many ended.
 */
export async function endApiTokensOfUser(db: EntityManager, userId: string): Promise<number> {
  const result = await db.execute<{ affectedRows: number }>('delete from api_tokens where user_id = ?', [userId], 'run');
  return result.affectedRows;
}
