import type { EntityManager } from '@mikro-orm/postgresql';
import { SECOND_FACTOR_REQUIREMENTS, type Passkey, type Role, type SecondFactorRequirement } from '@daybook/shared';
import { isoInstantSql } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';
import { endSessionsOfUser } from '../../http/session-store';
import { endApiTokensOfUser } from '../api-tokens/api-tokens.repository';

/** Where an admin's requirement is kept (`app_settings`); absent: off. */
const REQUIREMENT_SETTING = 'second_factor_required';

export interface FactorOwner {
  id: string;
  username: string;
  role: Role;
  hasPassword: boolean;
}

/** An authenticator app as stored: its sealed secret and the step of the last code it accepted. */
export interface StoredTotp {
  id: string;
  sealedSecret: string;
  lastUsedStep: number | null;
  createdAt: string;
}

/** A passkey as WebAuthn verifies it. */
export interface StoredPasskey {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
}

export interface NewPasskey {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  name: string;
}

/** What a user has: a confirmed app, how many passkeys, how many unused recovery codes. */
export interface FactorCounts {
  totp: StoredTotp | null;
  passkeys: number;
  recoveryCodes: number;
}

const PASSKEY = `p.id, p.name, ${isoInstantSql('p.created_at')} as "createdAt", ${isoInstantSql('p.last_used_at')} as "lastUsedAt"`;
const TOTP = `t.id, t.secret as "sealedSecret", t.last_used_step::float8 as "lastUsedStep", ${isoInstantSql('t.created_at')} as "createdAt"`;

type Affected = { affectedRows: number };

/** Authenticator apps, recovery codes and passkeys (DECISIONS 47); every statement scoped by the owner but the lookup of a passkey by its credential. */
export interface SecondFactorRepository extends UnitOfWork {
  /** Inside a transaction: locks the user's row against other changes of their factors; null when there is no such user. */
  lockOwner(userId: string): Promise<FactorOwner | null>;
  owner(userId: string): Promise<FactorOwner | null>;
  counts(userId: string): Promise<FactorCounts>;
  pendingTotp(userId: string): Promise<StoredTotp | null>;
  /** Replaces the user's pending app (set up, not confirmed) with one of this sealed secret. */
  savePendingTotp(userId: string, sealedSecret: string): Promise<void>;
  /** The pending app becomes the user's app (the earlier one, if any, is deleted); `step` is the code's. */
  confirmPendingTotp(userId: string, pendingId: string, step: number): Promise<boolean>;
  /** Notes `step` as used if no later or equal step was: false when the code (or a later one) was used already. */
  claimTotpStep(totpId: string, step: number): Promise<boolean>;
  /** Deletes the user's app, confirmed and pending. */
  removeTotp(userId: string): Promise<void>;
  replaceRecoveryCodes(userId: string, codeHashes: Buffer[]): Promise<void>;
  /** Deletes the code if the user has it: true exactly once per code, however many ask at once. */
  useRecoveryCode(userId: string, codeHash: Buffer): Promise<boolean>;
  removeRecoveryCodes(userId: string): Promise<void>;
  listPasskeys(userId: string): Promise<Passkey[]>;
  passkeysOf(userId: string): Promise<StoredPasskey[]>;
  passkeyByCredentialId(credentialId: string): Promise<StoredPasskey | null>;
  /** Null when the credential is registered already (to anyone). */
  insertPasskey(userId: string, passkey: NewPasskey): Promise<Passkey | null>;
  /** Notes a use with the authenticator's new counter, unless another use changed the counter meanwhile. */
  notePasskeyUse(id: string, previousCounter: number, newCounter: number): Promise<boolean>;
  removePasskey(userId: string, id: string): Promise<boolean>;
  /** Deletes every factor and recovery code of the user. */
  removeAll(userId: string): Promise<void>;
  /** Ends every session (waiting ones included) and API token of the user; answers how many tokens ended. */
  endSessionsAndTokens(userId: string): Promise<{ apiTokens: number }>;
  usersWithSecondFactor(): Promise<string[]>;
  requirement(): Promise<SecondFactorRequirement>;
  setRequirement(requirement: SecondFactorRequirement): Promise<void>;
}

const OWNER = `u.id, u.username, u.role, u.password_hash is not null as "hasPassword"`;

export function createSecondFactorRepository(rootEm: EntityManager): SecondFactorRepository {
  const { db, transaction } = dataAccess(rootEm);
  const run = (sql: string, params: unknown[]) => db().execute<Affected>(sql, params, 'run');
  return {
    transaction,

    async lockOwner(userId) {
      // No key update: a task inserted for this user (its key share lock) never waits for it.
      const [row] = await db().execute<FactorOwner[]>(`select ${OWNER} from users u where u.id = ? for no key update`, [userId]);
      return row ?? null;
    },

    async owner(userId) {
      const [row] = await db().execute<FactorOwner[]>(`select ${OWNER} from users u where u.id = ?`, [userId]);
      return row ?? null;
    },

    async counts(userId) {
      const [row] = await db().execute<{ passkeys: string; recovery_codes: string }[]>(
        `select (select count(*) from passkeys where user_id = ?) as passkeys, (select count(*) from recovery_codes where user_id = ?) as recovery_codes`,
        [userId, userId],
      );
      const [totp] = await db().execute<StoredTotp[]>(`select ${TOTP} from totp_authenticators t where t.user_id = ? and t.confirmed_at is not null`, [userId]);
      return { totp: totp ?? null, passkeys: Number(row!.passkeys), recoveryCodes: Number(row!.recovery_codes) };
    },

    async pendingTotp(userId) {
      const [row] = await db().execute<StoredTotp[]>(`select ${TOTP} from totp_authenticators t where t.user_id = ? and t.confirmed_at is null`, [userId]);
      return row ?? null;
    },

    async savePendingTotp(userId, sealedSecret) {
      await run('delete from totp_authenticators where user_id = ? and confirmed_at is null', [userId]);
      await run('insert into totp_authenticators (user_id, secret) values (?, ?)', [userId, sealedSecret]);
    },

    async confirmPendingTotp(userId, pendingId, step) {
      await run('delete from totp_authenticators where user_id = ? and confirmed_at is not null', [userId]);
      const result = await run('update totp_authenticators set confirmed_at = now(), last_used_step = ? where id = ? and user_id = ? and confirmed_at is null', [
        step,
        pendingId,
        userId,
      ]);
      return result.affectedRows > 0;
    },

    async claimTotpStep(totpId, step) {
      const result = await run('update totp_authenticators set last_used_step = ? where id = ? and (last_used_step is null or last_used_step < ?)', [step, totpId, step]);
      return result.affectedRows > 0;
    },

    async removeTotp(userId) {
      await run('delete from totp_authenticators where user_id = ?', [userId]);
    },

    async replaceRecoveryCodes(userId, codeHashes) {
      await run('delete from recovery_codes where user_id = ?', [userId]);
      for (const codeHash of codeHashes) await run('insert into recovery_codes (user_id, code_hash) values (?, ?)', [userId, codeHash]);
    },

    async useRecoveryCode(userId, codeHash) {
      const result = await run('delete from recovery_codes where user_id = ? and code_hash = ?', [userId, codeHash]);
      return result.affectedRows > 0;
    },

    async removeRecoveryCodes(userId) {
      await run('delete from recovery_codes where user_id = ?', [userId]);
    },

    listPasskeys: (userId) => db().execute<Passkey[]>(`select ${PASSKEY} from passkeys p where p.user_id = ? order by p.created_at, p.id`, [userId]),

    passkeysOf: (userId) =>
      db().execute<StoredPasskey[]>(
        `select id, user_id as "userId", credential_id as "credentialId", public_key as "publicKey", counter::float8 as counter, transports
           from passkeys where user_id = ? order by created_at, id`,
        [userId],
      ),

    async passkeyByCredentialId(credentialId) {
      const [row] = await db().execute<StoredPasskey[]>(
        `select id, user_id as "userId", credential_id as "credentialId", public_key as "publicKey", counter::float8 as counter, transports
           from passkeys where credential_id = ?`,
        [credentialId],
      );
      return row ?? null;
    },

    async insertPasskey(userId, passkey) {
      const [row] = await db().execute<Passkey[]>(
        `insert into passkeys as p (user_id, credential_id, public_key, counter, transports, name) values (?, ?, ?, ?, ?::jsonb, ?)
         on conflict (credential_id) do nothing returning ${PASSKEY}`,
        [userId, passkey.credentialId, passkey.publicKey, passkey.counter, JSON.stringify(passkey.transports), passkey.name],
      );
      return row ?? null;
    },

    async notePasskeyUse(id, previousCounter, newCounter) {
      const result = await run('update passkeys set counter = ?, last_used_at = now() where id = ? and counter = ?', [newCounter, id, previousCounter]);
      return result.affectedRows > 0;
    },

    async removePasskey(userId, id) {
      const result = await run('delete from passkeys where user_id = ? and id = ?', [userId, id]);
      return result.affectedRows > 0;
    },

    async removeAll(userId) {
      await run('delete from totp_authenticators where user_id = ?', [userId]);
      await run('delete from passkeys where user_id = ?', [userId]);
      await run('delete from recovery_codes where user_id = ?', [userId]);
    },

    async endSessionsAndTokens(userId) {
      await endSessionsOfUser(db(), userId);
      return { apiTokens: await endApiTokensOfUser(db(), userId) };
    },

    async usersWithSecondFactor() {
      const rows = await db().execute<{ user_id: string }[]>(
        `select user_id from totp_authenticators where confirmed_at is not null union select user_id from passkeys order by 1`,
      );
      return rows.map((row) => row.user_id);
    },

    async requirement() {
      const [row] = await db().execute<{ value: string }[]>('select value from app_settings where key = ?', [REQUIREMENT_SETTING]);
      const value = row?.value as SecondFactorRequirement | undefined;
      return value && SECOND_FACTOR_REQUIREMENTS.includes(value) ? value : 'off';
    },

    async setRequirement(requirement) {
      await run('insert into app_settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value', [REQUIREMENT_SETTING, requirement]);
    },
  };
}
