import Router from '@koa/router';
import { loginBodySchema, registerBodySchema } from '@daybook/shared';
import { unauthorized } from '../../core/errors';
import { sessionOnly } from '../../http/guards';
import type { RateLimits } from '../../http/rate-limits';
import { parseBody } from '../../http/validate';
import type { AuthService } from './auth.service';

/** Where the spec's client is sent after a 401, and where GET /api/login points: the landing page's login form. */
export const LOGIN_PAGE = '/?auth=login';

/** The public routes: register, sign in, sign out, and how this server signs people in. */
export function authRoutes(auth: AuthService, limits: RateLimits): Router {
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
    auth.assertPasswordLogin(username);
    // Counted as a failure before the password is checked (a parallel burst is throttled too), given back when right.
    const attempt = await limits.login.attempt(username, ctx.ip);
    const user = await auth.checkCredentials(username, password);
    if (!user) throw unauthorized('Invalid username or password');
    await attempt.succeeded();
    // A fresh session id at every sign-in: a session id planted before login is worthless.
    await ctx.session!.regenerate();
    ctx.session!.userId = user.id;
    await auth.recordSignIn(user.id);
    ctx.body = user;
  });

  // What the landing page offers a signed-out visitor: the password form, Sign Up, single sign-on.
  router.get('/auth/config', async (ctx) => {
    ctx.body = await auth.config();
  });

  router.get('/login', (ctx) => {
    ctx.redirect(LOGIN_PAGE);
  });

  router.post('/logout', (ctx) => {
    ctx.session = null;
    ctx.body = { message: 'Logged out' };
  });

  // The spec's redirect target after a 401: it only ends the session (DECISIONS 9).
  router.get('/logout', (ctx) => {
    ctx.session = null;
    ctx.redirect('/');
  });

  return router;
}
