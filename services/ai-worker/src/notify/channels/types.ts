import type { OutboundDoor } from '../../outbound';

/**
 * What the channel senders need to know (DECISIONS 29): where a channel points, the server's email and
 * push settings, and the bounds of one send. The api keeps the channels; the worker hands one of them,
 * with the message, to `sendToChannel`.
 */

/** One channel as the sender needs it, secrets included (they never leave the worker's memory). */
export type ChannelConfig =
  | { kind: 'ntfy'; server: string; topic: string; token?: string | undefined }
  | { kind: 'email'; address: string }
  | { kind: 'webhook'; url: string }
  | { kind: 'push'; endpoint: string; keys: { p256dh: string; auth: string } };

/** The server's SMTP: `url` is SMTP_URL (smtp:// or smtps://, with user:pass), `from` is SMTP_FROM. */
export interface SmtpSettings {
  url: string;
  from: string;
}

/** The server's VAPID keys (base64url) and its contact (`mailto:` or `https:`) that push services may use. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface SendContext {
  /** The whole send (connecting, sending, waiting for the answer) is bounded by this. */
  timeoutMs: number;
  /** Every request to an address a user gave goes through it (DECISIONS 46). */
  outbound: OutboundDoor;
  /** Aborted when the worker shuts down. */
  signal?: AbortSignal;
  /** null: email is not configured on this server. */
  smtp: SmtpSettings | null;
  /** null: push is not configured on this server. */
  vapid: VapidKeys | null;
  /** The app's public address (e.g. https://daybook.lan); when set, links in messages are absolute. */
  appUrl: string | null;
  /**
   * Stable per delivery (e.g. the reminder's id): a second send of the same delivery carries the same key,
   * so the receiving end can recognise a duplicate (email Message-ID, push Topic, webhook Idempotency-Key).
   */
  idempotencyKey: string;
}

/**
 * A send that did not go through, with a short message for the user (never a secret: no token, no full
 * webhook address). `permanent`: retrying cannot help (the push subscription is gone, the server refused
 * the request as such, the address is bad); otherwise a later attempt may succeed.
 */
export class ChannelSendError extends Error {
  override name = 'ChannelSendError';

  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
