import { createHash } from 'node:crypto';
import type { NotificationPayload } from '@daybook/shared';
import { generateRequestDetails, generateVAPIDKeys, getVapidHeaders } from 'web-push';
import { withinDeadline } from './deadline';
import { httpAddress, statusLine } from './http';
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
 * token; the request is sent here, with our deadline. Errors name the push service's host only (the
 * endpoint's path is the subscription's secret).
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
  const response = await withinDeadline(context, endpoint.host, async (signal) => {
    const answer = await fetch(endpoint, { method: 'POST', headers, body: request.body ?? undefined, redirect: 'manual', signal });
    await answer.body?.cancel().catch(() => {});
    return answer;
  });
  if (response.ok) return;
  if (response.status === 404 || response.status === 410) throw new ChannelSendError("This browser's subscription has expired", true);
  if (response.status === 413) throw new ChannelSendError('The push service refused the message as too large', true);
  throw new ChannelSendError(`The push service (${endpoint.host}) answered ${statusLine(response.status)}`, false);
}

