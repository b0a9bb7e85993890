import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, request as undiciRequest, type Dispatcher } from 'undici';
import { allowsHostName, isAddressLiteral, normalHost, NOTHING_ALLOWED, refusalOf, type OutboundAllowList } from './address-policy';

/**
 * The one outbound door (DECISIONS 46): every request the server makes to an address a user typed goes
 * through `send`. The address is checked where the connection is made, inside the connection's own DNS
 * lookup (undici's connector), so the address checked is the one connected to: a name that answers a
 * public address to a first lookup and loopback to the next (DNS rebinding) is refused at the second, and
 * so is every redirect, since each hop connects through the same door. Bounded in time (the whole request)
 * and in the answer's size; the reasons it gives are short and never say what a socket did.
 */

export type OutboundFailure = 'refused' | 'unreachable' | 'too-large' | 'aborted';

/**
 * Why a request did not get an answer. `refused`: the address is not one the server may reach;
 * `unreachable`: no answer (no such name, nothing listening, a reset, a TLS failure or the time ran out:
 * deliberately one reason); `too-large`: the answer passed `maxResponseBytes`; `aborted`: the caller's signal.
 */
export class OutboundError extends Error {
  override name = 'OutboundError';

  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

export const COULD_NOT_CONNECT = 'Could not connect';

/** The refusal a user reads: the host they typed, never the address it resolved to. */
const refused = (host: string) =>
  new OutboundError('refused', `${host} is a private or local address, which Daybook does not send to (an admin can allow it with OUTBOUND_ALLOW)`);

export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface OutboundDoorOptions {
  /** OUTBOUND_ALLOW: hosts and ranges the admin opened. */
  allow?: OutboundAllowList;
  /** A request's time limit (connecting, sending, the whole answer) unless the request asks for less. */
  timeoutMs?: number;
  /** How names are resolved (the system's resolver; tests stand in for DNS). */
  resolve?: Resolve;
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Aborts the request (a worker shutting down). */
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
  /** Redirects followed (each hop checked like the first); 0 answers the 3xx itself. */
  maxRedirects?: number;
  /** The answer's body is read up to this many bytes (more is `too-large`); 0 reads none. */
  maxResponseBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** At most `maxResponseBytes`; empty unless asked for. Never show it to the user. */
  body: Buffer;
  /** Where the answer came from, after redirects. */
  url: URL;
}

export interface OutboundDoor {
  /** Sends one request through the door; throws an OutboundError when there is no answer. */
  send(url: string | URL, request?: OutboundRequest): Promise<OutboundResponse>;
  /**
   * The check when a user saves an address: refuses a local or private address written as an IP, and a
   * name that resolves to one now. DNS is best effort here (a name that does not resolve yet is accepted):
   * every send checks again.
   */
  checkAddress(url: string | URL): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000;
/** How long saving an address waits for DNS before accepting it unchecked. */
const SAVE_LOOKUP_MS = 3_000;

/** `localhost` and every name under it are loopback by definition (RFC 6761), whatever DNS says. */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

function httpUrl(target: string | URL): URL {
  let url: URL | null = null;
  try {
    url = new URL(target);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new OutboundError('refused', 'Only http and https addresses can be used');
  return url;
}

/**
 * A lookup for net.connect through `resolve`. With `allow` it refuses a name when any of its addresses is
 * not to be reached; with null (a name the admin opened) it only resolves.
 */
function lookupThrough(resolve: Resolve, allow: OutboundAllowList | null): LookupFunction {
  return (hostname, options, callback) => {
    const answer = callback as (error: Error | null, address?: string | Array<{ address: string; family: number }>, family?: number) => void;
    if (allow && isLocalhostName(normalHost(hostname))) return answer(refused(hostname));
    resolve(hostname).then(
      (found) => {
        const addresses = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
        if (addresses.length === 0) return answer(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }));
        if (allow && addresses.some((entry) => refusalOf(entry.address, allow) !== null)) return answer(refused(hostname));
        if (options.all) return answer(null, addresses);
        return answer(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => answer(error),
    );
  };
}

/**
 * undici's connector with the door's checks: an address written as such is checked before connecting (Node
 * connects to it without a lookup), a name through the guarded lookup; a host the admin opened connects as is.
 */
function guardedConnector(allow: OutboundAllowList, resolve: Resolve, timeoutMs: number): buildConnector.connector {
  const guarded = buildConnector({ timeout: timeoutMs, lookup: lookupThrough(resolve, allow) });
  const opened = buildConnector({ timeout: timeoutMs, lookup: lookupThrough(resolve, null) });
  return (options, callback) => {
    const host = options.hostname;
    if (allowsHostName(allow, host)) return opened(options, callback);
    if (isIP(host) && refusalOf(host, allow) !== null) return callback(refused(host), null);
    return guarded(options, callback);
  };
}

/** The OutboundError behind a failure (undici wraps what the connector said), or null. */
function outboundCause(error: unknown, depth = 0): OutboundError | null {
  if (error instanceof OutboundError) return error;
  if (depth > 4 || typeof error !== 'object' || error === null) return null;
  return outboundCause((error as { cause?: unknown }).cause, depth + 1);
}

type Body = Dispatcher.ResponseData['body'];

/** Drops an answer's body unread: that ends its connection (and the error saying so has nobody to tell). */
function discard(body: Body): void {
  body.on('error', () => undefined);
  body.destroy();
}

async function readAtMost(body: Body, maxBytes: number): Promise<Buffer> {
  if (maxBytes <= 0) {
    discard(body);
    return Buffer.alloc(0);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      discard(body);
      throw new OutboundError('too-large', `The answer was larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function createOutboundDoor(options: OutboundDoorOptions = {}): OutboundDoor {
  const allow = options.allow ?? NOTHING_ALLOWED;
  const resolve = options.resolve ?? systemResolve;
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS;
  const agent = new Agent({ connect: guardedConnector(allow, resolve, defaultTimeoutMs), keepAliveTimeout: 4_000 });

  /** What a failed request says: the door's refusal as it is, the caller's abort, else no answer. */
  const failure = (error: unknown, callerSignal: AbortSignal | undefined): OutboundError => {
    const cause = outboundCause(error);
    if (cause) return cause;
    if (callerSignal?.aborted) return new OutboundError('aborted', 'Cancelled');
    return new OutboundError('unreachable', COULD_NOT_CONNECT);
  };

  return {
    async send(target, request = {}) {
      let url = httpUrl(target);
      const timeoutMs = Math.min(request.timeoutMs ?? defaultTimeoutMs, defaultTimeoutMs);
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
      let method = request.method ?? 'GET';
      let body = request.body;
      const headers: Record<string, string> = { 'user-agent': 'Daybook', ...request.headers };
      for (let hop = 0; ; hop += 1) {
        try {
          const answer = await undiciRequest(url, { dispatcher: agent, method: method as Dispatcher.HttpMethod, headers, body, signal, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
          const location = answer.headers.location;
          if (REDIRECTS.has(answer.statusCode) && typeof location === 'string' && hop < (request.maxRedirects ?? 0)) {
            discard(answer.body);
            const next = httpUrl(new URL(location, url));
            if (next.origin !== url.origin) {
              delete headers.authorization;
              delete headers.cookie;
            }
            // As browsers do: a 303, and a 301 or 302 after a POST, continue as a GET without the body.
            if (answer.statusCode === 303 || ((answer.statusCode === 301 || answer.statusCode === 302) && method === 'POST')) {
              method = 'GET';
              body = undefined;
              delete headers['content-type'];
            }
            url = next;
            continue;
          }
          const content = await readAtMost(answer.body, request.maxResponseBytes ?? 0);
          return { status: answer.statusCode, headers: answer.headers, body: content, url };
        } catch (error) {
          throw failure(error, request.signal);
        }
      }
    },

    async checkAddress(target) {
      const host = normalHost(httpUrl(target).hostname);
      if (allowsHostName(allow, host)) return;
      if (isAddressLiteral(host)) {
        if (refusalOf(host, allow) !== null) throw refused(host);
        return;
      }
      if (isLocalhostName(host)) throw refused(host);
      let timer: NodeJS.Timeout | undefined;
      const addresses = await Promise.race([
        resolve(host).catch(() => []),
        new Promise<[]>((done) => {
          timer = setTimeout(() => done([]), SAVE_LOOKUP_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      if (addresses.some((entry) => refusalOf(entry.address, allow) !== null)) throw refused(host);
    },

    close: () => agent.close(),
  };
}
