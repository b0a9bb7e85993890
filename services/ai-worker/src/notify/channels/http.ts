import { STATUS_CODES } from 'node:http';
import { ChannelSendError } from './types';

/** A channel's http(s) address, or a permanent error naming `what` it is. */
export function httpAddress(address: string, what: string): URL {
  let url: URL | null = null;
  try {
    url = new URL(address);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ChannelSendError(`${what} is not a valid http or https address`, true);
  return url;
}

/**
 * POSTs a JSON body. A user:password in the address becomes Basic authentication (fetch refuses an
 * address with credentials); `headers` may replace it. Redirects are not followed (a POST would become a
 * GET): the caller sees the 3xx and reports it. The answer's body is not read.
 */
export async function postJson(address: URL, body: unknown, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
  const url = new URL(address);
  const credentials = url.username || url.password ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : null;
  url.username = '';
  url.password = '';
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Daybook',
      ...(credentials ? { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
    redirect: 'manual',
    signal,
  });
  await response.body?.cancel().catch(() => {});
  return response;
}

/** "403 Forbidden" (the standard reason, not what the server chose to say). */
export const statusLine = (status: number) => `${status} ${STATUS_CODES[status] ?? ''}`.trim();

/**
 * A refused request to ntfy or a webhook: a redirect or a 4xx means the request as such is wrong (an
 * address that moved, a topic one may not write, a bad token) and will be refused again, except 408
 * (timeout) and 429 (too many requests); a 5xx may pass later.
 */
export function refused(service: string, status: number): ChannelSendError {
  const permanent = status < 400 || (status < 500 && status !== 408 && status !== 429);
  return new ChannelSendError(`${service} answered ${statusLine(status)}`, permanent);
}
