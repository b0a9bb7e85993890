import type { NotificationPayload } from '@daybook/shared';
import { withinDeadline } from './deadline';
import { httpAddress, postJson, refused } from './http';
import { messageLink } from './message';
import type { ChannelConfig, SendContext } from './types';

type WebhookChannel = Extract<ChannelConfig, { kind: 'webhook' }>;

/**
 * The webhook's JSON: what Apprise's API reads (title, body, type, format), so an Apprise URL works as it
 * is, and Daybook's own fields for any other receiver. `id` repeats the Idempotency-Key header.
 */
export function webhookBody(message: NotificationPayload, context: Pick<SendContext, 'appUrl' | 'idempotencyKey'>) {
  return {
    title: message.title,
    body: message.body,
    type: message.late ? 'warning' : 'info',
    format: 'text',
    event: message.kind,
    taskId: message.taskId,
    reminderId: message.reminderId,
    late: message.late,
    url: messageLink(message, context.appUrl),
    id: context.idempotencyKey,
  };
}

/** POSTs the message to the channel's address. Errors name only its host: the address itself may hold a key. */
export async function sendWebhook(channel: WebhookChannel, message: NotificationPayload, context: SendContext): Promise<void> {
  const url = httpAddress(channel.url, 'The webhook');
  const headers = { 'idempotency-key': context.idempotencyKey };
  const response = await withinDeadline(context, url.host, (signal) => postJson(url, webhookBody(message, context), headers, signal));
  if (!response.ok) throw refused(`The webhook (${url.host})`, response.status);
}
