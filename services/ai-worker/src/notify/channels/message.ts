import type { NotificationPayload } from '@daybook/shared';

/** The message's link: absolute (appUrl + path) when the app's address is known, else the app's path. */
export function messageLink(message: NotificationPayload, appUrl: string | null): string {
  if (!appUrl) return message.url;
  const path = message.url.startsWith('/') ? message.url : `/${message.url}`;
  return `${appUrl.replace(/\/+$/, '')}${path}`;
}

/** A line said under a reminder that could not go out on time. */
export const LATE_NOTE = 'Sent late: Daybook could not send this reminder on time.';

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * `text` cut (at a character, with "…") so that `measure` of it is at most `maxBytes`; as it is when it
 * fits. `measure` is the text's size where it goes (UTF-8 by default, its JSON string for a JSON body).
 */
export function shortenToBytes(text: string, maxBytes: number, measure: (text: string) => number = utf8Bytes): string {
  if (measure(text) <= maxBytes) return text;
  const characters = Array.from(text);
  let fits = 0;
  let tooMany = characters.length;
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if (measure(`${characters.slice(0, middle).join('')}…`) <= maxBytes) fits = middle;
    else tooMany = middle;
  }
  return fits === 0 && measure('…') > maxBytes ? '' : `${characters.slice(0, fits).join('')}…`;
}
