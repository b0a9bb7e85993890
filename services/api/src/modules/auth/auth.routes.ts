import Router from '@koa/router';
import { loginBodySchema, registerBodySchema, userSettingsBodySchema, userTimezoneBodySchema } from '@daybook/shared';
import { requireActor } from '../../http/actor';
import { unauthorized } from '../../http/errors';
import type { RateLimits } from '../../http/rate-limits';
import { parseBody } from '../../http/validate';
import type { UsersService } from '../users/users.service';
import { toUserDto } from '../users/users.mapper';
import { decoyPasswordHash, verifyPassword } from './passwords';

/** Where the spec's client is sent after a 401, and where GET /api/login points: the landing page's login form. */
export const LOGIN_PAGE = '/?auth=login';

export function authRoutes(users: UsersService, limits: RateLimits): Router {
  const router = new Router({ prefix: '/api' });

  router.post('/register', async (ctx) => {
    const body = parseBody(ctx, registerBodySchema);
    await limits.registration(ctx.ip);
    const user = await users.register(body);
    ctx.status = 201;
    ctx.body = toUserDto(user);
  });

  router.post('/login', async (ctx) => {
    const { username, password } = parseBody(ctx, loginBodySchema);
    // Counted as a failure before the password is checked (a parallel burst is throttled too), given back when right.
    const attempt = await limits.login.attempt(username, ctx.ip);
    const user = await users.findByUsername(username);
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!user || !valid) throw unauthorized('Invalid username or password');
    await attempt.succeeded();
    // A fresh session id at every sign-in: a session id planted before login is worthless.
    await ctx.session!.regenerate();
    ctx.session!.userId = user.id;
    ctx.body = toUserDto(user);
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

  router.get('/auth/user', async (ctx) => {
    ctx.body = toUserDto(await users.get(requireActor(ctx)));
  });

  router.patch('/auth/user/settings', async (ctx) => {
    const actor = requireActor(ctx);
    const { enableDelegation } = parseBody(ctx, userSettingsBodySchema);
    ctx.body = toUserDto(await users.updateSettings(actor, enableDelegation));
  });

  router.patch('/auth/user/timezone', async (ctx) => {
    const actor = requireActor(ctx);
    const { timezone } = parseBody(ctx, userTimezoneBodySchema);
    ctx.body = toUserDto(await users.updateTimezone(actor, timezone));
  });

  return router;
}
