import Router from '@koa/router';
import { loginBodySchema, registerBodySchema, type User as UserDto } from '@daybook/shared';
import { unauthorized } from '../../core/errors';
import { sessionOnly } from '../../http/guards';
import type { RateLimits } from '../../http/rate-limits';
import { parseBody } from '../../http/validate';
import type { AuthService } from './auth.service';
import type { SecondFactorService } from '../second-factor/second-factor.service';
import { beginSecondStep, signInSession } from '../second-factor/sign-in-session';

/** Where the spec's client is sent after a 401, and where GET /api/login points: the landing page's login form. */
export const LOGIN_PAGE = '/?auth=login';

/**
 * The user whose username and password these are, checked as every password sign-in is (POST /api/login,
 * and the "link your account" step of single sign-on): refused at once when this server takes no password
 * for this username; counted as a failure before the password is checked (a parallel burst is throttled
 * too) and given back when right; 401 when wrong.
 */
export async function checkPassword(auth: AuthService, limits: RateLimits, ip: string, username: string, password: string): Promise<UserDto> {
  auth.assertPasswordLogin(username);
  const attempt = await limits.login.attempt(username, ip);
  const user = await auth.checkCredentials(username, password);
  if (!user) throw unauthorized('Invalid username or password');
  await attempt.succeeded();
  return user;
}

/** The public routes: register, sign in, sign out, and how this server signs people in. */
export function authRoutes(auth: AuthService, limits: RateLimits, secondFactor: Pick<SecondFactorService, 'afterPassword'>, clock: () => Date): Router {
  const router = new Router({ prefix: '/api' });
  router.use(sessionOnly);

  router.post('/register', async (ctx) => {
    const body = parseBody(ctx, registerBodySchema);
    await limits.registration(ctx.ip);
    ctx.status = 201;
    ctx.body = await auth.register(body);
  });

  router.post('/login', async (ctx) => {
    const { username, password } = parseBody(ctx, loginBodySchema);
    const user = await checkPassword(auth, limits, ctx.ip, username, password);
    // A second factor (DECISIONS 47): the session waits for it (or for its enrolment) and signs nobody in yet.
    const secondStep = await secondFactor.afterPassword(user);
    if (secondStep) {
      ctx.body = await beginSecondStep(ctx, { userId: user.id, ...secondStep }, clock());
      return;
    }
    // A fresh session id at every sign-in: a session id planted before login is worthless.
    await signInSession(ctx, user.id);
    await auth.recordSignIn(user.id);
    ctx.body = user;
  });

  // What the landing page offers a signed-out visitor: the password form, Sign Up, single sign-on.
  router.get('/auth/config', async (ctx) => {
    ctx.body = await auth.config();
  });

  // Whether this browser has a session, without a 401 when not: a browser whose session predates the
  // signed-in hint (packages/shared signed-in-hint.ts) gets the hint from this answer and stays signed in.
  router.get('/auth/session', (ctx) => {
    ctx.body = { signedIn: Boolean(ctx.session?.userId) };
  });

  router.get('/login', (ctx) => {
    ctx.redirect(LOGIN_PAGE);
  });

  router.post('/logout', (ctx) => {
    ctx.session = null;
    ctx.body = { message: 'Logged out' };
  });

  // The spec's redirect target after a 401: it only ends the session (DECISIONS 9). The router answers HEAD
  // with this route too: a HEAD (a link checker, a prefetch) gets the same redirect and signs nobody out.
  router.get('/logout', (ctx) => {
    if (ctx.method !== 'HEAD') ctx.session = null;
    ctx.redirect('/');
  });

  return router;
}
