import type Router from '@koa/router';
import { adminCreateUserBodySchema, adminResetPasswordBodySchema, adminRoleBodySchema, adminUserParamsSchema, idParamsSchema } from '@daybook/shared';
import { adminOnly, signedInRouter, type SignedInState } from '../../http/guards';
import { parseBody, parseParams } from '../../http/validate';
import type { UsersService } from './users.service';

/** User management (spec §6, DECISIONS 7): admins only, enforced by the router's guards. */
export function adminRoutes(users: UsersService): Router<SignedInState> {
  const router = signedInRouter('/api/admin', adminOnly);

  router.get('/users', async (ctx) => {
    const { actor: admin } = ctx.state;
    ctx.body = await users.list(admin);
  });

  router.post('/users', async (ctx) => {
    const { actor: admin } = ctx.state;
    const body = parseBody(ctx, adminCreateUserBodySchema);
    ctx.status = 201;
    ctx.body = await users.create(admin, body);
  });

  router.delete('/users/:id', async (ctx) => {
    const { actor: admin } = ctx.state;
    const { id } = parseParams(ctx, idParamsSchema);
    await users.remove(admin, id);
    ctx.status = 204;
  });

  router.patch('/users/:userId/role', async (ctx) => {
    const { actor: admin } = ctx.state;
    const { userId } = parseParams(ctx, adminUserParamsSchema);
    const { role } = parseBody(ctx, adminRoleBodySchema);
    ctx.body = await users.changeRole(admin, userId, role);
  });

  router.post('/users/:userId/reset-password', async (ctx) => {
    const { actor: admin } = ctx.state;
    const { userId } = parseParams(ctx, adminUserParamsSchema);
    const { newPassword } = parseBody(ctx, adminResetPasswordBodySchema);
    // The user's sessions and API tokens end with the old password; the answer says so.
    ctx.body = await users.resetPassword(admin, userId, newPassword);
  });

  return router;
}
