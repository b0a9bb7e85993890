import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminUser, Role, User as UserDto } from '@daybook/shared';
import { columnMap } from '../../db/column-map';
import { isoInstantSql } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';
import { endSessionsOfUser } from '../../http/session-store';
import { endApiTokensOfUser } from '../api-tokens/api-tokens.repository';

/** The `users` table (alias `u`). The password hash is no field of the answer: only `findWithPasswordHash` reads it. */
const USER = columnMap<UserDto>()('u', {
  id: { column: 'id' },
  username: { column: 'username' },
  email: { column: 'email' },
  emailVerified: { column: 'email_verified_at is not null' },
  firstName: { column: 'first_name' },
  lastName: { column: 'last_name' },
  profileImageUrl: { column: 'profile_image_url' },
  role: { column: 'role' },
  timezone: { column: 'timezone', writable: true },
  enableDelegation: { column: 'enable_delegation', writable: true },
  workingMinutes: { column: 'working_minutes', kind: 'json', writable: true },
  createdAt: { column: 'created_at', kind: 'instant' },
  updatedAt: { column: 'updated_at', kind: 'instant' },
});

/** What makes a user unique (DECISIONS 24): the username in any case, how it looks, the email in any case. */
export type UniqueUserValue = 'username' | 'look-alike' | 'email';

/** The unique indexes of `users`, and the value each keeps unique. */
const UNIQUE_INDEXES: Record<string, UniqueUserValue> = {
  users_username_lower_unique: 'username',
  users_username_skeleton_unique: 'look-alike',
  users_email_lower_unique: 'email',
};

export interface NewUser {
  username: string;
  /** See username.ts. */
  usernameSkeleton: string;
  email: string | null;
  /** The address is known to be the user's (an admin gave it, or a sign-in provider verified it). */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  /** Null: the account signs in through OpenID Connect only. */
  passwordHash: string | null;
  role: Role;
  timezone: string;
}

/** The SQL of users and of their sessions' end. */
export interface UsersRepository extends UnitOfWork {
  /** Inside a transaction: serialises every decision about who is admin (first admin, last admin) until it ends. */
  lockAdmins(): Promise<void>;
  countAdmins(): Promise<number>;
  get(id: string): Promise<UserDto | null>;
  /** Every user, oldest first (then by username), with how they sign in and when they last did. */
  list(): Promise<AdminUser[]>;
  /** The user of a username in any case, with their password hash (null: none, the account signs in through OpenID Connect). */
  findWithPasswordHash(username: string): Promise<{ user: UserDto; passwordHash: string | null } | null>;
  /** The user of an email address in any case. */
  findByEmail(email: string): Promise<UserDto | null>;
  /** Notes a sign-in (User Management shows the last one); `updatedAt` stays. */
  recordSignIn(id: string): Promise<void>;
  /** Gives the admin role; the user as it is now. */
  grantAdmin(id: string): Promise<UserDto | null>;
  /** Sets the role; `updatedAt` moves only when it changes. The user as it is now, or null. */
  setRole(id: string, role: Role): Promise<UserDto | null>;
  /** The unique values of `user` that another user has already. */
  takenValues(user: Pick<NewUser, 'username' | 'usernameSkeleton' | 'email'>): Promise<UniqueUserValue[]>;
  /** The new user, or the unique value another user took first. */
  insert(user: NewUser): Promise<UserDto | { taken: UniqueUserValue }>;
  /** Writes the settings the patch gives; `updatedAt` moves only when a value changes. null: no such user. */
  updateSettings(id: string, patch: Partial<Pick<UserDto, 'enableDelegation' | 'timezone' | 'workingMinutes'>>): Promise<UserDto | null>;
  /** False when there is no such user. */
  setPasswordHash(id: string, passwordHash: string): Promise<boolean>;
  makeAdmin(id: string, passwordHash: string): Promise<void>;
  /** Deletes the user and, through the foreign keys' cascades, every row they own, sessions included. */
  remove(id: string): Promise<boolean>;
  /** Ends every session and every API token of the user (DECISIONS 4); answers how many tokens ended. */
  endSessionsAndTokens(id: string): Promise<{ apiTokens: number }>;
  /** Notes that the user's address is theirs, if it is still `email` (any case); false otherwise. */
  markEmailVerified(id: string, email: string): Promise<boolean>;
  /**
   * Takes `email` (any case) away from the account that holds it unverified, so that the person a sign-in
   * provider vouches for can have it; false when no unverified account holds it.
   */
  releaseUnverifiedEmail(email: string): Promise<boolean>;
}

export function createUsersRepository(rootEm: EntityManager): UsersRepository {
  const { db, transaction } = dataAccess(rootEm);

  async function get(id: string): Promise<UserDto | null> {
    const [user] = await db().execute<UserDto[]>(`select ${USER.select} from users u where u.id = ?`, [id]);
    return user ?? null;
  }

  return {
    transaction,

    async lockAdmins() {
      await db().execute('select pg_advisory_xact_lock(hashtext(?))', ['daybook:admins']);
    },

    async countAdmins() {
      const [row] = await db().execute<{ count: number }[]>(`select count(*)::int as count from users where role = 'admin'`);
      return row?.count ?? 0;
    },

    get,

    async list() {
      // How each signs in: a password hash, and identities at a provider (the auth module's table).
      const rows = await db().execute<(UserDto & { has_password: boolean; has_identity: boolean; last_sign_in_at: string | null })[]>(
        `select ${USER.select}, u.password_hash is not null as has_password,
                exists (select 1 from user_identities i where i.user_id = u.id) as has_identity,
                ${isoInstantSql('u.last_sign_in_at')} as last_sign_in_at
           from users u order by u.created_at, u.username`,
      );
      return rows.map(({ has_password, has_identity, last_sign_in_at, ...user }) => ({
        ...user,
        signInMethods: [...(has_password ? (['password'] as const) : []), ...(has_identity ? (['oidc'] as const) : [])],
        lastSignInAt: last_sign_in_at,
      }));
    },

    async findWithPasswordHash(username) {
      const [row] = await db().execute<(UserDto & { password_hash: string | null })[]>(
        `select ${USER.select}, u.password_hash from users u where lower(u.username) = lower(?)`,
        [username],
      );
      if (!row) return null;
      const { password_hash: passwordHash, ...user } = row;
      return { user, passwordHash };
    },

    async findByEmail(email) {
      const [user] = await db().execute<UserDto[]>(`select ${USER.select} from users u where lower(u.email) = lower(?)`, [email]);
      return user ?? null;
    },

    async recordSignIn(id) {
      await db().execute('update users set last_sign_in_at = now() where id = ?', [id], 'run');
    },

    async grantAdmin(id) {
      const [user] = await db().execute<UserDto[]>(
        `update users u set role = 'admin', updated_at = case when u.role = 'admin' then u.updated_at else now() end where u.id = ? returning ${USER.select}`,
        [id],
      );
      return user ?? null;
    },

    async setRole(id, role) {
      const [user] = await db().execute<UserDto[]>(
        `update users u set role = ?, updated_at = case when u.role = ? then u.updated_at else now() end where u.id = ? returning ${USER.select}`,
        [role, role, id],
      );
      return user ?? null;
    },

    async takenValues(user) {
      // Each condition is the expression of its unique index, so each is one index lookup.
      const [row] = await db().execute<Record<'username' | 'look_alike' | 'email', boolean>[]>(
        `select exists (select 1 from users where lower(username) = lower(?)) as username,
                exists (select 1 from users where username_skeleton = ?) as look_alike,
                exists (select 1 from users where lower(email) = lower(?)) as email`,
        [user.username, user.usernameSkeleton, user.email],
      );
      const taken: UniqueUserValue[] = [];
      if (row?.username) taken.push('username');
      if (row?.look_alike) taken.push('look-alike');
      if (row?.email) taken.push('email');
      return taken;
    },

    async insert(user) {
      try {
        const [inserted] = await db().execute<UserDto[]>(
          `insert into users as u (id, username, username_skeleton, email, email_verified_at, first_name, last_name, password_hash, role, timezone)
           values (?, ?, ?, ?, case when ?::boolean and ?::text is not null then now() end, ?, ?, ?, ?, ?) returning ${USER.select}`,
          [
            randomUUID(),
            user.username,
            user.usernameSkeleton,
            user.email,
            user.emailVerified,
            user.email,
            user.firstName,
            user.lastName,
            user.passwordHash,
            user.role,
            user.timezone,
          ],
        );
        return inserted!;
      } catch (error) {
        const taken = error instanceof UniqueConstraintViolationException ? UNIQUE_INDEXES[String((error as { constraint?: unknown }).constraint)] : undefined;
        if (taken) return { taken };
        throw error;
      }
    },

    async updateSettings(id, patch) {
      const { set, params } = USER.assignments(patch);
      if (!set) return get(id);
      // The comparison reads the row as it was before this update.
      const written = USER.writes(patch);
      const [user] = await db().execute<UserDto[]>(
        `update users u set ${set},
                updated_at = case when (${written.columns}) is distinct from (${written.placeholders}) then now() else u.updated_at end
          where u.id = ? returning ${USER.select}`,
        [...params, ...written.params, id],
      );
      return user ?? null;
    },

    async setPasswordHash(id, passwordHash) {
      const result = await db().execute<QueryResult>('update users set password_hash = ?, updated_at = now() where id = ?', [passwordHash, id], 'run');
      return result.affectedRows > 0;
    },

    async makeAdmin(id, passwordHash) {
      await db().execute(`update users set role = 'admin', password_hash = ?, updated_at = now() where id = ?`, [passwordHash, id], 'run');
    },

    async remove(id) {
      const result = await db().execute<QueryResult>('delete from users where id = ?', [id], 'run');
      return result.affectedRows > 0;
    },

    async endSessionsAndTokens(id) {
      await endSessionsOfUser(db(), id);
      return { apiTokens: await endApiTokensOfUser(db(), id) };
    },

    async markEmailVerified(id, email) {
      const result = await db().execute<QueryResult>(
        'update users set email_verified_at = coalesce(email_verified_at, now()) where id = ? and lower(email) = lower(?)',
        [id, email],
        'run',
      );
      return result.affectedRows > 0;
    },

    async releaseUnverifiedEmail(email) {
      const result = await db().execute<QueryResult>(
        'update users set email = null, updated_at = now() where lower(email) = lower(?) and email_verified_at is null',
        [email],
        'run',
      );
      return result.affectedRows > 0;
    },
  };
}
