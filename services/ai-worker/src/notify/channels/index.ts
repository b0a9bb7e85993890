import type { NotificationPayload } from '@daybook/shared';
import { sendEmail } from './email';
import { sendNtfy } from './ntfy';
import { sendPush } from './push';
import type { ChannelConfig, SendContext } from './types';
import { sendWebhook } from './webhook';

/**
 * The channel senders (DECISIONS 29): one message to one channel, once, within the context's time. Resolves
 * when the channel took the message; otherwise throws a ChannelSendError saying why, and whether a retry
 * could help.
 */
export async function sendToChannel(config: ChannelConfig, message: NotificationPayload, context: SendContext): Promise<void> {
  switch (config.kind) {
    case 'ntfy':
      return sendNtfy(config, message, context);
    case 'email':
      return sendEmail(config, message, context);
    case 'webhook':
      return sendWebhook(config, message, context);
    case 'push':
      return sendPush(config, message, context);
  }
}

export { generateVapidKeys } from './push';
export { ChannelSendError, type ChannelConfig, type SendContext, type SmtpSettings, type VapidKeys } from './types';
