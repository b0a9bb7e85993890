import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ApiTokenScope } from '@daybook/shared';
import type { Actor } from '../core/actor';
import { forbidden, unauthorized } from '../core/errors';

/**
 * Who is asking, on `ctx.state`: the signed-in user, read with the session or with a personal API token
 * (then `apiToken` says which and what it may do).
 */
export interface AppState {
  actor?: Actor;
  apiToken?: { id: string; scope: ApiTokenScope };
}

/** The state of a route behind `signedIn`: the actor is there. */
export interface SignedInState {
  actor: Actor;
  apiToken?: AppState['apiToken'];
}

/** The sign-in guard: 401 unless the request carries a live session or API token of an existing user. */
export const signedIn: Middleware<AppState> = (ctx, next) => {
  if (!ctx.state.actor || (!ctx.state.apiToken && !ctx.session?.userId)) throw unauthorized();
  return next();
};

/** 403 for a request made with an API token: signing in and out, admin work and the tokens themselves need the browser. */
export const sessionOnly: Middleware<AppState> = (ctx, next) => {
  if (ctx.state.apiToken) throw forbidden('API tokens cannot be used for this request');
  return next();
};

/** After `signedIn`: 403 unless the user is an admin (DECISIONS 7) signed in with a session (never a token, DECISIONS 30). */
export const adminOnly: Middleware<SignedInState> = (ctx, next) => {
  if (ctx.state.apiToken) throw forbidden('API tokens cannot be used for admin requests');
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
