import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { pageQuerySchema, pageSchema } from '../fields';

/**
 * Where a user is signed in, and what happened to their account (DECISIONS 48).
 *
 * Sessions: GET /api/auth/sessions lists the user's own; each has an id of its own (never the session's
 * cookie value); DELETE /api/auth/sessions/{id} ends one, POST /api/auth/sessions/others/end all but this one.
 *
 * Audit log: GET /api/audit answers the user's own events, GET /api/admin/audit everyone's (admins only),
 * newest first, in pages.
 */

/** A session's device, as the api read it from the browser's User-Agent. */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'other'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** One of the user's sessions, as GET /api/auth/sessions lists it. */
export const sessionInfoSchema = z.object({
  /** Its own id, not the cookie's value: the browser never sees another session's key. */
  id: idSchema,
  /** The session of the browser that asked ("this device"). */
  current: z.boolean(),
  /** 'Firefox 120', or null when the User-Agent says nothing the api recognises. */
  browser: z.string().nullable(),
  /** 'Windows 10', 'iOS 17.1', or null. */
  os: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  /** 'Apple iPhone' where the User-Agent names the device, else null. */
  device: z.string().nullable(),
  /** The client address the api saw on its last use (behind the trusted proxy, TRUST_PROXY). */
  address: z.string().nullable(),
  signedInAt: isoInstantSchema,
  /** Its last request, to the minute (written at most once a minute). */
  lastSeenAt: isoInstantSchema,
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** The most sessions one answer lists (most recently used first); `total` says how many there are. */
export const SESSION_LIST_MAX = 100;
export const sessionListSchema = z.object({ items: z.array(sessionInfoSchema), total: z.number().int() });
export type SessionList = z.infer<typeof sessionListSchema>;

/** The answer to POST /api/auth/sessions/others/end. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

/**
 * Every kind of event the audit log keeps, in the groups a log can be filtered by (`?category=`). An
 * event's `details` never hold a secret (no password tried, no token); what each carries is in
 * docs/administration.md ("Sessions and the audit log").
 */
export const AUDIT_CATEGORIES = {
  sign_in: ['sign_in', 'sign_in_failed', 'sign_out', 'session_ended', 'other_sessions_ended', 'signed_out_everywhere'],
  credentials: [
    'password_changed',
    'password_reset',
    'second_factor_enabled',
    'second_factor_disabled',
    'second_factor_reset',
    'recovery_codes_created',
    'recovery_code_used',
    'passkey_added',
    'passkey_removed',
  ],
  tokens: ['api_token_created', 'api_token_revoked', 'api_token_used', 'app_password_created', 'app_password_revoked', 'app_password_used'],
  data: ['export', 'share_link_opened', 'share_link_answered'],
  admin: [
    'admin_user_created',
    'admin_user_deleted',
    'admin_password_reset',
    'admin_user_changed',
    'admin_settings_changed',
    'second_factor_requirement_changed',
    'admin_action',
  ],
} as const;
export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
export const AUDIT_CATEGORY_NAMES = Object.keys(AUDIT_CATEGORIES) as AuditCategory[];

export const AUDIT_EVENT_TYPES = [
  ...AUDIT_CATEGORIES.sign_in,
  ...AUDIT_CATEGORIES.credentials,
  ...AUDIT_CATEGORIES.tokens,
  ...AUDIT_CATEGORIES.data,
  ...AUDIT_CATEGORIES.admin,
] as const;
export const auditEventTypeSchema = z.enum(AUDIT_EVENT_TYPES, { message: 'Unknown event type' });
export type AuditEventType = z.infer<typeof auditEventTypeSchema>;

/** Why a sign-in failed (`details.reason` of `sign_in_failed`). */
export const SIGN_IN_FAILURE_REASONS = ['invalid_credentials', 'throttled', 'password_login_disabled', 'second_factor'] as const;
export type SignInFailureReason = (typeof SIGN_IN_FAILURE_REASONS)[number];

/** One event of the log, as GET /api/audit and GET /api/admin/audit answer it. */
export const auditEventSchema = z.object({
  id: idSchema,
  type: auditEventTypeSchema,
  /** When it happened; for an event counted several times (`count` > 1), the first time. */
  at: isoInstantSchema,
  /** The last time, for an event counted several times in its period (else the same as `at`). */
  lastAt: isoInstantSchema,
  /**
   * How often it happened: events that may repeat quickly (failed sign-ins each minute, a token's or a
   * share link's use each hour) are kept once per period and counted.
   */
  count: z.number().int(),
  /** The account it concerns (null: a sign-in with an unknown username, or an account since deleted). */
  userId: idSchema.nullable(),
  /** That account's username then, or the username a failed sign-in tried. */
  username: z.string().nullable(),
  /** Who did it when that was someone else (an admin), else null. */
  actorUsername: z.string().nullable(),
  /** The client address the api saw. */
  address: z.string().nullable(),
  /** The browser or program that asked: 'Firefox 120 on Windows 10', 'curl/8.5.0'. */
  device: z.string().nullable(),
  /** A few plain facts of the event (a token's name, a failure's reason, the file exported). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditPageSchema = pageSchema(auditEventSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 100;

const categorySchema = z.enum(AUDIT_CATEGORY_NAMES as [AuditCategory, ...AuditCategory[]], { message: 'Unknown category' });

/** The filters both logs take; `from` and `to` are instants, `to` excluded. */
const auditFilters = pageQuerySchema(AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX).extend({
  type: auditEventTypeSchema.optional(),
  category: categorySchema.optional(),
  from: isoInstantSchema.optional(),
  to: isoInstantSchema.optional(),
});
const periodInOrder = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || new Date(query.from) < new Date(query.to);
const PERIOD_ORDER = { message: 'The period must start before it ends', path: ['to'] };

/** `?type=&category=&from=&to=&limit=&cursor=` of GET /api/audit. */
export const auditQuerySchema = auditFilters.refine(periodInOrder, PERIOD_ORDER);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** GET /api/admin/audit: the same filters, and one account's events (`userId`). */
export const adminAuditQuerySchema = auditFilters.extend({ userId: idSchema.optional() }).refine(periodInOrder, PERIOD_ORDER);
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
