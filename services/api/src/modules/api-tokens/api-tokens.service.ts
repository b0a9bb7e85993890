import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { API_TOKEN_PREFIX, QUOTAS, type ApiToken, type ApiTokenCreateBody, type CreatedApiToken } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { secretHash } from '../../core/secret-hash';
import { assertBelowQuota } from '../../db/quota';
import { createApiTokensRepository, type TokenHolder } from './api-tokens.repository';

/** 192 random bits after the prefix: guessing one is hopeless, so a plain SHA-256 is the right hash (no slow KDF needed). */
const SECRET_BYTES = 24;
const HINT_LENGTH = 4;

/** What the token lists show: the prefix and the last characters. */
const hintOf = (token: string) => `${API_TOKEN_PREFIX}…${token.slice(-HINT_LENGTH)}`;
/** `dbk_` followed by base64url: what a token looks like, before any lookup. */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{32}$`);

/** Personal API tokens (DECISIONS 30): made and listed in settings, used by scripts with `Authorization: Bearer`. */
export function createApiTokensService(em: EntityManager) {
  const tokens = createApiTokensRepository(em);
  return {
    list: (actor: Actor): Promise<ApiToken[]> => tokens.list(actor.id),

    /** A new token: its secret is in this answer and nowhere else. */
    create(actor: Actor, body: ApiTokenCreateBody): Promise<CreatedApiToken> {
      const secret = `${API_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
      return tokens.transaction(async () => {
        assertBelowQuota('apiTokens', await tokens.count(actor.id, QUOTAS.apiTokens));
        const token = await tokens.insert(actor.id, { ...body, tokenHash: secretHash(secret), hint: hintOf(secret) });
        return { token, secret };
      });
    },

    /** Revoking deletes the token: its next request gets 401. */
    async revoke(actor: Actor, id: string): Promise<void> {
      if (!(await tokens.remove(actor.id, id))) throw notFound('Token');
    },

    /** Who a bearer token belongs to, or null when it is malformed, unknown, revoked or expired. */
    async holderOf(token: string): Promise<TokenHolder | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      return tokens.holderOf(secretHash(token));
    },
  };
}
export type ApiTokensService = ReturnType<typeof createApiTokensService>;
