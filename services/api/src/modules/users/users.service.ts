import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_TIME_INCREMENTS,
  DEFAULT_TIMEZONE,
  normalizeUsername,
  SIGN_IN_ERRORS,
  USERNAME_MAX,
  type AdminCreateUserBody,
  type AdminUser,
  type RegisterBody,
  type Role,
  type Timezone,
  type User as UserDto,
  type UserSettingsBody,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../core/errors';
import { hashPassword } from '../auth/passwords';
import { createTimeIncrementsRepository, type TimeIncrementsRepository } from '../time-increments/time-increments.repository';
import { usernameSkeleton } from './username';
import { createUsersRepository, type UniqueUserValue, type UsersRepository } from './users.repository';

interface NewUserBody {
  username: string;
  /** Null: the account signs in through OpenID Connect only. */
  password: string | null;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  role: Role;
  /** Absent: DEFAULT_TIMEZONE (admin-created accounts, the admin from the environment). */
  timezone?: Timezone | undefined;
}

/** What a new user is told when a unique value is taken; checked in this order, the first one taken answers. */
const TAKEN_MESSAGES = {
  username: 'Username already exists',
  'look-alike': 'Username is too similar to an existing username',
  email: 'Email already exists',
} satisfies Record<UniqueUserValue, string>;
const takenConflict = (value: UniqueUserValue) => conflict(TAKEN_MESSAGES[value]);

export const SELF_DELETION_MESSAGE = 'You cannot delete your own account';
export const LAST_ADMIN_MESSAGE = 'The last admin cannot be deleted';

export interface UsersServiceOptions {
  registrationEnabled: boolean;
}

/** A person a sign-in provider vouches for, as a new account takes them (DECISIONS 30). */
export interface ProviderProfile {
  /** A valid username (the shared rules); a number is added when it is taken. */
  username: string;
  /** Only an address the provider has verified. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  timezone: Timezone | null;
}

/** Usernames tried with a number added (`anna-2` … `anna-20`) before a random suffix. */
const NUMBERED_USERNAMES = 20;

/** `base` with `suffix` added, shortened so that the whole stays within the maximum length. */
const withSuffix = (base: string, suffix: string) => `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;

export interface UsersServiceRepositories {
  users: UsersRepository;
  /** A new user's default time increments. */
  timeIncrements: Pick<TimeIncrementsRepository, 'insertAll'>;
}

/** The users service on the database (app.ts, main.ts). */
export const createUsersService = (em: EntityManager, options: UsersServiceOptions) =>
  usersService({ users: createUsersRepository(em), timeIncrements: createTimeIncrementsRepository(em) }, options);

/** Accounts: registration, the first and the last admin (DECISIONS 6, 7), settings, admin management. */
export function usersService({ users, timeIncrements }: UsersServiceRepositories, options: UsersServiceOptions) {
  /**
   * Inside a transaction: creates a user with the default time increments, refusing taken names and
   * emails and names that look like a taken one (DECISIONS 24). The unique indexes settle simultaneous creates.
   */
  async function insertUser(fields: NewUserBody): Promise<UserDto> {
    const candidate = { username: fields.username, usernameSkeleton: usernameSkeleton(fields.username), email: fields.email ?? null };
    const taken = await users.takenValues(candidate);
    const firstTaken = (Object.keys(TAKEN_MESSAGES) as UniqueUserValue[]).find((value) => taken.includes(value));
    if (firstTaken) throw takenConflict(firstTaken);
    const user = await users.insert({
      ...candidate,
      firstName: fields.firstName ?? null,
      lastName: fields.lastName ?? null,
      passwordHash: fields.password === null ? null : await hashPassword(fields.password),
      role: fields.role,
      timezone: fields.timezone ?? DEFAULT_TIMEZONE,
    });
    if ('taken' in user) throw takenConflict(user.taken);
    await timeIncrements.insertAll(user.id, DEFAULT_TIME_INCREMENTS);
    return user;
  }

  async function get(actor: Actor): Promise<UserDto> {
    const user = await users.get(actor.id);
    if (!user) throw notFound('User');
    return user;
  }

  async function updateSettings(actor: Actor, patch: UserSettingsBody & { timezone?: Timezone }): Promise<UserDto> {
    const user = await users.updateSettings(actor.id, patch);
    if (!user) throw notFound('User');
    return user;
  }

  return {
    get,

    /** The user of a username as the login form sends it (normalised by the shared schema), any case, with their password hash. */
    findCredentials: (username: string) => users.findWithPasswordHash(username),

    /**
     * Self-registration (DECISIONS 6): the first account of an installation becomes admin, and may
     * register even when registration is closed (otherwise nobody could ever sign in).
     */
    async register(body: RegisterBody): Promise<UserDto> {
      return users.transaction(async () => {
        await users.lockAdmins();
        const isFirstAccount = (await users.countAdmins()) === 0;
        if (!options.registrationEnabled && !isFirstAccount) throw forbidden('Registration is disabled');
        return insertUser({ ...body, role: isFirstAccount ? 'admin' : 'user' });
      });
    },

    /** The settings the body names (delegation, working hours); the others stay. */
    updateSettings: (actor: Actor, settings: UserSettingsBody) => updateSettings(actor, settings),
    updateTimezone: (actor: Actor, timezone: Timezone) => updateSettings(actor, { timezone }),

    list: (_admin: Actor): Promise<AdminUser[]> => users.list(),

    /** A user by id, or null. */
    findById: (userId: string) => users.get(userId),

    /** The user of an email address (any case), or null. */
    findByEmail: (email: string) => users.findByEmail(email),

    /** Notes a sign-in, with a password or through a provider. */
    recordSignIn: (userId: string) => users.recordSignIn(userId),

    /** Makes a user admin (a provider's admin group, DECISIONS 30); never takes the role away. */
    async grantAdmin(userId: string): Promise<UserDto> {
      const user = await users.grantAdmin(userId);
      if (!user) throw notFound('User');
      return user;
    },

    /** Whether an admin exists (until one does, the first account may be created even with registration closed). */
    hasAdmin: async () => (await users.countAdmins()) > 0,

    /**
     * An account without a password for a person a sign-in provider vouches for, on their first sign-in:
     * allowed when registration is open, or `autoRegister` (OIDC_AUTO_REGISTER), or for the very first
     * account of the installation, which becomes admin as in `register`. A taken username gets a number
     * (`anna-2`); a taken email is refused (linking by email is the caller's decision).
     */
    async registerFromProvider(profile: ProviderProfile, { autoRegister, admin }: { autoRegister: boolean; admin: boolean }): Promise<UserDto> {
      return users.transaction(async () => {
        await users.lockAdmins();
        const isFirstAccount = (await users.countAdmins()) === 0;
        if (!options.registrationEnabled && !autoRegister && !isFirstAccount) throw new AppError(403, 'registration_closed', SIGN_IN_ERRORS.registration_closed);
        const candidates = [profile.username, ...Array.from({ length: NUMBERED_USERNAMES - 1 }, (_, i) => withSuffix(profile.username, `-${i + 2}`))];
        candidates.push(withSuffix(profile.username, `-${randomBytes(4).toString('hex')}`));
        for (const username of candidates) {
          const candidate = { username, usernameSkeleton: usernameSkeleton(username), email: profile.email };
          const taken = await users.takenValues(candidate);
          if (taken.includes('email')) throw new AppError(409, 'account_exists', SIGN_IN_ERRORS.account_exists);
          if (taken.length > 0) continue;
          const user = await users.insert({
            ...candidate,
            firstName: profile.firstName,
            lastName: profile.lastName,
            passwordHash: null,
            role: isFirstAccount || admin ? 'admin' : 'user',
            timezone: profile.timezone ?? DEFAULT_TIMEZONE,
          });
          // Taken in the meantime (by an admin's create, which does not wait for the admins' lock): the
          // failed insert ended the transaction, so the sign-in is refused and may simply be tried again.
          if ('taken' in user) throw user.taken === 'email' ? new AppError(409, 'account_exists', SIGN_IN_ERRORS.account_exists) : takenConflict(user.taken);
          await timeIncrements.insertAll(user.id, DEFAULT_TIME_INCREMENTS);
          return user;
        }
        throw conflict('No free username was found for this account');
      });
    },

    create: (_admin: Actor, body: AdminCreateUserBody): Promise<UserDto> => users.transaction(() => insertUser(body)),

    /** Deletes a user with every row they own, sessions included; never the acting admin, never the last admin. */
    async remove(admin: Actor, userId: string): Promise<void> {
      if (userId === admin.id) throw badRequest(SELF_DELETION_MESSAGE);
      await users.transaction(async () => {
        await users.lockAdmins();
        const user = await users.get(userId);
        if (!user) throw notFound('User');
        if (user.role === 'admin' && (await users.countAdmins()) <= 1) throw badRequest(LAST_ADMIN_MESSAGE);
        await users.remove(userId);
      });
    },

    /** A new password; every session of the user ends (DECISIONS 4). */
    async resetPassword(_admin: Actor, userId: string, newPassword: string): Promise<void> {
      if (!(await users.setPasswordHash(userId, await hashPassword(newPassword)))) throw notFound('User');
      await users.endSessions(userId);
    },

    /**
     * DECISIONS 6: with ADMIN_USERNAME/ADMIN_PASSWORD set and no admin yet, the admin exists after
     * start-up. An existing plain account of that name is promoted and given that password.
     */
    async ensureAdmin(rawUsername: string, password: string): Promise<'created' | 'promoted' | 'exists'> {
      const username = normalizeUsername(rawUsername);
      return users.transaction(async () => {
        await users.lockAdmins();
        if ((await users.countAdmins()) > 0) return 'exists';
        const existing = await users.findWithPasswordHash(username);
        if (existing) {
          await users.makeAdmin(existing.user.id, await hashPassword(password));
          return 'promoted';
        }
        await insertUser({ username, password, role: 'admin' });
        return 'created';
      });
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
