import { COULD_NOT_CONNECT, OutboundError, type OutboundRequest } from '../../outbound';
import { ChannelSendError, type SendContext } from './types';

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
 * One request to an address the user gave, through the outbound door (DECISIONS 46), within the send's
 * time. Resolves with the answer's status (its body is never read). Otherwise a ChannelSendError that says
 * only "Could not connect" whatever the socket did (refused, reset, silent, not HTTP, no such name): a user
 * must not learn from it what listens where. An address the door refuses says so, for good.
 */
export async function sendThroughDoor(context: SendContext, url: URL, request: OutboundRequest): Promise<number> {
  if (context.signal?.aborted) throw shuttingDown();
  try {
    const answer = await context.outbound.send(url, { ...request, signal: context.signal, timeoutMs: context.timeoutMs });
    return answer.status;
  } catch (error) {
    if (error instanceof OutboundError && error.reason === 'refused') throw new ChannelSendError(`Not sent: ${error.message}`, true);
    if (context.signal?.aborted) throw shuttingDown();
    throw new ChannelSendError(COULD_NOT_CONNECT, false);
  }
}

const shuttingDown = () => new ChannelSendError('Not sent: the worker is shutting down', false);

/**
 * POSTs a JSON body. A user:password in the address becomes Basic authentication; `headers` may replace it.
 * Redirects are not followed (a POST would become a GET): the caller sees the 3xx and reports it.
 */
export function postJson(context: SendContext, address: URL, body: unknown, headers: Record<string, string>): Promise<number> {
  const url = new URL(address);
  const credentials = url.username || url.password ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : null;
  url.username = '';
  url.password = '';
  return sendThroughDoor(context, url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(credentials ? { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * A refused request: "Could not deliver (status 500)", the status alone (never what the server said). A
 * redirect or a 4xx means the request as such is wrong (an address that moved, a topic one may not write, a
 * bad token) and will be refused again, except 408 (timeout) and 429 (too many requests); a 5xx may pass later.
 */
export function notDelivered(status: number, permanent = status < 400 || (status < 500 && status !== 408 && status !== 429)): ChannelSendError {
  return new ChannelSendError(`Could not deliver (status ${status})`, permanent);
}
