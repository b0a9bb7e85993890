import type { Context } from 'koa';
import { SECOND_FACTOR_WAIT_MINUTES, type PendingSignIn, type SecondFactorMethod } from '@daybook/shared';
import type { Env } from '../../config/env';
import { requestOrigin } from '../../http/client-info';
import type { RelyingParty } from './second-factor.service';

/**
 * The session's part in signing in (DECISIONS 4, 47). A correct password of a user with a second factor
 * (or who must set one up) does not sign in: the session waits for the second step (`secondStep`), for
 * a few minutes, signed in to nothing (the session store gives it no actor, every guarded route answers
 * 401). It lives in the server-side session, so it cannot be carried to another browser. Each step that
 * changes who the session is gets a fresh session id: a session id planted before is worthless.
 */
export interface SecondStep {
  userId: string;
  /** Epoch milliseconds after which the step is refused and the sign-in starts over. */
  until: number;
  /** The admin requires a factor and the user has none: only enrolment is open. */
  enrol: boolean;
  methods: SecondFactorMethod[];
}

/** What a WebAuthn challenge is for: registering a passkey, a second step, a sign-in without a password. */
export type ChallengePurpose = 'register' | 'second-factor' | 'sign-in';
interface StoredChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  until: number;
}

const WAIT_MS = SECOND_FACTOR_WAIT_MINUTES * 60_000;
/** A WebAuthn challenge is good for the browser's own timeout and a little more. */
const CHALLENGE_MS = 3 * 60_000;

type SessionData = { userId?: string; secondStep?: SecondStep; webauthn?: StoredChallenge };
const sessionOf = (ctx: Context) => ctx.session as unknown as (SessionData & { regenerate(): Promise<void> }) | null;

/**
 * Signs the user in on a fresh session id: after the password alone, after the second step, with a passkey.
 * (koa-session keeps a session's data when it regenerates it: what the sign-in used is dropped first.)
 */
export async function signInSession(ctx: Context, userId: string): Promise<void> {
  const session = sessionOf(ctx)!;
  delete session.secondStep;
  delete session.webauthn;
  await session.regenerate();
  session.userId = userId;
}

/** After a correct password: a fresh session that waits for the second step; what the login answers. */
export async function beginSecondStep(ctx: Context, step: Omit<SecondStep, 'until'>, now: Date): Promise<PendingSignIn> {
  const session = sessionOf(ctx)!;
  // Whoever this browser was signed in as before, it is nobody now.
  delete session.userId;
  delete session.webauthn;
  await session.regenerate();
  const until = now.getTime() + WAIT_MS;
  // The session store lets its row expire with the wait (http/session-store.ts).
  session.secondStep = { ...step, until };
  return pendingAnswer(session.secondStep);
}

export const pendingAnswer = (step: SecondStep): PendingSignIn => ({
  secondFactor: { methods: step.methods, enrol: step.enrol, expiresAt: new Date(step.until).toISOString() },
});

/** The second step this session waits for, or null (none, or its time ran out). */
export function secondStepOf(ctx: Context, now: Date): SecondStep | null {
  const step = sessionOf(ctx)?.secondStep;
  return step && typeof step.userId === 'string' && step.until > now.getTime() ? step : null;
}

/** Keeps a WebAuthn challenge in the session for the one answer that may use it. */
export function rememberChallenge(ctx: Context, purpose: ChallengePurpose, challenge: string, now: Date): void {
  sessionOf(ctx)!.webauthn = { challenge, purpose, until: now.getTime() + CHALLENGE_MS };
}

/** The session's WebAuthn challenge for `purpose`, taken out (each is used once); null when none is live. */
export function takeChallenge(ctx: Context, purpose: ChallengePurpose, now: Date): string | null {
  const session = sessionOf(ctx);
  const stored = session?.webauthn;
  if (!session || !stored) return null;
  delete session.webauthn;
  return stored.purpose === purpose && stored.until > now.getTime() ? stored.challenge : null;
}

/**
 * The relying party of WebAuthn: the host name the browser sees (behind the trusted proxy, what it
 * forwarded, as the CSRF check reads it), and the origins answers may come from: the request's own and,
 * for the same host, APP_URL's (it knows the scheme when a proxy in front does not say).
 */
export function relyingParty(ctx: Context, env: Pick<Env, 'APP_URL'>): RelyingParty {
  const origins = [requestOrigin(ctx)];
  if (env.APP_URL) {
    const app = new URL(env.APP_URL);
    if (app.hostname === ctx.hostname && !origins.includes(app.origin)) origins.push(app.origin);
  }
  return { id: ctx.hostname, origins };
}
