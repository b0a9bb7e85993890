import type { Context } from 'koa';

/** The longest User-Agent kept (sessions, audit log): enough for every real browser, and it bounds the parsing. */
export const USER_AGENT_MAX = 512;
const ADDRESS_MAX = 64;

/**
 * The client's address as the api sees it: `ctx.ip`, which behind the bundled nginx (TRUST_PROXY=true) is
 * the last X-Forwarded-For entry, the one nginx wrote (app.ts sets `maxIpsCount = 1`), and otherwise the
 * socket's peer. An IPv4 address written as IPv6 (`::ffff:10.0.0.7`) is shown as IPv4.
 */
export function clientAddress(ctx: Pick<Context, 'ip'>): string | null {
  const ip = ctx.ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return ip === '' ? null : ip.slice(0, ADDRESS_MAX);
}

/**
 * The origin the browser sees the api at (`https://daybook.example`): the request's protocol and host, behind
 * the trusted proxy (TRUST_PROXY) as it forwarded them. Never Koa 3's `ctx.origin`, which is the request's
 * Origin header: absent from a navigation (so `null`), and the client's to choose.
 */
export const requestOrigin = (ctx: Pick<Context, 'protocol' | 'host'>): string => `${ctx.protocol}://${ctx.host}`;

/** The request's User-Agent, cut to USER_AGENT_MAX; null when absent. */
export function userAgentOf(ctx: Pick<Context, 'get'>): string | null {
  const userAgent = ctx.get('user-agent');
  return userAgent === '' ? null : userAgent.slice(0, USER_AGENT_MAX);
}
