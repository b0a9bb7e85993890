import type { NotificationPayload } from '@daybook/shared';
import { httpAddress, isSuccess, notDelivered, postJson } from './http';
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

/** POSTs the message to the channel's address. Errors never name it: the address itself may hold a key. */
export async function sendWebhook(channel: WebhookChannel, message: NotificationPayload, context: SendContext): Promise<void> {
  const url = httpAddress(channel.url, 'The webhook');
  const status = await postJson(context, url, webhookBody(message, context), { 'idempotency-key': context.idempotencyKey });
  if (!isSuccess(status)) throw notDelivered(status);
}
