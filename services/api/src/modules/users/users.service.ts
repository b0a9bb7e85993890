import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_TIME_INCREMENTS,
  DEFAULT_TIMEZONE,
  normalizeUsername,
  type AdminCreateUserBody,
  type RegisterBody,
  type Role,
  type Timezone,
  type User as UserDto,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors';
import { hashPassword } from '../auth/passwords';
import { createTimeIncrementsRepository, type TimeIncrementsRepository } from '../time-increments/time-increments.repository';
import { usernameSkeleton } from './username';
import { createUsersRepository, type UniqueUserValue, type UsersRepository } from './users.repository';

interface NewUserBody {
  username: string;
  password: string;
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
      passwordHash: await hashPassword(fields.password),
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

  async function updateSettings(actor: Actor, patch: { enableDelegation?: boolean; timezone?: Timezone }): Promise<UserDto> {
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

    updateSettings: (actor: Actor, enableDelegation: boolean) => updateSettings(actor, { enableDelegation }),
    updateTimezone: (actor: Actor, timezone: Timezone) => updateSettings(actor, { timezone }),

    list: (_admin: Actor): Promise<UserDto[]> => users.list(),

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
