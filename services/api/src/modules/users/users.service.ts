import { raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_TIME_INCREMENTS,
  normalizeUsername,
  type AdminCreateUserBody,
  type RegisterBody,
  type Role,
  type Timezone,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors';
import { endSessionsOfUser } from '../../http/session-store';
import { hashPassword } from '../auth/passwords';
import { TimeIncrementEntity } from '../time-increments/time-increment.entity';
import { UserEntity, type User } from './user.entity';
import { usernameSkeleton } from './username';

interface NewUser {
  username: string;
  password: string;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  role: Role;
}

/** Serialises every decision about who is admin (first admin, last admin) across concurrent requests. */
const lockAdmins = (em: EntityManager) => em.execute('select pg_advisory_xact_lock(hashtext(?))', ['daybook:admins']);

const USERNAME_TAKEN = 'Username already exists';
const USERNAME_LOOKS_TAKEN = 'Username is too similar to an existing username';
const EMAIL_TAKEN = 'Email already exists';
/** The unique indexes of `users` and what a create that collides with one is told. */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_username_lower_unique: USERNAME_TAKEN,
  users_username_skeleton_unique: USERNAME_LOOKS_TAKEN,
  users_email_lower_unique: EMAIL_TAKEN,
};

/** Rows whose username is `username` ignoring case (the `users_username_lower_unique` index). */
const sameUsername = (username: string) => ({ [raw('lower(username)')]: raw('lower(?)', [username]) });

export function createUsersService(rootEm: EntityManager, options: { registrationEnabled: boolean }) {
  const em = () => rootEm.getContext() as EntityManager;

  /** The user of a username as the login form sends it (normalised by the shared schema), any case. */
  async function findByUsername(username: string): Promise<User | null> {
    return em().findOne(UserEntity, sameUsername(username));
  }

  /**
   * Creates a user with a sensible default set of time increments, refusing taken names and emails and
   * names that look like a taken one (DECISIONS 24). The unique indexes settle simultaneous creates.
   */
  async function insertUser(tx: EntityManager, fields: NewUser): Promise<User> {
    const skeleton = usernameSkeleton(fields.username);
    if (await tx.count(UserEntity, sameUsername(fields.username))) throw conflict(USERNAME_TAKEN);
    if (await tx.count(UserEntity, { usernameSkeleton: skeleton })) throw conflict(USERNAME_LOOKS_TAKEN);
    if (fields.email && (await tx.count(UserEntity, { email: { $ilike: escapeLike(fields.email) } }))) {
      throw conflict(EMAIL_TAKEN);
    }
    const user = tx.create(UserEntity, {
      username: fields.username,
      usernameSkeleton: skeleton,
      email: fields.email ?? null,
      firstName: fields.firstName ?? null,
      lastName: fields.lastName ?? null,
      passwordHash: await hashPassword(fields.password),
      role: fields.role,
    });
    for (const increment of DEFAULT_TIME_INCREMENTS) {
      tx.create(TimeIncrementEntity, { user, label: increment.label, value: increment.value });
    }
    try {
      await tx.flush();
    } catch (error) {
      const message = error instanceof UniqueConstraintViolationException ? UNIQUE_MESSAGES[String((error as { constraint?: unknown }).constraint)] : undefined;
      throw message ? conflict(message) : error;
    }
    return user;
  }

  return {
    findByUsername,

    async get(actor: Actor): Promise<User> {
      const user = await em().findOne(UserEntity, { id: actor.id });
      if (!user) throw notFound('User');
      return user;
    },

    /**
     * Self-registration (DECISIONS 6): the first account of an installation becomes admin, and may
     * register even when registration is closed (otherwise nobody could ever sign in).
     */
    async register(body: RegisterBody): Promise<User> {
      return em().transactional(async (tx) => {
        await lockAdmins(tx);
        const isFirstAccount = (await tx.count(UserEntity, { role: 'admin' })) === 0;
        if (!options.registrationEnabled && !isFirstAccount) throw forbidden('Registration is disabled');
        return insertUser(tx, { ...body, role: isFirstAccount ? 'admin' : 'user' });
      });
    },

    async updateSettings(actor: Actor, enableDelegation: boolean): Promise<User> {
      const user = await this.get(actor);
      user.enableDelegation = enableDelegation;
      await em().flush();
      return user;
    },

    async updateTimezone(actor: Actor, timezone: Timezone): Promise<User> {
      const user = await this.get(actor);
      user.timezone = timezone;
      await em().flush();
      return user;
    },

    async list(_admin: Actor): Promise<User[]> {
      return em().find(UserEntity, {}, { orderBy: { createdAt: 'asc', username: 'asc' } });
    },

    async create(_admin: Actor, body: AdminCreateUserBody): Promise<User> {
      return em().transactional((tx) => insertUser(tx, body));
    },

    /** Deletes a user and, through the foreign keys' cascades, every row they own, sessions included. */
    async remove(admin: Actor, userId: string): Promise<void> {
      if (userId === admin.id) throw badRequest('You cannot delete your own account');
      await em().transactional(async (tx) => {
        await lockAdmins(tx);
        const user = await tx.findOne(UserEntity, { id: userId });
        if (!user) throw notFound('User');
        if (user.role === 'admin' && (await tx.count(UserEntity, { role: 'admin' })) <= 1) {
          throw badRequest('The last admin cannot be deleted');
        }
        await tx.nativeDelete(UserEntity, { id: userId });
      });
    },

    async resetPassword(_admin: Actor, userId: string, newPassword: string): Promise<void> {
      const user = await em().findOne(UserEntity, { id: userId });
      if (!user) throw notFound('User');
      user.passwordHash = await hashPassword(newPassword);
      await em().flush();
      await endSessionsOfUser(em(), userId);
    },

    /**
     * DECISIONS 6: with ADMIN_USERNAME/ADMIN_PASSWORD set and no admin yet, the admin exists after
     * start-up. An existing plain account of that name is promoted and given that password.
     */
    async ensureAdmin(rawUsername: string, password: string): Promise<'created' | 'promoted' | 'exists'> {
      const username = normalizeUsername(rawUsername);
      return em().transactional(async (tx) => {
        await lockAdmins(tx);
        if ((await tx.count(UserEntity, { role: 'admin' })) > 0) return 'exists';
        const existing = await tx.findOne(UserEntity, sameUsername(username));
        if (existing) {
          existing.role = 'admin';
          existing.passwordHash = await hashPassword(password);
          await tx.flush();
          return 'promoted';
        }
        await insertUser(tx, { username, password, role: 'admin' });
        return 'created';
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

/** Exact, case-insensitive matching through ILIKE: the pattern characters are escaped. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
