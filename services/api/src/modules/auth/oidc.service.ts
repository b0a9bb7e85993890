import type { EntityManager } from '@mikro-orm/postgresql';
import {
  EMAIL_MAX,
  NAME_MAX,
  normalizeUsername,
  timezoneSchema,
  USERNAME_MAX,
  usernameSchema,
  type OidcPendingLink,
  type Timezone,
  type User as UserDto,
} from '@daybook/shared';
import { z } from 'zod';
import type { Env } from '../../config/env';
import type { ProviderProfile, UsersService } from '../users/users.service';
import { createOidcClient, SignInFailure, type OidcClaims, type OidcClient, type OidcFlow } from './oidc-client';
import { createOidcIdentitiesRepository, type OidcIdentitiesRepository } from './oidc-identities.repository';

export interface OidcServiceOptions {
  /** OIDC_BUTTON_LABEL: the provider's name on the "link your account" step. */
  label: string;
  /** REGISTRATION_ENABLED: a first sign-in may create an account. */
  registrationEnabled: boolean;
  /** OIDC_AUTO_REGISTER: a first sign-in creates the account even with registration closed. */
  autoRegister: boolean;
  /** OIDC_LINK_BY_EMAIL: a first sign-in whose address the provider and the account both verified signs in to that account. */
  linkByEmail: boolean;
  /** OIDC_ADMIN_GROUP: members are made admins. */
  adminGroup: string | null;
  /** OIDC_GROUPS_CLAIM: a claim name, or a dotted path into an object claim. */
  groupsClaim: string;
}

export const oidcOptions = (env: Env): OidcServiceOptions => ({
  label: env.OIDC_BUTTON_LABEL,
  registrationEnabled: env.REGISTRATION_ENABLED,
  autoRegister: env.OIDC_AUTO_REGISTER,
  linkByEmail: env.OIDC_LINK_BY_EMAIL,
  adminGroup: env.OIDC_ADMIN_GROUP ?? null,
  groupsClaim: env.OIDC_GROUPS_CLAIM,
});

/** Characters a username may not hold (shared usernameSchema): white space, control, invisible and direction characters. */
const NOT_IN_USERNAMES = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]+/gu;
/** The base of a username when no claim gives a usable one. */
const FALLBACK_USERNAME = 'user';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The valid usernames (the shared rules) a new account may take, from the claims in order of preference:
 * preferred_username, the email's local part, the name, the given name, and last a plain fallback. White
 * space becomes '-' and what a username may not hold is dropped; the users service takes the first that is
 * free, with a number added when an account has exactly that name, and passes over look-alikes of taken
 * names (DECISIONS 24).
 */
export function usernamesFromClaims(claims: Record<string, unknown>): string[] {
  const email = text(claims.email);
  const candidates = [claims.preferred_username, email?.split('@')[0], claims.name, claims.given_name];
  const usernames: string[] = [];
  for (const candidate of candidates) {
    const raw = text(candidate);
    if (!raw) continue;
    const username = normalizeUsername(raw).replace(NOT_IN_USERNAMES, '-').replace(/^-+|-+$/g, '').slice(0, USERNAME_MAX);
    if (usernameSchema.safeParse(username).success && !usernames.includes(username)) usernames.push(username);
  }
  return usernames.includes(FALLBACK_USERNAME) ? usernames : [...usernames, FALLBACK_USERNAME];
}

/** A claim that says yes: `true`, or the string "true" some providers send. */
const isTrue = (value: unknown) => value === true || value === 'true';

const emailSchema = z.email().max(EMAIL_MAX);

/** The groups a claim lists: an array of names, or one name; a dotted path reaches into objects (`realm_access.roles`). */
export function groupsOf(claims: Record<string, unknown>, path: string): string[] {
  const step = (at: unknown, key: string) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined);
  const value = path in claims ? claims[path] : path.split('.').reduce<unknown>(step, claims);
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((group): group is string => typeof group === 'string') : [];
}

/** A new account's details from the claims: the email only when the provider verified it. */
function profileOf(claims: OidcClaims, timezone: Timezone | null): ProviderProfile {
  const email = text(claims.email);
  const verifiedEmail = email && isTrue(claims.email_verified) && emailSchema.safeParse(email).success ? email : null;
  return {
    usernames: usernamesFromClaims(claims),
    email: verifiedEmail,
    firstName: text(claims.given_name)?.slice(0, NAME_MAX) ?? null,
    lastName: text(claims.family_name)?.slice(0, NAME_MAX) ?? null,
    timezone,
  };
}

/**
 * A first single sign-on whose email address a Daybook account holds, waiting (in the browser's session)
 * for the person to link that account with its password or to create a separate one. Plain data: it is
 * kept as JSON.
 */
export interface PendingLink {
  issuer: string;
  subject: string;
  /** The address the provider gave (verified or not): the one an account holds. */
  email: string | null;
  /** The new account's details, should the person create one (its email only when the provider verified it). */
  profile: ProviderProfile;
  /** A member of OIDC_ADMIN_GROUP. */
  admin: boolean;
}

/** What a callback ends in: a signed-in user, or the "link your account" step. */
export type SignInOutcome = { user: UserDto } | { pendingLink: PendingLink };

export interface OidcServiceDeps {
  users: Pick<UsersService, 'findById' | 'findByEmail' | 'registerFromProvider' | 'grantAdmin' | 'recordSignIn' | 'markEmailVerified'>;
  identities: OidcIdentitiesRepository;
  /** Null when OpenID Connect is not configured. */
  client: OidcClient | null;
}

/**
 * Sign-in with OpenID Connect (DECISIONS 30). A provider account (issuer and subject) signs in the user it
 * is linked to. On its first sign-in:
 * - no account holds its email address: it gets a new account without a password, when registration is
 *   open, OIDC_AUTO_REGISTER is set, or it is the installation's first account;
 * - an account holds it, the admin allows linking by email (OIDC_LINK_BY_EMAIL), and both the provider
 *   (`email_verified`) and the account (`emailVerified`: an admin set it, or a confirmation mail proved it)
 *   verified it: it is linked to that account;
 * - otherwise nobody is signed in yet: the "link your account" step lets the person link that account by
 *   its password (`link`), or create a separate one (`createAccount`), which takes the address from an
 *   account that holds it unverified. So an address somebody merely typed neither takes a colleague's
 *   sign-in nor locks its owner out (docs/administration.md).
 * Membership of OIDC_ADMIN_GROUP makes the user an admin (it never takes the role away: the last admin stays).
 */
export function oidcService({ users, identities, client }: OidcServiceDeps, options: OidcServiceOptions) {
  function configured(): OidcClient {
    if (!client) throw new SignInFailure('not_configured');
    return client;
  }

  /** The sign-in of `user`: the admin group's role, and the time noted. */
  async function signedIn(user: UserDto, admin: boolean): Promise<UserDto> {
    const signedInUser = admin && user.role !== 'admin' ? await users.grantAdmin(user.id) : user;
    await users.recordSignIn(signedInUser.id);
    return signedInUser;
  }

  /** Links the provider account to `user`; an address the provider verified and the account holds is now verified. */
  async function linkTo(user: UserDto, pending: PendingLink): Promise<UserDto> {
    await identities.insert(user.id, pending.issuer, pending.subject);
    const verified = pending.profile.email !== null && !user.emailVerified && (await users.markEmailVerified(user.id, pending.profile.email));
    return signedIn(verified ? { ...user, emailVerified: true } : user, pending.admin);
  }

  /** A new account for the provider account (see `registerFromProvider` for its username and address). */
  function createAccount(pending: PendingLink): Promise<UserDto> {
    return identities.transaction(async () => {
      const user = await users.registerFromProvider(pending.profile, { autoRegister: options.autoRegister, admin: pending.admin });
      await identities.insert(user.id, pending.issuer, pending.subject);
      // The admin group's role came with the account.
      return signedIn(user, false);
    });
  }

  return {
    /** Where to send the browser to sign in, and the flow the browser keeps until it comes back. */
    start: (redirectUri: string) => configured().start(redirectUri),

    /**
     * What the callback (its query, with the flow kept since the start) ends in; refusals are
     * SignInFailures or AppErrors whose code is one of the shared SIGN_IN_ERRORS.
     */
    async finish(redirectUri: string, query: string, flow: OidcFlow, timezone: string | undefined): Promise<SignInOutcome> {
      const claims = await configured().finish(redirectUri, query, flow);
      const admin = options.adminGroup !== null && groupsOf(claims, options.groupsClaim).includes(options.adminGroup);
      const linkedId = await identities.userIdOf(claims.iss, claims.sub);
      const linked = linkedId ? await users.findById(linkedId) : null;
      if (linked) return { user: await signedIn(linked, admin) };

      const email = text(claims.email);
      const pending: PendingLink = { issuer: claims.iss, subject: claims.sub, email, profile: profileOf(claims, timezoneSchema.safeParse(timezone).data ?? null), admin };
      const holder = email ? await users.findByEmail(email) : null;
      if (!holder) return { user: await createAccount(pending) };
      const bothVerified = pending.profile.email !== null && holder.emailVerified;
      if (options.linkByEmail && bothVerified) return { user: await linkTo(holder, pending) };
      return { pendingLink: pending };
    },

    /** What the "link your account" step shows. */
    describe: (pending: PendingLink): OidcPendingLink => ({
      provider: options.label,
      email: pending.email,
      newAccount: options.registrationEnabled || options.autoRegister,
    }),

    /** The step's link: `user` proved it is theirs (their password, checked by the caller). */
    link: (pending: PendingLink, user: UserDto): Promise<UserDto> => linkTo(user, pending),

    /** The step's separate account. */
    createAccount,
  };
}
export type OidcService = ReturnType<typeof oidcService>;

/** The OpenID Connect service of the environment (app.ts); without OIDC_ISSUER_URL every sign-in answers not_configured. */
export function createOidcService(em: EntityManager, users: UsersService, env: Env): OidcService {
  const client =
    env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID
      ? createOidcClient({ issuer: env.OIDC_ISSUER_URL, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET ?? null, scopes: env.OIDC_SCOPES })
      : null;
  return oidcService({ users, identities: createOidcIdentitiesRepository(em), client }, oidcOptions(env));
}
