import { z } from 'zod';
import { usernameSchema } from '@daybook/shared';
import { AI_PROVIDERS, outboundAllowSchema } from '@daybook/ai-worker';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' });

/** Values people copy from examples and forget to change; a session secret like these is refused. */
const PLACEHOLDER_SECRET = /change.?me|changeit|^secret$|^password$|^x+$/i;

/** The password in a database URL ('' when none, or when it is no URL). */
function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Unset: the api runs an embedded PostgreSQL with its files under DATA_DIR (DECISIONS 25). */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// address (or unset for the embedded database)' })
    .refine((url) => !PLACEHOLDER_SECRET.test(passwordOf(url)), 'has a placeholder password (such as CHANGEME from .env.example): set a real one (docs/troubleshooting.md)')
    .optional(),
  /** Where the embedded PostgreSQL keeps its files (DATA_DIR/postgres), relative to the working directory. */
  DATA_DIR: z.string().min(1).default('data'),
  /** Unset: jobs run in the api process and limits are counted in memory (DECISIONS 25). */
  REDIS_URL: z.url().optional(),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (or leave it unset to have one generated)')
    .refine((s) => !PLACEHOLDER_SECRET.test(s), 'is a placeholder; set a random value or leave it unset')
    .optional(),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Days the audit log keeps an event (DECISIONS 48); older ones are pruned every hour. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: booleanString.default(false),
  REGISTRATION_ENABLED: booleanString.default(true),
  ADMIN_USERNAME: usernameSchema.optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(6)
    .max(256)
    .refine((s) => !PLACEHOLDER_SECRET.test(s), 'is a placeholder; choose a real password')
    .optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
  /** Accounts one client address may register per hour (DECISIONS 22). */
  REGISTRATION_MAX_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(10),
  /** Natural-language requests (POST /api/ai/structure-task) one user may make per minute. */
  AI_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(30),
  /** Expensive reads (notes search, the long task lists, the day list) one user may make per minute, in 10 s windows. */
  HEAVY_READS_PER_MINUTE: z.coerce.number().int().min(6).max(1000000).default(360),
  AI_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
  /**
   * The worker's variable, read by the api too: a model (ollama, openai) reviews capture proposals, so the
   * web asks POST /api/ai/structure-task before saving (GET /api/capture/context `modelReview`).
   */
  AI_PROVIDER: z.enum(AI_PROVIDERS).default('rules'),
  /**
   * Hosts and ranges (`ntfy.lan, *.home.arpa, 192.168.1.0/24`) the outbound door opens to users' channels,
   * which otherwise reach public addresses only (DECISIONS 46). The worker reads it too.
   */
  OUTBOUND_ALLOW: outboundAllowSchema,
  /** The key channel secrets are sealed with (DECISIONS 48); unset: DATA_DIR/secrets.key, made on the first start. */
  SECRETS_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32), or unset to have a key file made')
    .refine((s) => !PLACEHOLDER_SECRET.test(s), 'is a placeholder; set a random value or leave it unset')
    .optional(),
  /** How often due reminders are handed to the jobs (DECISIONS 29). */
  REMINDER_SWEEP_MS: z.coerce.number().int().min(100).max(60000).default(1000),
  /** Where people open Daybook (the worker's links read it too); the OpenID Connect redirect URI is built on it. */
  APP_URL: httpUrl.transform((url) => url.replace(/\/+$/, '')).optional(),
  /**
   * Single sign-on with OpenID Connect (DECISIONS 30), on when the issuer and the client id are set. The
   * issuer is written exactly as the provider names itself (its discovery document's `issuer`, trailing slash and all).
   */
  OIDC_ISSUER_URL: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(512).optional(),
  OIDC_CLIENT_SECRET: z
    .string()
    .max(1024)
    .refine((s) => !PLACEHOLDER_SECRET.test(s), 'is a placeholder; copy the secret your provider shows for the client')
    .optional(),
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(60).default('OpenID Connect'),
  OIDC_SCOPES: z
    .string()
    .transform((scopes) => scopes.trim().split(/\s+/).join(' '))
    .refine((scopes) => scopes.split(' ').includes('openid'), 'must include openid')
    .default('openid email profile'),
  /** A first sign-in creates the account even when REGISTRATION_ENABLED is false (the provider decides who gets in). */
  OIDC_AUTO_REGISTER: booleanString.default(false),
  /** A first sign-in with a verified email takes over the existing account with that email. */
  OIDC_LINK_BY_EMAIL: booleanString.default(false),
  /** Members of this group (in OIDC_GROUPS_CLAIM) are made admins when they sign in. */
  OIDC_ADMIN_GROUP: z.string().trim().min(1).max(256).optional(),
  /** The claim that lists the user's groups; a dotted path reaches into an object (`realm_access.roles`). */
  OIDC_GROUPS_CLAIM: z.string().trim().min(1).max(256).default('groups'),
  /**
   * The worker's mail server, read by the api too: with APP_URL it sends the mails that confirm an account's
   * email address (single sign-on links only to a confirmed one, docs/administration.md).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address' }).optional(),
  SMTP_FROM: z.string().trim().min(1).max(320).default('Daybook <daybook@localhost>'),
  /** false: only OpenID Connect signs in (and the admin of ADMIN_USERNAME, so a broken provider never locks the admin out). */
  PASSWORD_LOGIN_ENABLED: booleanString.default(true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

/** Thrown when the environment is unusable; lists every bad variable at once. */
export class EnvError extends Error {}

/** Parses the environment once at start-up; empty strings count as unset (as docker compose passes them). */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new EnvError('Invalid environment:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  if (Boolean(env.OIDC_ISSUER_URL) !== Boolean(env.OIDC_CLIENT_ID)) {
    throw new EnvError('Invalid environment:\n  OIDC_ISSUER_URL and OIDC_CLIENT_ID must be set together (OIDC_CLIENT_SECRET too, for a confidential client)');
  }
  if (!env.PASSWORD_LOGIN_ENABLED && !env.OIDC_ISSUER_URL) {
    throw new EnvError('Invalid environment:\n  PASSWORD_LOGIN_ENABLED=false needs OpenID Connect (OIDC_ISSUER_URL, OIDC_CLIENT_ID): nobody could sign in');
  }
  return env;
}
