import { createHash } from 'node:crypto';
import type { NotificationPayload } from '@daybook/shared';
import { generateRequestDetails, generateVAPIDKeys, getVapidHeaders } from 'web-push';
import { httpAddress, isSuccess, notDelivered, sendThroughDoor } from './http';
import { shortenToBytes } from './message';
import { ChannelSendError, type ChannelConfig, type SendContext } from './types';

type PushChannel = Extract<ChannelConfig, { kind: 'push' }>;

/** A push message holds at most 4096 bytes, 86 of them the encryption's header and 17 its padding and tag. */
const PUSH_PAYLOAD_MAX_BYTES = 3_900;
const PUSH_TITLE_MAX_BYTES = 1_000;
/** A reminder is worth delivering for a day after it was sent (a phone that is off until tomorrow). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** The server's VAPID key pair (base64url), made once and kept in the server's settings. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateVAPIDKeys();
  return { publicKey, privateKey };
}

/** What the service worker receives: the message as JSON, its title and then its body shortened to fit. */
export function pushPayload(message: NotificationPayload): string {
  const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text));
  const title = shortenToBytes(message.title, PUSH_TITLE_MAX_BYTES, jsonBytes);
  // the rest of the JSON, but for the body's own quotes (jsonBytes counts them)
  const aroundBody = Buffer.byteLength(JSON.stringify({ ...message, title, body: '' })) - 2;
  const body = shortenToBytes(message.body, PUSH_PAYLOAD_MAX_BYTES - aroundBody, jsonBytes);
  return JSON.stringify({ ...message, title, body });
}

/**
 * The push Topic (RFC 8030: at most 32 base64url characters) of one delivery: a push service keeps only
 * the newest undelivered message per topic, so a duplicate replaces its twin instead of showing twice.
 */
export function pushTopic(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32);
}

/**
 * Web Push (RFC 8030, 8291, 8292): web-push encrypts the message for the browser and signs the VAPID
 * token; the request is sent here, through the outbound door (the endpoint comes from a browser, which the
 * user controls). Errors never name the endpoint (its path is the subscription's secret).
 */
export async function sendPush(channel: PushChannel, message: NotificationPayload, context: SendContext): Promise<void> {
  const vapid = context.vapid;
  if (!vapid) throw new ChannelSendError('Push is not set up on this server (VAPID keys)', true);
  const endpoint = httpAddress(channel.endpoint, "This browser's push address");
  try {
    getVapidHeaders(endpoint.origin, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm');
  } catch {
    throw new ChannelSendError('Push is not set up correctly on this server (VAPID keys)', true);
  }
  let request: ReturnType<typeof generateRequestDetails>;
  try {
    request = generateRequestDetails({ endpoint: channel.endpoint, keys: channel.keys }, pushPayload(message), {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      topic: pushTopic(context.idempotencyKey),
      contentEncoding: 'aes128gcm',
    });
  } catch {
    throw new ChannelSendError("This browser's subscription keys are not valid", true);
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      // fetch sets the length from the body
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const status = await sendThroughDoor(context, endpoint, { method: 'POST', headers, ...(request.body ? { body: request.body } : {}) });
  if (isSuccess(status)) return;
  // 404 and 410: the subscription is gone (the channel is removed); 413: this message will never fit.
  throw notDelivered(status, status === 404 || status === 410 || status === 413);
}

