import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { requiredText } from '../fields';

/**
 * Personal API tokens (DECISIONS 30): for a user's own scripts, sent as `Authorization: Bearer <token>`.
 * Shown once when created, stored as a hash; `read` tokens may only read, `read-write` ones may also
 * write. Admin routes and the token routes themselves take a signed-in browser session only.
 */

export const API_TOKEN_SCOPES = ['read', 'read-write'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { message: 'Scope must be read or read-write' });
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** Every token starts with this, so a leaked one is easy to recognise (and to search for in a repository). */
export const API_TOKEN_PREFIX = 'dbk_';
export const API_TOKEN_NAME_MAX = 100;
export const API_TOKEN_EXPIRY_DAYS_MAX = 3_650;
/** The choices the settings offer; the api takes any whole number of days up to the maximum, or none. */
export const SUGGESTED_API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Whether a token of `scope` may make a request with `method`. */
export const apiTokenAllows = (scope: ApiTokenScope, method: string): boolean => scope === 'read-write' || SAFE_METHODS.has(method.toUpperCase());

/** POST /api/tokens */
export const apiTokenCreateBodySchema = z.strictObject({
  name: requiredText(API_TOKEN_NAME_MAX, 'Token name is required'),
  scope: apiTokenScopeSchema,
  expiresInDays: z
    .number({ message: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(API_TOKEN_EXPIRY_DAYS_MAX, `Expiry must be at most ${API_TOKEN_EXPIRY_DAYS_MAX} days`)
    .nullable()
    .default(null),
});
export type ApiTokenCreateBody = z.infer<typeof apiTokenCreateBodySchema>;

/** A token as listed: never its secret, only the last characters to tell tokens apart. */
export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  scope: apiTokenScopeSchema,
  /** `dbk_…` and the last four characters of the secret. */
  hint: z.string(),
  createdAt: isoInstantSchema,
  lastUsedAt: isoInstantSchema.nullable(),
  expiresAt: isoInstantSchema.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to POST /api/tokens: the only time the secret is shown. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
