import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { isSignInError, SIGN_IN_ERROR_PARAM, type SignInError } from '@daybook/shared';
import type { Env } from '../../config/env';
import { AppError } from '../../core/errors';
import type { RateLimits } from '../../http/rate-limits';
import type { Logger } from '../../logger';
import { SignInFailure, type OidcFlow } from './oidc-client';
import type { OidcService } from './oidc.service';
import { LOGIN_PAGE } from './auth.routes';

const PREFIX = '/api/auth/oidc';
export const OIDC_CALLBACK_PATH = `${PREFIX}/callback`;

/** The cookie that carries the flow from the start to the callback: signed, httpOnly, sent to these routes only. */
export const OIDC_FLOW_COOKIE = 'daybook.oidc';
/** How long a sign-in at the provider may take, from the start to the callback. */
const FLOW_MAX_AGE_MS = 10 * 60 * 1000;

interface StoredFlow extends OidcFlow {
  /** When the start sent the browser off (epoch milliseconds). */
  startedAt: number;
  /** The browser's timezone, for an account the callback creates (as registration takes it). */
  timezone?: string;
}

/** The flow the start left in this browser, or null (none, tampered with, or expired). */
function readFlow(ctx: Context): StoredFlow | null {
  const value = ctx.cookies.get(OIDC_FLOW_COOKIE, { signed: true });
  if (!value) return null;
  try {
    const flow = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<StoredFlow>;
    if (typeof flow.state !== 'string' || typeof flow.nonce !== 'string' || typeof flow.verifier !== 'string' || typeof flow.startedAt !== 'number') return null;
    if (Date.now() - flow.startedAt > FLOW_MAX_AGE_MS) return null;
    const timezone = typeof flow.timezone === 'string' ? { timezone: flow.timezone } : {};
    return { state: flow.state, nonce: flow.nonce, verifier: flow.verifier, startedAt: flow.startedAt, ...timezone };
  } catch {
    return null;
  }
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Where a failed sign-in ends: the landing page's sign-in, which says why. */
const failurePage = (code: SignInError) => `${LOGIN_PAGE}&${SIGN_IN_ERROR_PARAM}=${code}`;

/** The shared code of a refusal; anything unforeseen is `sign_in_failed` (and logged as an error). */
function codeOf(error: unknown): SignInError {
  if (error instanceof SignInFailure) return error.code;
  if (error instanceof AppError && error.status === 429) return 'too_many_attempts';
  if (error instanceof AppError && isSignInError(error.code)) return error.code;
  return 'sign_in_failed';
}

/**
 * Sign-in with OpenID Connect (DECISIONS 30): GET start sends the browser to the provider, GET callback
 * signs in whom the provider sends back. Both are browser navigations: every outcome is a redirect, a
 * refusal to the landing page with its reason (never an error page or a 500), and both are rate limited
 * per address.
 */
export function oidcRoutes(oidc: OidcService, limits: RateLimits, env: Env, logger: Logger): Router {
  // The prefix written out: docs/api.md's check reads the routes from this file (deploy/test/docs.test.ts).
  const router = new Router({ prefix: '/api/auth/oidc' });

  const cookieOptions = {
    signed: true,
    httpOnly: true,
    sameSite: 'lax' as const,
    path: PREFIX,
    overwrite: true,
    // As the session cookie: 'auto' leaves Secure to Koa (set exactly when the request came over HTTPS).
    ...(env.COOKIE_SECURE === 'auto' ? {} : { secure: env.COOKIE_SECURE === 'true' }),
  };
  // The address the provider sends the browser back to: it must be registered at the provider as it is.
  const redirectUri = (ctx: Context) => `${env.APP_URL ?? ctx.origin}${OIDC_CALLBACK_PATH}`;

  const refuse = (ctx: Context, error: unknown) => {
    const code = codeOf(error);
    const detail = error instanceof SignInFailure ? error.detail : error;
    if (code === 'sign_in_failed') logger.error('single sign-on failed', { error: detail });
    else logger.warn('single sign-on refused', { code, detail: detail instanceof Error ? detail.message : detail });
    ctx.redirect(failurePage(code));
  };

  router.get('/start', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await limits.oidcSignIns(ctx.ip);
      const { url, flow } = await oidc.start(redirectUri(ctx));
      const timezone = typeof ctx.query.timezone === 'string' ? { timezone: ctx.query.timezone.slice(0, 100) } : {};
      const stored: StoredFlow = { ...flow, startedAt: Date.now(), ...timezone };
      ctx.cookies.set(OIDC_FLOW_COOKIE, Buffer.from(JSON.stringify(stored)).toString('base64url'), { ...cookieOptions, maxAge: FLOW_MAX_AGE_MS });
      ctx.redirect(url);
    } catch (error) {
      refuse(ctx, error);
    }
  });

  router.get('/callback', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // One flow, one callback: the flow is gone whatever happens next (a replayed callback finds none).
    const flow = readFlow(ctx);
    ctx.cookies.set(OIDC_FLOW_COOKIE, null, cookieOptions);
    try {
      await limits.oidcSignIns(ctx.ip);
      if (typeof ctx.query.error === 'string') throw new SignInFailure('provider_error', `${ctx.query.error}: ${String(ctx.query.error_description ?? '')}`);
      if (!flow || typeof ctx.query.state !== 'string' || !sameText(ctx.query.state, flow.state)) throw new SignInFailure('state_mismatch');
      const user = await oidc.finish(redirectUri(ctx), ctx.querystring, flow, flow.timezone);
      // As a password sign-in: a fresh session id, so a session id planted before is worthless.
      await ctx.session!.regenerate();
      ctx.session!.userId = user.id;
      ctx.redirect('/');
    } catch (error) {
      refuse(ctx, error);
    }
  });

  return router;
}
