import type { NotificationPayload } from '@daybook/shared';
import { httpAddress, isSuccess, notDelivered, postJson } from './http';
import { LATE_NOTE, messageLink, shortenToBytes } from './message';
import type { ChannelConfig, SendContext } from './types';

type NtfyChannel = Extract<ChannelConfig, { kind: 'ntfy' }>;

/** ntfy keeps a message up to 4 KB as text (a longer one becomes an attachment, which a server may refuse). */
const NTFY_MESSAGE_MAX_BYTES = 3_900;

/** Emoji tags (ntfy shows them before the title) per kind, and the tags a late reminder adds. */
const KIND_TAGS: Record<NotificationPayload['kind'], string[]> = { reminder: ['alarm_clock'], digest: ['sunrise'], test: ['white_check_mark'], share: ['speech_balloon'] };
const LATE_TAGS = ['hourglass', 'late'];

/** ntfy priorities: 3 is the default, 4 is "high" (a longer vibration, shown over others). */
const PRIORITY: Record<NotificationPayload['kind'], number> = { reminder: 4, digest: 3, test: 3, share: 3 };

/** The body of ntfy's JSON publishing (POST to the server's root). */
export function ntfyMessage(channel: NtfyChannel, message: NotificationPayload, appUrl: string | null) {
  const text = message.late ? `${message.body}\n\n${LATE_NOTE}` : message.body;
  return {
    topic: channel.topic,
    title: message.title,
    message: shortenToBytes(text, NTFY_MESSAGE_MAX_BYTES),
    tags: message.late ? [...KIND_TAGS[message.kind], ...LATE_TAGS] : KIND_TAGS[message.kind],
    priority: PRIORITY[message.kind],
    ...(appUrl ? { click: messageLink(message, appUrl) } : {}),
  };
}

/** Publishes the message to the channel's ntfy topic, with its access token when it has one. */
export async function sendNtfy(channel: NtfyChannel, message: NotificationPayload, context: SendContext): Promise<void> {
  const root = serverRoot(channel.server);
  const headers: Record<string, string> = channel.token ? { authorization: `Bearer ${channel.token}` } : {};
  const status = await postJson(context, root, ntfyMessage(channel, message, context.appUrl), headers);
  if (!isSuccess(status)) throw notDelivered(status);
}

/** https://ntfy.sh → https://ntfy.sh/ ; https://home.lan/ntfy → https://home.lan/ntfy/ (a server under a path). */
function serverRoot(server: string): URL {
  const url = httpAddress(server, 'The ntfy server');
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url;
}
