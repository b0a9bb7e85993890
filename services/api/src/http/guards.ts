import type { Context } from 'koa';
import type { Role, Timezone } from '@daybook/shared';
import { forbidden, unauthorized } from './errors';

/** The signed-in user as every service receives it: read with the session, in the same query. */
export interface Actor {
  id: string;
  username: string;
  role: Role;
  timezone: Timezone;
  enableDelegation: boolean;
}

export interface AppState {
  actor?: Actor;
}

/** The acting user of a request, or a 401. */
export function requireActor(ctx: Context): Actor {
  const actor = (ctx.state as AppState).actor;
  if (!actor || !ctx.session?.userId) throw unauthorized();
  return actor;
}

/** The acting user when an admin (DECISIONS 7), else a 403 (401 when signed out). */
export function requireAdmin(ctx: Context): Actor {
  const actor = requireActor(ctx);
  if (actor.role !== 'admin') throw forbidden('Admin access required');
  return actor;
}
