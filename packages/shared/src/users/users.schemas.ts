import { z } from 'zod';
import { idSchema, isoInstantSchema, noNul, NUL_MESSAGE, text } from '../common';
import { isValidTimeZone } from '../time/zone';
import { workingMinutesSchema } from '../planning/working-hours';
import { currencySchema } from '../billing/billing.schemas';

export const ROLES = ['user', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The timezone options of spec §9: what the settings list (a user may hold any IANA zone, see timezoneSchema). */
export const TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Asia/Kolkata',
  'Australia/Sydney',
] as const;
export const DEFAULT_TIMEZONE = 'America/New_York';

/** The shape of an IANA name ('Europe/Madrid', 'Etc/GMT+5', 'UTC'); keeps out what else Intl may take, such as '+01:00'. */
const IANA_NAME = /^[A-Za-z][\w+-]*(?:\/[\w+-]+)*$/;

/**
 * A user's timezone: any zone of the IANA database (a name or one of its links, e.g. 'Asia/Calcutta')
 * that Intl computes in (DECISIONS 1), so a new account can take the browser's own zone. One rule for
 * registration, the settings and the queue's payload; at most 100 characters (spec §6).
 */
export const timezoneSchema = z
  .string({ message: 'Invalid timezone' })
  .max(100, { message: 'Invalid timezone', abort: true })
  .refine((zone) => IANA_NAME.test(zone) && isValidTimeZone(zone), 'Invalid timezone');
export type Timezone = z.infer<typeof timezoneSchema>;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 6;
/** DECISIONS 5: long passphrases are welcome, but an unbounded hash input is a denial-of-service lever. */
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/**
 * A username as stored and looked up (DECISIONS 24): NFKC-normalised, so compatibility forms read as what
 * they look like ('ｂｏｂ' is 'bob', 'ﬁ' is 'fi'), and trimmed.
 */
export const normalizeUsername = (value: string) => value.normalize('NFKC').trim();

/** White space and control characters (C0 and C1). */
const SPACE_OR_CONTROL = /[\s\p{Cc}]/u;
/**
 * Characters that change how a name reads without being seen (DECISIONS 24): format characters (zero-width
 * spaces and joiners, bidirectional marks, embeddings, overrides and isolates) and the other
 * default-ignorable code points (Hangul fillers, variation selectors).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

export const usernameSchema = z
  .string({ message: 'Username is required' })
  .overwrite(normalizeUsername)
  .min(USERNAME_MIN, 'Username must be at least 3 characters')
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .refine((u) => !SPACE_OR_CONTROL.test(u), 'Username must not contain spaces or control characters')
  .refine((u) => !INVISIBLE.test(u), 'Username must not contain invisible or text-direction characters');

/** A new password: the spec's minimum and message, our maximum (DECISIONS 5). */
export const newPasswordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine(noNul, NUL_MESSAGE);

/** Forms send optional fields only when non-empty; an empty string is treated as absent. */
const emptyAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalName = z.preprocess(emptyAsAbsent, text(NAME_MAX).trim().optional());

export const userSchema = z.object({
  id: idSchema,
  username: z.string(),
  email: z.string().nullable(),
  /**
   * Whether the address is known to be the user's (DECISIONS 30, docs/administration.md): an admin set it,
   * the user followed a confirmation mail, or a sign-in provider verified it. Single sign-on links by email
   * only to a verified address.
   */
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
  timezone: timezoneSchema,
  enableDelegation: z.boolean(),
  /** Working minutes per weekday, Sunday first (DECISIONS 34). */
  workingMinutes: workingMinutesSchema,
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
/** The current user as the api answers it; never carries the password hash. */
export type User = z.infer<typeof userSchema>;

export const registerBodySchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  email: z.preprocess(emptyAsAbsent, z.email('Invalid email').max(EMAIL_MAX).optional()),
  firstName: optionalName,
  lastName: optionalName,
  /** The browser's zone (the web sends it); absent: DEFAULT_TIMEZONE. */
  timezone: timezoneSchema.optional(),
  /** The billing currency (the web sends its language's: de-DE → EUR); absent: DEFAULT_CURRENCY. */
  currency: currencySchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The registration form adds the confirmation and its own wording of the length rule (spec §5). */
export const registerFormSchema = z
  .object({
    username: z.string().trim().min(USERNAME_MIN, 'Username must be at least 3 characters').max(USERNAME_MAX),
    password: z.string().min(PASSWORD_MIN, 'Password must be at least 6 characters long').max(PASSWORD_MAX),
    confirmPassword: z.string(),
    email: z.string().trim().optional(),
    firstName: z.string().trim().optional(),
    lastName: z.string().trim().optional(),
  })
  .refine((f) => f.password === f.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] })
  .refine((f) => !f.email || z.email().safeParse(f.email).success, { message: 'Invalid email', path: ['email'] });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** A password as it is checked (never stored): required, within the maximum. */
export const givenPasswordSchema = z.string({ message: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX).refine(noNul, NUL_MESSAGE);

export const loginBodySchema = z.object({
  username: z.string({ message: 'Username is required' }).overwrite(normalizeUsername).min(1, 'Username is required').max(USERNAME_MAX).refine(noNul, NUL_MESSAGE),
  password: givenPasswordSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/auth/user/password: the user's own change, proven with the current password. */
export const changePasswordBodySchema = z.object({ currentPassword: givenPasswordSchema, newPassword: newPasswordSchema });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * The answer of what ends a user's sign-ins (an admin's reset, the user's password change, "sign out
 * everywhere"): every session of the user and every API token end together.
 */
export const credentialsEndedSchema = z.object({
  /** Says what ended, for the person who asked. */
  message: z.string(),
  endedApiTokens: z.number().int().nonnegative(),
});
export type CredentialsEnded = z.infer<typeof credentialsEndedSchema>;

/** POST /api/auth/user/email/confirm: the token of a confirmation mail's link. */
export const emailConfirmBodySchema = z.object({ token: z.string({ message: 'The confirmation link is incomplete' }).min(1, 'The confirmation link is incomplete').max(200) });
export type EmailConfirmBody = z.infer<typeof emailConfirmBodySchema>;

/** PATCH /api/auth/user/settings: the settings it names (at least one); the others stay. */
export const userSettingsBodySchema = z
  .object({ enableDelegation: z.boolean().optional(), workingMinutes: workingMinutesSchema.optional() })
  .refine((body) => body.enableDelegation !== undefined || body.workingMinutes !== undefined, 'Send enableDelegation or workingMinutes');
export type UserSettingsBody = z.infer<typeof userSettingsBodySchema>;

export const userTimezoneBodySchema = z.object({ timezone: timezoneSchema });
export type UserTimezoneBody = z.infer<typeof userTimezoneBodySchema>;

/** Admin user creation (spec §5): every field required but email, which must be valid when given. */
export const adminCreateUserBodySchema = z.object({
  username: usernameSchema,
  email: z.preprocess(emptyAsAbsent, z.email('Invalid email address').max(EMAIL_MAX).optional()),
  firstName: z.string({ message: 'First name is required' }).trim().min(1, 'First name is required').max(NAME_MAX).refine(noNul, NUL_MESSAGE),
  lastName: z.string({ message: 'Last name is required' }).trim().min(1, 'Last name is required').max(NAME_MAX).refine(noNul, NUL_MESSAGE),
  role: roleSchema.default('user'),
  password: newPasswordSchema,
});
export type AdminCreateUserBody = z.infer<typeof adminCreateUserBodySchema>;

export const adminResetPasswordBodySchema = z.object({ newPassword: newPasswordSchema });
export type AdminResetPasswordBody = z.infer<typeof adminResetPasswordBodySchema>;

export const adminUserParamsSchema = z.object({ userId: idSchema });

/** PATCH /api/admin/users/:userId/role. */
export const adminRoleBodySchema = z.object({ role: roleSchema });
export type AdminRoleBody = z.infer<typeof adminRoleBodySchema>;

/** How an account can sign in: with its password, through OpenID Connect, or both (DECISIONS 30). */
export const SIGN_IN_METHODS = ['password', 'oidc'] as const;
export const signInMethodSchema = z.enum(SIGN_IN_METHODS);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** A user as User Management lists them: the user, how they sign in, and when they last did. */
export const adminUserSchema = userSchema.extend({
  signInMethods: z.array(signInMethodSchema),
  lastSignInAt: isoInstantSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.array(adminUserSchema);

/**
 * Who may sign in with a password: everyone; only the admin of ADMIN_USERNAME (PASSWORD_LOGIN_ENABLED=false,
 * so a broken provider never locks the admin out); nobody.
 */
export const PASSWORD_LOGIN_MODES = ['on', 'admin', 'off'] as const;
export type PasswordLoginMode = (typeof PASSWORD_LOGIN_MODES)[number];

/** GET /api/auth/config: what the landing page offers a signed-out visitor. */
export const authConfigSchema = z.object({
  passwordLogin: z.enum(PASSWORD_LOGIN_MODES),
  /** Whether the Sign Up form can create an account (open registration, or no admin yet). */
  registration: z.boolean(),
  /** Single sign-on with OpenID Connect, when configured: the button's label ("Sign in with <label>"). */
  oidc: z.object({ label: z.string() }).nullable(),
  /** Whether the server can send a mail that confirms an account's email address (SMTP_URL and APP_URL are set). */
  emailConfirmation: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** Where the landing page's single sign-on button goes (a full page navigation, not a fetch). */
export const OIDC_START_PATH = '/api/auth/oidc/start';
/** The query parameter of the landing page that carries why a single sign-on failed. */
export const SIGN_IN_ERROR_PARAM = 'signInError';

/**
 * Where a first single sign-on goes when its email address belongs to a Daybook account it may not take
 * by itself (`/?auth=link`): the person links that account with its password, or creates a separate one.
 */
export const OIDC_LINK_STEP = 'link';

/** GET /api/auth/oidc/link: the single sign-on waiting in this browser for the "link your account" step. */
export const oidcPendingLinkSchema = z.object({
  /** OIDC_BUTTON_LABEL. */
  provider: z.string(),
  /** The address the provider gave, which a Daybook account already uses. */
  email: z.string().nullable(),
  /** Whether a separate account may be created instead (registration open, or OIDC_AUTO_REGISTER). */
  newAccount: z.boolean(),
});
export type OidcPendingLink = z.infer<typeof oidcPendingLinkSchema>;

/**
 * Why a single sign-on failed, as the callback's redirect names it (`/?auth=login&signInError=<code>`), and
 * what the landing page says. Every failure ends on the landing page, never on an error page.
 */
export const SIGN_IN_ERRORS = {
  not_configured: 'Single sign-on is not set up on this server.',
  provider_unreachable: 'The sign-in provider cannot be reached right now. Please try again in a minute.',
  provider_error: 'The sign-in provider did not sign you in.',
  state_mismatch: 'This sign-in was started elsewhere or has already been used. Please sign in again.',
  code_rejected: 'The sign-in expired or was already used. Please sign in again.',
  invalid_response: 'The answer of the sign-in provider could not be verified. Please try again, or ask your admin.',
  registration_closed: 'There is no Daybook account for you yet, and new accounts cannot be created here. Ask your admin for one.',
  account_exists: 'A Daybook account with your email address already exists. Sign in with your password, or ask your admin to link the accounts.',
  too_many_attempts: 'Too many sign-in attempts from your network. Please wait a few minutes and try again.',
  sign_in_failed: 'Something went wrong while signing you in. Please try again.',
} as const;
export type SignInError = keyof typeof SIGN_IN_ERRORS;
export const isSignInError = (code: unknown): code is SignInError => typeof code === 'string' && Object.hasOwn(SIGN_IN_ERRORS, code);
