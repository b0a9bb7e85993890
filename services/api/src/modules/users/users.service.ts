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
  type ChangePasswordBody,
  type CredentialsEnded,
  type RegisterBody,
  type Role,
  type Timezone,
  type User as UserDto,
  type UserSettingsBody,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../core/errors';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { createBillingRepository, type BillingRepository } from '../billing/billing.repository';
import { DEFAULT_BILLING_SETTINGS } from '../billing/billing.service';
import { createTimeIncrementsRepository, type TimeIncrementsRepository } from '../time-increments/time-increments.repository';
import { usernameSkeleton } from './username';
import { createUsersRepository, type UniqueUserValue, type UsersRepository } from './users.repository';

interface NewUserBody {
  username: string;
  /** Null: the account signs in through OpenID Connect only. */
  password: string | null;
  email?: string | undefined;
  /** An admin gave the address (or there is none): it counts as the user's. */
  emailVerified: boolean;
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
export const LAST_ADMIN_ROLE_MESSAGE = 'The last admin cannot be made a user: make another account admin first';

export interface UsersServiceOptions {
  registrationEnabled: boolean;
}

/** A person a sign-in provider vouches for, as a new account takes them (DECISIONS 30). */
export interface ProviderProfile {
  /** Valid usernames (the shared rules), the preferred first; the last is a plain fallback. See `registerFromProvider`. */
  usernames: string[];
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

/** `anna-2` … `anna-20`, then `anna-<random>`. */
const numberedUsernames = (base: string) => [
  ...Array.from({ length: NUMBERED_USERNAMES - 1 }, (_, i) => withSuffix(base, `-${i + 2}`)),
  withSuffix(base, `-${randomBytes(4).toString('hex')}`),
];

const accountExists = () => new AppError(409, 'account_exists', SIGN_IN_ERRORS.account_exists);

/** What a password reset, a password change and "sign out everywhere" say they ended. */
const endedMessage = (start: string, apiTokens: number) =>
  `${start} ${apiTokens === 1 ? '1 API token was' : `${apiTokens} API tokens were`} ended.`;

export interface UsersServiceRepositories {
  users: UsersRepository;
  /** A new user's default time increments. */
  timeIncrements: Pick<TimeIncrementsRepository, 'insertAll'>;
  /** A new user's billing currency, when registration names one. */
  billing: Pick<BillingRepository, 'saveSettings'>;
}

/** The users service on the database (app.ts, main.ts). */
export const createUsersService = (em: EntityManager, options: UsersServiceOptions) =>
  usersService({ users: createUsersRepository(em), timeIncrements: createTimeIncrementsRepository(em), billing: createBillingRepository(em) }, options);

/** Accounts: registration, the first and the last admin (DECISIONS 6, 7), settings, admin management. */
export function usersService({ users, timeIncrements, billing }: UsersServiceRepositories, options: UsersServiceOptions) {
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
      emailVerified: fields.emailVerified,
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

  /**
   * Inside a transaction: the first of the provider's usernames that is free, as it is or numbered. A
   * suggestion that is free only in its letters — it looks like a taken name (DECISIONS 24: `barsаdmin`
   * with a Cyrillic `а` beside `barsadmin`) — is passed over, as registration would refuse it: numbered, it
   * would still pass for that name's next account (`barsаdmin-2`). Null when none is free.
   */
  async function freeUsername(suggestions: string[]): Promise<string | null> {
    const takenOf = (username: string) => users.takenValues({ username, usernameSkeleton: usernameSkeleton(username), email: null });
    for (const suggestion of suggestions) {
      const taken = await takenOf(suggestion);
      if (taken.length === 0) return suggestion;
      if (!taken.includes('username')) continue;
      for (const numbered of numberedUsernames(suggestion)) if ((await takenOf(numbered)).length === 0) return numbered;
    }
    return null;
  }

  /** Ends every session and every API token of the user, and says so (`start` says what happened first). */
  async function endSessionsAndTokens(userId: string, start: string): Promise<CredentialsEnded> {
    const ended = await users.endSessionsAndTokens(userId);
    return { message: endedMessage(start, ended.apiTokens), endedApiTokens: ended.apiTokens };
  }

  /**
   * Refuses unless `password` is the user's current one (403 wrong_password; the session goes on): what proves
   * it is the user, not a session someone else holds, before a change of how the account signs in. The route
   * counts the attempt as a sign-in's before this checks it.
   */
  async function assertCurrentPassword(actor: Actor, password: string): Promise<void> {
    const found = await users.findWithPasswordHash(actor.username);
    if (!found || found.user.id !== actor.id) throw notFound('User');
    if (!found.passwordHash) throw badRequest('Your account has no password: you sign in through single sign-on.', 'no_password');
    if (!(await verifyPassword(found.passwordHash, password))) throw new AppError(403, 'wrong_password', 'Your current password is not correct');
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
        // Nobody has proven the address yet: a confirmation mail can (email-confirmations.service.ts).
        const { currency, ...fields } = body;
        const user = await insertUser({ ...fields, emailVerified: false, role: isFirstAccount ? 'admin' : 'user' });
        if (currency) await billing.saveSettings(user.id, { ...DEFAULT_BILLING_SETTINGS, currency });
        return user;
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

    /** Notes that the user's address is theirs, if it is still `email` (a confirmation mail, a provider's verified claim). */
    markEmailVerified: (userId: string, email: string) => users.markEmailVerified(userId, email),

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
     * account of the installation, which becomes admin as in `register`. The username is the first free one
     * of the profile's (see `freeUsername`). The provider verified the email: an account that holds it
     * unverified loses it to the new one (an unproven address never blocks its owner), and when a verified
     * account holds it the new account has none.
     */
    async registerFromProvider(profile: ProviderProfile, { autoRegister, admin }: { autoRegister: boolean; admin: boolean }): Promise<UserDto> {
      return users.transaction(async () => {
        await users.lockAdmins();
        const isFirstAccount = (await users.countAdmins()) === 0;
        if (!options.registrationEnabled && !autoRegister && !isFirstAccount) throw new AppError(403, 'registration_closed', SIGN_IN_ERRORS.registration_closed);
        let email = profile.email;
        if (email && !(await users.releaseUnverifiedEmail(email)) && (await users.findByEmail(email))) email = null;
        const username = await freeUsername(profile.usernames);
        if (!username) throw conflict('No free username was found for this account');
        const user = await users.insert({
          username,
          usernameSkeleton: usernameSkeleton(username),
          email,
          emailVerified: email !== null,
          firstName: profile.firstName,
          lastName: profile.lastName,
          passwordHash: null,
          role: isFirstAccount || admin ? 'admin' : 'user',
          timezone: profile.timezone ?? DEFAULT_TIMEZONE,
        });
        // Taken in the meantime (by an admin's create, which does not wait for the admins' lock): the
        // failed insert ended the transaction, so the sign-in is refused and may simply be tried again.
        if ('taken' in user) throw user.taken === 'email' ? accountExists() : takenConflict(user.taken);
        await timeIncrements.insertAll(user.id, DEFAULT_TIME_INCREMENTS);
        return user;
      });
    },

    /** An admin's new account: the address the admin gives counts as the user's. */
    create: (_admin: Actor, body: AdminCreateUserBody): Promise<UserDto> => users.transaction(() => insertUser({ ...body, emailVerified: true })),

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

    /** An admin's change of a user's role (their own too); never the last admin's to user. */
    async changeRole(_admin: Actor, userId: string, role: Role): Promise<UserDto> {
      return users.transaction(async () => {
        await users.lockAdmins();
        const user = await users.get(userId);
        if (!user) throw notFound('User');
        if (user.role === 'admin' && role !== 'admin' && (await users.countAdmins()) <= 1) throw badRequest(LAST_ADMIN_ROLE_MESSAGE, 'last_admin');
        return (await users.setRole(userId, role))!;
      });
    },

    /** An admin's reset: a new password, and every session and API token of the user ends (DECISIONS 4). */
    async resetPassword(_admin: Actor, userId: string, newPassword: string): Promise<CredentialsEnded> {
      if (!(await users.setPasswordHash(userId, await hashPassword(newPassword)))) throw notFound('User');
      return endSessionsAndTokens(userId, 'Password reset successfully. The user was signed out everywhere and');
    },

    /**
     * The user's own change, proven with the current password: every session and every API token of the
     * user ends (the route starts a new session for the browser that asked). Always, without asking: who
     * changes a password because it leaked wants every way in closed, and a script's token is made again
     * in a minute (docs/administration.md).
     */
    async changePassword(actor: Actor, { currentPassword, newPassword }: ChangePasswordBody): Promise<CredentialsEnded> {
      await assertCurrentPassword(actor, currentPassword);
      await users.setPasswordHash(actor.id, await hashPassword(newPassword));
      return endSessionsAndTokens(actor.id, 'Password changed. You were signed out on your other devices and');
    },

    assertCurrentPassword,

    /** "Sign out everywhere": every session of the user, this one included, and every API token end. */
    signOutEverywhere: (actor: Actor): Promise<CredentialsEnded> => endSessionsAndTokens(actor.id, 'You were signed out everywhere and'),

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
        await insertUser({ username, password, emailVerified: false, role: 'admin' });
        return 'created';
      });
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
