import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserEntity } from './user.entity';

/**
 * A user's pending confirmation mail (one at a time): the address it was sent to and the SHA-256 of the
 * token in its link. Following the link deletes the row (single use); it expires at `expiresAt`.
 */
export const EmailConfirmationEntity = defineEntity({
  name: 'EmailConfirmation',
  tableName: 'email_confirmations',
  properties: {
    user: () => p.manyToOne(UserEntity).ref().primary().deleteRule('cascade'),
    email: p.string().length(254),
    tokenHash: p.blob().unique('email_confirmations_token_hash_unique'),
    expiresAt: p.datetime(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type EmailConfirmation = InferEntity<typeof EmailConfirmationEntity>;
