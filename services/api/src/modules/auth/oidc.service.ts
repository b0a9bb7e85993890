import type { EntityManager } from '@mikro-orm/postgresql';
import { EMAIL_MAX, NAME_MAX, normalizeUsername, SIGN_IN_ERRORS, timezoneSchema, USERNAME_MAX, usernameSchema, type Timezone, type User as UserDto } from '@daybook/shared';
import { z } from 'zod';
import type { Env } from '../../config/env';
import { AppError } from '../../core/errors';
import type { ProviderProfile, UsersService } from '../users/users.service';
import { createOidcClient, SignInFailure, type OidcClaims, type OidcClient, type OidcFlow } from './oidc-client';
import { createOidcIdentitiesRepository, type OidcIdentitiesRepository } from './oidc-identities.repository';

export interface OidcServiceOptions {
  /** OIDC_AUTO_REGISTER: a first sign-in creates the account even with registration closed. */
  autoRegister: boolean;
  /** OIDC_LINK_BY_EMAIL: a first sign-in with a verified email signs in to the account of that email. */
  linkByEmail: boolean;
  /** OIDC_ADMIN_GROUP: members are made admins. */
  adminGroup: string | null;
  /** OIDC_GROUPS_CLAIM: a claim name, or a dotted path into an object claim. */
  groupsClaim: string;
}

export const oidcOptions = (env: Env): OidcServiceOptions => ({
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
 * A valid username (the shared rules) for a new account, from the claims in order of preference:
 * preferred_username, the email's local part, the name, the given name. White space becomes '-' and what a
 * username may not hold is dropped; the users service adds a number when it is taken.
 */
export function usernameFromClaims(claims: Record<string, unknown>): string {
  const email = text(claims.email);
  const candidates = [claims.preferred_username, email?.split('@')[0], claims.name, claims.given_name];
  for (const candidate of candidates) {
    const raw = text(candidate);
    if (!raw) continue;
    const username = normalizeUsername(raw).replace(NOT_IN_USERNAMES, '-').replace(/^-+|-+$/g, '').slice(0, USERNAME_MAX);
    if (usernameSchema.safeParse(username).success) return username;
  }
  return FALLBACK_USERNAME;
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
    username: usernameFromClaims(claims),
    email: verifiedEmail,
    firstName: text(claims.given_name)?.slice(0, NAME_MAX) ?? null,
    lastName: text(claims.family_name)?.slice(0, NAME_MAX) ?? null,
    timezone,
  };
}

const refusal = (code: 'account_exists' | 'email_unverified') => new AppError(code === 'account_exists' ? 409 : 403, code, SIGN_IN_ERRORS[code]);

export interface OidcServiceDeps {
  users: Pick<UsersService, 'findById' | 'findByEmail' | 'registerFromProvider' | 'grantAdmin' | 'recordSignIn'>;
  identities: OidcIdentitiesRepository;
  /** Null when OpenID Connect is not configured. */
  client: OidcClient | null;
}

/**
 * Sign-in with OpenID Connect (DECISIONS 30). A provider account (issuer and subject) signs in the user it
 * is linked to. On its first sign-in it is linked to the account that has its email, only when the admin
 * allows it (OIDC_LINK_BY_EMAIL) and the provider verified that email; otherwise it gets a new account without
 * a password, when registration is open, OIDC_AUTO_REGISTER is set, or it is the installation's first account.
 * Membership of OIDC_ADMIN_GROUP makes the user an admin (it never takes the role away: the last admin stays).
 */
export function oidcService({ users, identities, client }: OidcServiceDeps, options: OidcServiceOptions) {
  function configured(): OidcClient {
    if (!client) throw new SignInFailure('not_configured');
    return client;
  }

  /** The user a provider account signs in on its first sign-in: linked by email, or new. */
  function firstSignIn(claims: OidcClaims, admin: boolean, timezone: Timezone | null): Promise<UserDto> {
    return identities.transaction(async () => {
      const email = text(claims.email);
      const holder = email ? await users.findByEmail(email) : null;
      if (holder) {
        if (!options.linkByEmail) throw refusal('account_exists');
        if (!isTrue(claims.email_verified)) throw refusal('email_unverified');
        await identities.insert(holder.id, claims.iss, claims.sub);
        return holder;
      }
      const user = await users.registerFromProvider(profileOf(claims, timezone), { autoRegister: options.autoRegister, admin });
      await identities.insert(user.id, claims.iss, claims.sub);
      return user;
    });
  }

  return {
    /** Where to send the browser to sign in, and the flow the browser keeps until it comes back. */
    start: (redirectUri: string) => configured().start(redirectUri),

    /**
     * The user the callback signs in (its query, with the flow kept since the start); refusals are
     * SignInFailures or AppErrors whose code is one of the shared SIGN_IN_ERRORS.
     */
    async finish(redirectUri: string, query: string, flow: OidcFlow, timezone: string | undefined): Promise<UserDto> {
      const claims = await configured().finish(redirectUri, query, flow);
      const admin = options.adminGroup !== null && groupsOf(claims, options.groupsClaim).includes(options.adminGroup);
      const linkedId = await identities.userIdOf(claims.iss, claims.sub);
      const linked = linkedId ? await users.findById(linkedId) : null;
      let user = linked ?? (await firstSignIn(claims, admin, timezoneSchema.safeParse(timezone).data ?? null));
      if (admin && user.role !== 'admin') user = await users.grantAdmin(user.id);
      await users.recordSignIn(user.id);
      return user;
    },
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
