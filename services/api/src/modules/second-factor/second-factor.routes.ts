import Router from '@koa/router';
import type { Context } from 'koa';
import {
  adminSecondFactorBodySchema,
  adminUserParamsSchema,
  currentPasswordBodySchema,
  idParamsSchema,
  passkeyRegisterBodySchema,
  passkeySignInBodySchema,
  secondFactorSignInBodySchema,
  totpConfirmBodySchema,
  type EnrolmentResult,
} from '@daybook/shared';
import type { Env } from '../../config/env';
import { AppError, badRequest, unauthorized } from '../../core/errors';
import { adminOnly, sessionOnly, signedIn, signedInRouter, type AppState, type SignedInState } from '../../http/guards';
import type { RateLimits } from '../../http/rate-limits';
import { parseBody, parseParams } from '../../http/validate';
import type { SecondFactorService } from './second-factor.service';
import { pendingAnswer, relyingParty, rememberChallenge, secondStepOf, signInSession, takeChallenge } from './sign-in-session';

/** A sign-in whose second step is not (or no longer) waiting: the password comes first again. */
const signInExpired = () => new AppError(401, 'sign_in_expired', 'Your sign-in has expired. Please sign in again.');

const CURRENT_PASSWORD_MESSAGE = 'Enter your current password to add another authenticator app or passkey.';

const WRONG_FACTOR = {
  totp: 'Invalid authentication code',
  recovery: 'Invalid recovery code',
  passkey: 'This passkey could not be verified',
} as const;

/**
 * The second step of a password sign-in, and signing in with a passkey alone (DECISIONS 47). Public
 * routes like POST /api/login: each attempt is counted before it is checked (http/rate-limits.ts).
 */
export function secondFactorSignInRoutes(factors: SecondFactorService, limits: RateLimits, env: Pick<Env, 'APP_URL'>, clock: () => Date): Router {
  const router = new Router({ prefix: '/api/login' });
  router.use(sessionOnly);

  /** The second step this browser's sign-in waits for (the web resumes it after a reload). */
  router.get('/second-factor', (ctx) => {
    const step = secondStepOf(ctx, clock());
    if (!step) throw signInExpired();
    ctx.body = pendingAnswer(step);
  });

  router.post('/second-factor/passkey-options', async (ctx) => {
    const step = secondStepOf(ctx, clock());
    if (!step || step.enrol) throw signInExpired();
    const options = await factors.passkeyOptions(step.userId, relyingParty(ctx, env));
    rememberChallenge(ctx, 'second-factor', options.challenge, clock());
    ctx.body = options;
  });

  router.post('/second-factor', async (ctx) => {
    const step = secondStepOf(ctx, clock());
    if (!step || step.enrol) throw signInExpired();
    const body = parseBody(ctx, secondFactorSignInBodySchema);
    const challenge = body.method === 'passkey' ? takeChallenge(ctx, 'second-factor', clock()) : null;
    // Counted as a failure before it is checked, like a password: parallel guesses are throttled too.
    const attempt = await limits.secondFactor.attempt(step.userId, ctx.ip);
    if (!(await factors.verify(step.userId, body, { challenge, rp: relyingParty(ctx, env) }))) throw unauthorized(WRONG_FACTOR[body.method]);
    await attempt.succeeded();
    const user = await factors.signedIn(step.userId);
    await signInSession(ctx, user.id);
    ctx.body = user;
  });

  router.post('/passkey/options', async (ctx) => {
    await limits.passkeySignIns(ctx.ip);
    const options = await factors.passwordlessOptions(relyingParty(ctx, env));
    rememberChallenge(ctx, 'sign-in', options.challenge, clock());
    ctx.body = options;
  });

  router.post('/passkey', async (ctx) => {
    const { response } = parseBody(ctx, passkeySignInBodySchema);
    await limits.passkeySignIns(ctx.ip);
    const challenge = takeChallenge(ctx, 'sign-in', clock());
    const userId = challenge ? await factors.passwordlessSignIn(response, challenge, relyingParty(ctx, env)) : null;
    if (!userId) throw unauthorized(WRONG_FACTOR.passkey);
    const user = await factors.signedIn(userId);
    await signInSession(ctx, user.id);
    ctx.body = user;
  });

  return router;
}

/** Who sets up a factor: the signed-in user, or one whose sign-in waits for the enrolment the admin requires. */
interface Enrollee {
  userId: string;
  duringSignIn: boolean;
}

/**
 * The user's own factors, in Settings (DECISIONS 47): browser sessions only. Setting one up is also open
 * to a sign-in that waits for the enrolment the admin requires; finishing it signs that browser in.
 * Removing a factor, new recovery codes and a factor added next to one take the current password.
 */
export function secondFactorRoutes(factors: SecondFactorService, limits: RateLimits, env: Pick<Env, 'APP_URL'>, clock: () => Date): Router {
  const router = new Router({ prefix: '/api/auth/second-factor' });
  router.use(sessionOnly);
  const enrolleeOf = (ctx: Context): Enrollee => {
    const { actor } = ctx.state as AppState;
    if (actor && ctx.session?.userId) return { userId: actor.id, duringSignIn: false };
    const step = secondStepOf(ctx, clock());
    if (!step?.enrol) throw unauthorized();
    return { userId: step.userId, duringSignIn: true };
  };
  const actorOf = (ctx: Context) => (ctx.state as SignedInState).actor;

  /**
   * Re-authentication: the signed-in user's current password, so a session someone else holds (a stolen
   * cookie, a browser left open) cannot change how the account is guarded. Counted as a failed sign-in of
   * the username before it is checked, and given back when right, exactly as at POST /api/login.
   */
  async function proveCurrentPassword(ctx: Context, password: string | undefined): Promise<void> {
    const { actor } = ctx.state as AppState;
    // A sign-in waiting for its enrolment has no factor to add to; one that has a factor now signs in again.
    if (!actor || !ctx.session?.userId) throw signInExpired();
    if (password === undefined) throw badRequest(CURRENT_PASSWORD_MESSAGE, 'current_password_required');
    const attempt = await limits.login.attempt(actor.username, ctx.ip);
    await factors.assertCurrentPassword(actor, password);
    await attempt.succeeded();
  }
  /** A factor added next to one takes the current password; the first (also the one the admin requires) does not. */
  async function proveWhenEnrolled(ctx: Context, userId: string, password: string | undefined): Promise<void> {
    if (await factors.hasSecondFactor(userId)) await proveCurrentPassword(ctx, password);
  }

  /** A factor set up during a sign-in finishes it: the browser is signed in, and the answer says as whom. */
  async function finishEnrolment(ctx: Context, { userId, duringSignIn }: Enrollee, result: Omit<EnrolmentResult, 'user'>): Promise<EnrolmentResult> {
    if (!duringSignIn) return { ...result, user: null };
    const user = await factors.signedIn(userId);
    await signInSession(ctx, userId);
    return { ...result, user };
  }

  router.get('/', async (ctx) => {
    ctx.body = await factors.status(enrolleeOf(ctx).userId);
  });

  router.post('/totp', async (ctx) => {
    ctx.body = await factors.startTotp(enrolleeOf(ctx).userId);
  });

  router.post('/totp/confirm', async (ctx) => {
    const enrollee = enrolleeOf(ctx);
    const { code, currentPassword } = parseBody(ctx, totpConfirmBodySchema);
    await proveWhenEnrolled(ctx, enrollee.userId, currentPassword);
    ctx.body = await finishEnrolment(ctx, enrollee, await factors.confirmTotp(enrollee.userId, code));
  });

  router.delete('/totp', signedIn, async (ctx) => {
    await proveCurrentPassword(ctx, parseBody(ctx, currentPasswordBodySchema).currentPassword);
    ctx.body = await factors.removeTotp(actorOf(ctx));
  });

  router.post('/passkeys/options', async (ctx) => {
    const options = await factors.registrationOptions(enrolleeOf(ctx).userId, relyingParty(ctx, env));
    rememberChallenge(ctx, 'register', options.challenge, clock());
    ctx.body = options;
  });

  router.post('/passkeys', async (ctx) => {
    const enrollee = enrolleeOf(ctx);
    const body = parseBody(ctx, passkeyRegisterBodySchema);
    await proveWhenEnrolled(ctx, enrollee.userId, body.currentPassword);
    const challenge = takeChallenge(ctx, 'register', clock());
    const result = await factors.registerPasskey(enrollee.userId, body, challenge, relyingParty(ctx, env));
    ctx.status = 201;
    ctx.body = await finishEnrolment(ctx, enrollee, result);
  });

  router.delete('/passkeys/:id', signedIn, async (ctx) => {
    const { id } = parseParams(ctx, idParamsSchema);
    await proveCurrentPassword(ctx, parseBody(ctx, currentPasswordBodySchema).currentPassword);
    ctx.body = await factors.removePasskey(actorOf(ctx), id);
  });

  router.post('/recovery-codes', signedIn, async (ctx) => {
    await proveCurrentPassword(ctx, parseBody(ctx, currentPasswordBodySchema).currentPassword);
    ctx.body = await factors.renewRecoveryCodes(actorOf(ctx));
  });

  return router;
}

/** The admin's side (DECISIONS 7, 47): the requirement, and resetting a user's lost factor. */
export function secondFactorAdminRoutes(factors: SecondFactorService): Router<SignedInState> {
  const router = signedInRouter('/api/admin', adminOnly);

  router.get('/second-factor', async (ctx) => {
    ctx.body = await factors.adminSettings(ctx.state.actor);
  });

  router.put('/second-factor', async (ctx) => {
    const { required } = parseBody(ctx, adminSecondFactorBodySchema);
    ctx.body = await factors.setRequirement(ctx.state.actor, required);
  });

  router.post('/users/:userId/second-factor/reset', async (ctx) => {
    const { userId } = parseParams(ctx, adminUserParamsSchema);
    ctx.body = await factors.reset(ctx.state.actor, userId);
  });

  return router;
}
