// Connection problems explained (issue 13): a configured PostgreSQL or Redis that cannot be reached,
// authenticated or found stops the start with ONE line naming the service, the address (never the
// password), the cause and the fix; an outage after the start logs one line per change of state.
import type { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';

/** A service Daybook needs cannot be used. The message is one line for the person starting Daybook; main.ts prints it without a stack. */
export class ServiceProblem extends Error {
  override name = 'ServiceProblem';
}

const DEFAULT_PORTS: Record<string, string> = { 'postgres:': '5432', 'postgresql:': '5432', 'redis:': '6379', 'rediss:': '6379' };

/** The address as it may be shown: scheme, user, host, port (the default one spelled out) and path; no password, no query. */
export function displayAddress(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(an address that is not a URL)';
  }
  const user = parsed.username ? `${parsed.username}@` : '';
  const port = parsed.port || DEFAULT_PORTS[parsed.protocol] || '';
  const path = parsed.pathname === '/' ? '' : parsed.pathname;
  return `${parsed.protocol}//${user}${parsed.hostname}${port ? `:${port}` : ''}${path}`;
}

const field = (error: unknown, key: string): string => {
  const value = error && typeof error === 'object' ? (error as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
};
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Causes every network client reports alike (Node's socket error codes). */
function networkCause(error: unknown, hostAndPort: string, host: string): string | null {
  const code = field(error, 'code');
  const message = messageOf(error);
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return `refused the connection (nothing listens on ${hostAndPort})`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /ENOTFOUND|EAI_AGAIN/.test(message)) return `cannot be reached (no host named "${host}")`;
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || /timeout expired|connection timeout|timed out|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH/i.test(message)) {
    return `did not answer in time (${hostAndPort} is unreachable or firewalled)`;
  }
  if (code === 'ENOENT' || /ENOENT/.test(message)) return `cannot be reached (no socket at ${hostAndPort})`;
  return null;
}

function hostOf(url: string, defaultPort: string): { host: string; hostAndPort: string; user: string; database: string } {
  try {
    const parsed = new URL(url);
    const socketDir = parsed.searchParams.get('host');
    const host = parsed.hostname || socketDir || 'localhost';
    return {
      host,
      hostAndPort: `${host}:${parsed.port || defaultPort}`,
      user: decodeURIComponent(parsed.username),
      database: decodeURIComponent(parsed.pathname.slice(1)),
    };
  } catch {
    return { host: '?', hostAndPort: '?', user: '', database: '' };
  }
}

/**
 * The one line for an error met while connecting to PostgreSQL at `url` (DATABASE_URL), or null when the
 * error is not a connection problem (a failing migration keeps its stack: it is a bug to report).
 */
export function explainPostgresError(error: unknown, url: string): ServiceProblem | null {
  const at = `PostgreSQL at ${displayAddress(url)}`;
  const { host, hostAndPort, user, database } = hostOf(url, '5432');
  const code = field(error, 'code');
  const message = messageOf(error);
  const unsetHint = 'or leave DATABASE_URL unset to use the embedded database';

  const network = networkCause(error, hostAndPort, host);
  if (network) {
    const fix = /refused|socket/.test(network) ? `start PostgreSQL there, correct DATABASE_URL, ${unsetHint}` : `check the host and port in DATABASE_URL, ${unsetHint}`;
    return new ServiceProblem(`${at} ${network}: ${fix}.`);
  }
  if (/client password must be a string|no password supplied/i.test(message)) {
    return new ServiceProblem(`${at} asks for a password and DATABASE_URL has none: put it in the address (postgres://${user || 'user'}:PASSWORD@${hostAndPort}/${database || 'daybook'}).`);
  }
  if (code === '28P01') {
    return new ServiceProblem(`${at} refused the password of role "${user}": correct the password in DATABASE_URL.`);
  }
  if (code === '28000' && /role .* does not exist/.test(message)) {
    return new ServiceProblem(`${at} has no role "${user}": create it (createuser --pwprompt ${user}) or put an existing role in DATABASE_URL.`);
  }
  if (code === '28000' && /pg_hba\.conf/.test(message)) {
    return new ServiceProblem(`${at} does not let role "${user}" in from this machine: add a line for it to pg_hba.conf and reload PostgreSQL.`);
  }
  if (code === '3D000' || (code === '42501' && /create database/i.test(message))) {
    return new ServiceProblem(
      `${at} has no database "${database}" and role "${user}" may not create it: create it (createdb -O ${user} ${database}) or let the role create databases (alter role ${user} createdb).`,
    );
  }
  if (/terminated unexpectedly|ECONNRESET/.test(message) || code === 'ECONNRESET') {
    return new ServiceProblem(`${at} closed the connection before answering: check that ${hostAndPort} is a PostgreSQL server and DATABASE_URL's port is right.`);
  }
  if (/does not support SSL|SSL/.test(message) && /ssl/i.test(url)) {
    return new ServiceProblem(`${at} refused the SSL settings of DATABASE_URL (${message}): correct its sslmode.`);
  }
  return null;
}

/** The one line for an error met while connecting to Redis at `url` (REDIS_URL). */
export function explainRedisError(error: unknown, url: string): ServiceProblem {
  const at = `Redis at ${displayAddress(url)}`;
  const { host, hostAndPort } = hostOf(url, '6379');
  const message = messageOf(error);
  const unsetHint = 'or leave REDIS_URL unset to run the jobs inside the api';
  const network = networkCause(error, hostAndPort, host);
  if (network) {
    const fix = /refused|socket/.test(network) ? `start Redis there, correct REDIS_URL, ${unsetHint}` : `check the host and port in REDIS_URL, ${unsetHint}`;
    return new ServiceProblem(`${at} ${network}: ${fix}.`);
  }
  if (/NOAUTH/.test(message)) return new ServiceProblem(`${at} asks for a password and REDIS_URL has none: put it in the address (redis://:PASSWORD@${hostAndPort}).`);
  if (/WRONGPASS|invalid password|invalid username-password/i.test(message)) {
    return new ServiceProblem(`${at} refused the user name or password: correct them in REDIS_URL (redis://USER:PASSWORD@${hostAndPort}).`);
  }
  return new ServiceProblem(`${at} cannot be used (${message.split('\n')[0]}): check REDIS_URL, ${unsetHint}.`);
}

/** Connects to Redis once and asks for a PONG, all within `timeoutMs`; throws a ServiceProblem explaining why not. */
export async function checkRedis(url: string, timeoutMs = 3_000): Promise<void> {
  // No ready check: the PING is the check (and answers NOAUTH when a password is missing).
  const client = new Redis(url, { lazyConnect: true, enableReadyCheck: false, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let lastError: unknown;
  client.on('error', (error) => (lastError = error));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
  });
  try {
    await Promise.race([client.connect().then(() => client.ping()), deadline]);
  } catch (error) {
    // ioredis reports "Connection is closed." when it gives up; the socket's own error says why.
    throw explainRedisError(lastError ?? error, url);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/**
 * Logs when a service becomes unreachable and when it answers again: one line per change of state,
 * however many clients watch it and however often they retry. Clients emit 'error' while they cannot
 * reach the service and 'ready' once they can (ioredis does).
 */
export function logConnectionState(clients: EventEmitter | EventEmitter[], service: string, address: string, logger: Logger): void {
  const failing = new Set<EventEmitter>();
  for (const client of [clients].flat()) {
    client.on('error', (error: unknown) => {
      if (failing.size === 0) logger.warn(`${service} connection lost; retrying in the background`, { address: displayAddress(address), error: messageOf(error) });
      failing.add(client);
    });
    client.on('ready', () => {
      if (!failing.delete(client) || failing.size > 0) return;
      logger.info(`${service} connection restored`, { address: displayAddress(address) });
    });
  }
}
