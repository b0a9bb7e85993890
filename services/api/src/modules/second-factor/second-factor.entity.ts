import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PASSKEY_NAME_MAX } from '@daybook/shared';
import { createdAtProperty, idProperty } from '../../db/entity-helpers';
import { UserEntity } from '../users/user.entity';

/**
 * A user's authenticator app (DECISIONS 47): its secret sealed with the secrets key (DECISIONS 48). At most
 * one confirmed and one pending per user (partial unique indexes, Migration20261207140000).
 */
export const TotpAuthenticatorEntity = defineEntity({
  name: 'TotpAuthenticator',
  tableName: 'totp_authenticators',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    /** The base32 secret, sealed with the secrets key (services/ai-worker/src/secrets/secret-box.ts). */
    secret: p.text(),
    /** Null while the app waits for its first code. */
    confirmedAt: p.datetime().nullable(),
    /** The 30-second step of the last code accepted: a code is used once. */
    lastUsedStep: p.bigint('number').nullable(),
    createdAt: createdAtProperty(),
  },
});
export type TotpAuthenticator = InferEntity<typeof TotpAuthenticatorEntity>;

/** A single-use recovery code, stored as its SHA-256 (80 random bits each). */
export const RecoveryCodeEntity = defineEntity({
  name: 'RecoveryCode',
  tableName: 'recovery_codes',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    codeHash: p.blob(),
    createdAt: createdAtProperty(),
  },
  uniques: [{ name: 'recovery_codes_user_code_unique', properties: ['user', 'codeHash'] }],
});
export type RecoveryCode = InferEntity<typeof RecoveryCodeEntity>;

/** A WebAuthn credential: a second factor, and a sign-in without a password. */
export const PasskeyEntity = defineEntity({
  name: 'Passkey',
  tableName: 'passkeys',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    /** base64url, as the browser names the credential. */
    credentialId: p.text().unique('passkeys_credential_id_unique'),
    publicKey: p.blob(),
    counter: p.bigint('number').default(0),
    transports: p.json<string[]>().default('[]'),
    name: p.string().length(PASSKEY_NAME_MAX),
    createdAt: createdAtProperty(),
    lastUsedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'passkeys_user_idx', properties: ['user', 'createdAt'] }],
});
export type Passkey = InferEntity<typeof PasskeyEntity>;
