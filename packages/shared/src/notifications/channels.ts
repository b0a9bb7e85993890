import { z } from 'zod';
import { idSchema, isoInstantSchema, noNul, NUL_MESSAGE, text } from '../common';
import { EMAIL_MAX } from '../users/users.schemas';

/**
 * Notification channels (DECISIONS 29): where a user's reminders and digest go. Web Push (one channel per
 * installed browser, made by its push subscription), an ntfy topic, an email address (the server's SMTP),
 * and a generic webhook (a JSON POST that Apprise's API understands). Secrets (an ntfy token, the webhook's
 * address, a push subscription's keys) are kept by the api and never answered.
 */

export const CHANNEL_KINDS = ['push', 'ntfy', 'email', 'webhook'] as const;
export const channelKindSchema = z.enum(CHANNEL_KINDS);
export type ChannelKind = z.infer<typeof channelKindSchema>;

export const CHANNEL_NAME_MAX = 100;
export const CHANNEL_URL_MAX = 2_000;
/** After this many failed deliveries in a row a channel shows as failing… */
export const CHANNEL_FAILING_AFTER = 1;
/** …and after this many it is paused until the user resumes it (or a test succeeds). */
export const CHANNEL_PAUSE_AFTER = 5;
export const DEFAULT_NTFY_SERVER = 'https://ntfy.sh';

/** http(s)://host[:port][/path…], no white space. */
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:@[^\s/?#@]+)?(?:[/?#]\S*)?$/i;

const httpUrl = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(CHANNEL_URL_MAX, `Must be at most ${CHANNEL_URL_MAX} characters`)
    .refine(noNul, NUL_MESSAGE)
    .refine((value) => HTTP_URL.test(value), message);

const channelName = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), text(CHANNEL_NAME_MAX).trim().optional());

/** An ntfy topic: letters, digits, - and _ (ntfy's own rule), at most 64. */
export const NTFY_TOPIC_PATTERN = /^[-_A-Za-z0-9]{1,64}$/;

/** POST /api/notifications/channels: an ntfy topic, an email address or a webhook (push has its own route). */
export const channelCreateBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('ntfy'),
      name: channelName,
      server: httpUrl('Server must be an http or https address').default(DEFAULT_NTFY_SERVER),
      topic: z.string({ message: 'Topic is required' }).trim().regex(NTFY_TOPIC_PATTERN, 'Topic may hold letters, digits, - and _ (at most 64)'),
      token: z.preprocess((value) => (value === '' ? undefined : value), text(500).trim().optional()),
    }),
    z.strictObject({ kind: z.literal('email'), name: channelName, address: z.email('Invalid email').max(EMAIL_MAX) }),
    z.strictObject({ kind: z.literal('webhook'), name: channelName, url: httpUrl('Webhook must be an http or https address') }),
  ],
  { message: 'Kind must be ntfy, email or webhook' },
);
export type ChannelCreateBody = z.infer<typeof channelCreateBodySchema>;

/** PATCH /api/notifications/channels/:id: its name, what it receives, or `paused: false` to resume it. */
export const channelUpdateBodySchema = z
  .strictObject({ name: channelName, reminders: z.boolean(), digest: z.boolean(), paused: z.boolean() })
  .partial();
export type ChannelUpdateBody = z.infer<typeof channelUpdateBodySchema>;

const base64url = (what: string) => z.string({ message: `${what} is required` }).regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`).max(200);

/** POST /api/notifications/push-subscriptions: the browser's PushSubscription (toJSON), and a name for the device. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: httpUrl('Endpoint must be an http or https address'),
  keys: z.object({ p256dh: base64url('p256dh'), auth: base64url('auth') }),
  name: channelName,
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /api/notifications/push-subscriptions?endpoint=…: this browser stops receiving push. */
export const pushUnsubscribeQuerySchema = z.object({ endpoint: httpUrl('Endpoint must be an http or https address') });

export const CHANNEL_STATUSES = ['ok', 'failing', 'paused'] as const;
export const channelStatusSchema = z.enum(CHANNEL_STATUSES);
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

/** A channel as answered: what it is and how it fares; no secret. */
export const channelSchema = z.object({
  id: idSchema,
  kind: channelKindSchema,
  name: z.string(),
  /** What it points at, without secrets: 'ntfy.sh/daybook-ann', 'ann@example.com', 'hooks.example.com', a push service's host. */
  target: z.string(),
  reminders: z.boolean(),
  digest: z.boolean(),
  status: channelStatusSchema,
  failures: z.number().int(),
  lastError: z.string().nullable(),
  lastErrorAt: isoInstantSchema.nullable(),
  lastSuccessAt: isoInstantSchema.nullable(),
  createdAt: isoInstantSchema,
});
export type Channel = z.infer<typeof channelSchema>;
export const channelListSchema = z.array(channelSchema);

/** A channel's status from its failures in a row and whether it is paused. */
export const channelStatusOf = (failures: number, paused: boolean): ChannelStatus => (paused ? 'paused' : failures >= CHANNEL_FAILING_AFTER ? 'failing' : 'ok');

/** POST /api/notifications/channels/:id/test: whether the test message went out, and why not. */
export const channelTestResultSchema = z.object({ delivered: z.boolean(), error: z.string().nullable() });
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

/** GET /api/notifications/push/key: the server's VAPID public key (applicationServerKey), base64url. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/**
 * What a push message carries (the service worker shows it): the title and body, the task it is about,
 * the reminder's id (for Snooze), and whether it was sent late. The same fields go to the webhook.
 * `share`: a contact answered through a task's shared link (DECISIONS 33).
 */
export const notificationPayloadSchema = z.object({
  kind: z.enum(['reminder', 'digest', 'test', 'share']),
  title: z.string(),
  body: z.string(),
  taskId: idSchema.nullable(),
  reminderId: idSchema.nullable(),
  late: z.boolean(),
  /** The path in the app that shows it ('/' or '/?task=<id>'). */
  url: z.string(),
});
export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;
