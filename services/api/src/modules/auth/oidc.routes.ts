import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { isSignInError, loginBodySchema, OIDC_LINK_STEP, SIGN_IN_ERROR_PARAM, type SignInError } from '@daybook/shared';
import type { Env } from '../../config/env';
import { AppError } from '../../core/errors';
import { requestOrigin } from '../../http/client-info';
import type { RateLimits } from '../../http/rate-limits';
import { parseBody } from '../../http/validate';
import type { Logger } from '../../logger';
import { SignInFailure, type OidcFlow } from './oidc-client';
import type { OidcService, PendingLink } from './oidc.service';
import type { AuthService } from './auth.service';
import type { SecondFactorService } from '../second-factor/second-factor.service';
import { checkPassword, LOGIN_PAGE } from './auth.routes';

const PREFIX = '/api/auth/oidc';
export const OIDC_CALLBACK_PATH = `${PREFIX}/callback`;

/** The cookie that carries the flow from the start to the callback: signed, httpOnly, sent to these routes only. */
export const OIDC_FLOW_COOKIE = 'daybook.oidc';
/** How long a sign-in at the provider may take, from the start to the callback; and the "link your account" step after it. */
const FLOW_MAX_AGE_MS = 10 * 60 * 1000;

/** Where the callback sends a first sign-in whose email address an account holds: the landing page's step. */
const LINK_STEP_PAGE = `/?auth=${OIDC_LINK_STEP}`;

/** The "link your account" step waiting in a browser's session (the session is server-side: the browser never sees it). */
interface StoredLink {
  pending: PendingLink;
  /** When the callback stopped at the step (epoch milliseconds). */
  at: number;
}

const linkExpired = () => new AppError(400, 'link_expired', 'This sign-in has expired. Please sign in again.');

export const SECOND_FACTOR_LINK_MESSAGE =
  'This account uses two-step sign-in, so its password alone cannot link it. Sign in with your password and your second step instead.';

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
 * per address. A first sign-in whose email address an account holds may stop at the "link your account"
 * step (oidc.service.ts): the landing page reads it (GET link) and ends it with the account's password
 * (POST link: not for an account with a second factor, which a password alone would then open) or with a
 * separate account (POST link/new-account).
 */
export function oidcRoutes(
  oidc: OidcService,
  auth: AuthService,
  secondFactor: Pick<SecondFactorService, 'hasSecondFactor'>,
  limits: RateLimits,
  env: Env,
  logger: Logger,
): Router {
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
  const redirectUri = (ctx: Context) => `${env.APP_URL ?? requestOrigin(ctx)}${OIDC_CALLBACK_PATH}`;

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

  /** As a password sign-in: a fresh session id, so a session id planted before is worthless; a waiting step is spent. */
  const signIn = async (ctx: Context, userId: string) => {
    await ctx.session!.regenerate();
    delete ctx.session!.oidcLink;
    ctx.session!.userId = userId;
  };

  router.get('/callback', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // One flow, one callback: the flow is gone whatever happens next (a replayed callback finds none).
    const flow = readFlow(ctx);
    ctx.cookies.set(OIDC_FLOW_COOKIE, null, cookieOptions);
    try {
      await limits.oidcSignIns(ctx.ip);
      if (typeof ctx.query.error === 'string') throw new SignInFailure('provider_error', `${ctx.query.error}: ${String(ctx.query.error_description ?? '')}`);
      if (!flow || typeof ctx.query.state !== 'string' || !sameText(ctx.query.state, flow.state)) throw new SignInFailure('state_mismatch');
      const outcome = await oidc.finish(redirectUri(ctx), ctx.querystring, flow, flow.timezone);
      if ('user' in outcome) {
        await signIn(ctx, outcome.user.id);
        ctx.redirect('/');
        return;
      }
      // Nobody is signed in: the session (a fresh one) holds the step until the person ends it.
      await ctx.session!.regenerate();
      delete ctx.session!.userId;
      const stored: StoredLink = { pending: outcome.pendingLink, at: Date.now() };
      ctx.session!.oidcLink = stored;
      ctx.redirect(LINK_STEP_PAGE);
    } catch (error) {
      refuse(ctx, error);
    }
  });

  /** The step waiting in this browser's session; 400 `link_expired` when there is none or it is too old. */
  const pendingLink = (ctx: Context): PendingLink => {
    const stored = ctx.session?.oidcLink as StoredLink | undefined;
    if (!stored || typeof stored.at !== 'number' || Date.now() - stored.at > FLOW_MAX_AGE_MS) throw linkExpired();
    return stored.pending;
  };

  router.get('/link', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = oidc.describe(pendingLink(ctx));
  });

  router.post('/link', async (ctx) => {
    const pending = pendingLink(ctx);
    const { username, password } = parseBody(ctx, loginBodySchema);
    // The account's password, checked and throttled exactly as at POST /api/login.
    const user = await checkPassword(auth, limits, ctx.ip, username, password);
    // Linking signs in, and every later sign-in at the provider too: an account with a second factor is not
    // opened by its password alone (DECISIONS 47). Said only after the right password, so it tells a guesser nothing.
    if (await secondFactor.hasSecondFactor(user.id)) throw new AppError(403, 'link_needs_second_factor', SECOND_FACTOR_LINK_MESSAGE);
    const linked = await oidc.link(pending, user);
    await signIn(ctx, linked.id);
    ctx.body = linked;
  });

  router.post('/link/new-account', async (ctx) => {
    const pending = pendingLink(ctx);
    await limits.oidcSignIns(ctx.ip);
    const user = await oidc.createAccount(pending);
    await signIn(ctx, user.id);
    ctx.body = user;
  });

  return router;
}
