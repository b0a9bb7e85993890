import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { changePasswordBodySchema, emailConfirmBodySchema, userSettingsBodySchema, userTimezoneBodySchema } from '@daybook/shared';
import { sessionOnly, signedInRouter, type SignedInState } from '../../http/guards';
import type { RateLimits } from '../../http/rate-limits';
import { parseBody } from '../../http/validate';
import type { Actor } from '../../core/actor';
import type { EmailConfirmationsService } from './email-confirmations.service';
import type { UsersService } from './users.service';

/**
 * The signed-in user's own account (spec §7 Authentication): read it, delegation, working hours and timezone
 * settings; and, with the browser only (never an API token), the password, "sign out everywhere" and the
 * confirmation of the email address.
 */
export function userRoutes(
  users: UsersService,
  confirmations: EmailConfirmationsService,
  limits: RateLimits,
  timezoneChanged: (actor: Actor) => Promise<void>,
): Router<SignedInState> {
  const router = signedInRouter('/api');
  const browserOnly = sessionOnly as Middleware<SignedInState>;

  router.get('/auth/user', async (ctx) => {
    ctx.body = await users.get(ctx.state.actor);
  });

  router.patch('/auth/user/settings', async (ctx) => {
    ctx.body = await users.updateSettings(ctx.state.actor, parseBody(ctx, userSettingsBodySchema));
  });

  router.patch('/auth/user/timezone', async (ctx) => {
    const { timezone } = parseBody(ctx, userTimezoneBodySchema);
    ctx.body = await users.updateTimezone(ctx.state.actor, timezone);
    // Reminders and the digest are set on the user's clock: they move with it (DECISIONS 29).
    await timezoneChanged({ ...ctx.state.actor, timezone });
  });

  router.post('/auth/user/password', browserOnly, async (ctx) => {
    const { actor } = ctx.state;
    const body = parseBody(ctx, changePasswordBodySchema);
    // A wrong current password counts as a failed login of this username (a stolen session cannot guess it).
    const attempt = await limits.login.attempt(actor.username, ctx.ip);
    const ended = await users.changePassword(actor, body);
    await attempt.succeeded();
    // Every session ended, this one too: the browser that changed the password goes on in a new one.
    await ctx.session!.regenerate();
    ctx.session!.userId = actor.id;
    ctx.body = ended;
  });

  router.post('/auth/user/sign-out-everywhere', browserOnly, async (ctx) => {
    ctx.body = await users.signOutEverywhere(ctx.state.actor);
    ctx.session = null;
  });

  router.post('/auth/user/email/confirmation', browserOnly, limits.confirmationMails, async (ctx) => {
    await confirmations.send(ctx.state.actor);
    ctx.status = 202;
    ctx.body = { message: 'A confirmation mail is on its way. Open its link while you are signed in.' };
  });

  router.post('/auth/user/email/confirm', browserOnly, async (ctx) => {
    const { token } = parseBody(ctx, emailConfirmBodySchema);
    ctx.body = await confirmations.confirm(ctx.state.actor, token);
  });

  return router;
}
