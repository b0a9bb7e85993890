import type { Middleware } from 'koa';
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE } from '@daybook/shared';

/** The page's read of who is signed in (each page load) renews the hint, so a session koa-session renews keeps one. */
const RENEWED_ON = '/api/auth/user';

/**
 * Keeps the readable signed-in hint (packages/shared signed-in-hint.ts) in step with the session, placed
 * inside koa-session: a request that ends with a signed-in session sets it (a sign-in of any kind), one
 * that ends without clears it (a sign-out, a lost or expired session). It lives as long as the session cookie.
 */
export function signedInHint(options: { maxAge: number; secure?: boolean }): Middleware {
  return async (ctx, next) => {
    const hinted = ctx.cookies.get(SIGNED_IN_HINT_COOKIE, { signed: false }) === SIGNED_IN_HINT_VALUE;
    try {
      await next();
    } finally {
      const signedIn = Boolean((ctx.session as { userId?: unknown } | null)?.userId);
      const cookie = { httpOnly: false, signed: false, sameSite: 'lax', overwrite: true, ...(options.secure === undefined ? {} : { secure: options.secure }) } as const;
      if (signedIn && (!hinted || ctx.path === RENEWED_ON)) ctx.cookies.set(SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE, { ...cookie, maxAge: options.maxAge });
      else if (!signedIn && hinted) ctx.cookies.set(SIGNED_IN_HINT_COOKIE, null, cookie);
    }
  };
}
