import type Router from '@koa/router';
import { userSettingsBodySchema, userTimezoneBodySchema } from '@daybook/shared';
import { signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody } from '../../http/validate';
import type { Actor } from '../../core/actor';
import type { UsersService } from './users.service';

/** The signed-in user's own account (spec §7 Authentication): read it, delegation, working hours and timezone settings. */
export function userRoutes(users: UsersService, timezoneChanged: (actor: Actor) => Promise<void>): Router<SignedInState> {
  const router = signedInRouter('/api');

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

  return router;
}
