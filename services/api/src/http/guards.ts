import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Actor } from '../core/actor';
import { forbidden, unauthorized } from '../core/errors';

/** What the session store puts on `ctx.state`: the signed-in user, when there is one. */
export interface AppState {
  actor?: Actor;
}

/** The state of a route behind `signedIn`: the actor is there. */
export interface SignedInState {
  actor: Actor;
}

/** The sign-in guard: 401 unless the request carries a live session of an existing user. */
export const signedIn: Middleware<AppState> = (ctx, next) => {
  if (!ctx.state.actor || !ctx.session?.userId) throw unauthorized();
  return next();
};

/** After `signedIn`: 403 unless the user is an admin (DECISIONS 7). */
export const adminOnly: Middleware<SignedInState> = (ctx, next) => {
  if (ctx.state.actor.role !== 'admin') throw forbidden('Admin access required');
  return next();
};

/**
 * A router whose every route needs a signed-in user (and whatever `guards` add): its handlers read the
 * typed `ctx.state.actor`. The guards run for the routes this router matches, before their handlers.
 */
export function signedInRouter(prefix: string, ...guards: Middleware<SignedInState>[]): Router<SignedInState> {
  const router = new Router<SignedInState>({ prefix });
  router.use(signedIn as Middleware<SignedInState>, ...guards);
  return router;
}
