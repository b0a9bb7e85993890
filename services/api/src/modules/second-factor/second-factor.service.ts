import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { SecretUnreadable, type SecretBox } from '@daybook/ai-worker';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  formatRecoveryCode,
  PASSKEYS_MAX,
  RECOVERY_CODE_COUNT,
  type AdminSecondFactor,
  type EnrolmentResult,
  type PasskeyAssertion,
  type PasskeyAttestation,
  type PasskeyRegisterBody,
  type RecoveryCodes,
  type Role,
  type SecondFactorMethod,
  type SecondFactorRequirement,
  type SecondFactorSignInBody,
  type SecondFactorStatus,
  type TotpSetup,
  type User as UserDto,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { AppError, badRequest, notFound, quotaExceeded } from '../../core/errors';
import { secretHash } from '../../core/secret-hash';
import type { UsersService } from '../users/users.service';
import { noSecondFactorEvents, type SecondFactorEvents } from './second-factor.events';
import { createSecondFactorRepository, type FactorCounts, type FactorOwner, type SecondFactorRepository, type StoredPasskey } from './second-factor.repository';

/** The name authenticator apps and passkey dialogs show for this server. */
const ISSUER = 'Daybook';
/** The 30-second steps of TOTP (RFC 6238) and how far a code may be off: one step either way. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RECOVERY_CODE_LETTERS = 16;
/** How long the browser may take to ask the authenticator, in milliseconds (WebAuthn's own timeout). */
const WEBAUTHN_TIMEOUT_MS = 120_000;

/**
 * Where WebAuthn runs: the relying party's id (the host name the browser sees) and the origins a
 * credential's answer may come from (routes: the request's origin behind the trusted proxy, and APP_URL).
 */
export interface RelyingParty {
  id: string;
  origins: string[];
}

export interface SecondFactorDeps {
  repository: SecondFactorRepository;
  /** Seals the apps' secrets with the installation's secrets key (DECISIONS 48): the server must compute codes from them again. */
  secretBox: SecretBox;
  users: Pick<UsersService, 'findById' | 'recordSignIn' | 'assertCurrentPassword'>;
  /** Whether this account may sign in without single sign-on (auth.service.ts): factors guard that way in only. */
  localSignIn: (user: { username: string; role: Role }) => boolean;
  clock: () => Date;
  events?: SecondFactorEvents;
}

/** What a password sign-in must do next: nothing, a second factor, or (where one is required and none is set up) an enrolment. */
export type AfterPassword = { enrol: false; methods: SecondFactorMethod[] } | { enrol: true; methods: [] } | null;

export const LAST_FACTOR_MESSAGE = 'Your admin requires two-step sign-in: add another authenticator app or passkey before you remove this one.';
const SINGLE_SIGN_ON_MESSAGE = 'You sign in through single sign-on: your sign-in provider asks for a second factor.';
/** The secrets key changed after the app was set up (docs/configuration.md, SECRETS_KEY): its secret cannot be read. */
const SECRET_UNREADABLE_MESSAGE =
  'The server cannot read authenticator app secrets right now (its secrets key changed). Use a passkey or a recovery code, or ask your admin.';

/** The context a TOTP secret is sealed with: it opens only in its owner's row. */
const totpContext = (userId: string) => `totp_authenticators:${userId}`;

/** 16 letters of RFC 4648 base32: 80 random bits. */
const newRecoveryCode = () => Array.from({ length: RECOVERY_CODE_LETTERS }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');

/** The 16 bytes of a uuid: the WebAuthn user handle of its user (no name, no address in it). */
const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

const hasFactor = (counts: FactorCounts) => counts.totp !== null || counts.passkeys > 0;
const transportsOf = (passkey: Pick<StoredPasskey, 'transports'>) => passkey.transports as AuthenticatorTransportFuture[];

/** The service on the database (app.ts). */
export const createSecondFactorService = (em: EntityManager, deps: Omit<SecondFactorDeps, 'repository'>) =>
  secondFactorService({ repository: createSecondFactorRepository(em), ...deps });

/**
 * A second factor (DECISIONS 47): authenticator apps (TOTP, otplib) with recovery codes, and passkeys
 * (WebAuthn, @simplewebauthn/server) as a second factor or a sign-in without a password; the admin's
 * requirement; an admin's reset. Throttling belongs to the routes, which count each attempt before it
 * reaches this service.
 */
export function secondFactorService({ repository: factors, secretBox, users, localSignIn, clock, events = noSecondFactorEvents }: SecondFactorDeps) {
  const requiredOf = (requirement: SecondFactorRequirement, role: Role) => requirement === 'everyone' || (requirement === 'admins' && role === 'admin');
  const mayEnrol = (owner: FactorOwner) => owner.hasPassword && localSignIn(owner);

  async function ownerOf(userId: string): Promise<FactorOwner> {
    const owner = await factors.owner(userId);
    if (!owner) throw notFound('User');
    return owner;
  }

  async function status(userId: string): Promise<SecondFactorStatus> {
    const [owner, counts, passkeys, requirement] = await Promise.all([ownerOf(userId), factors.counts(userId), factors.listPasskeys(userId), factors.requirement()]);
    const passwordSignIn = mayEnrol(owner);
    return {
      totp: counts.totp ? { createdAt: counts.totp.createdAt } : null,
      passkeys,
      recoveryCodesLeft: counts.recoveryCodes,
      required: passwordSignIn && requiredOf(requirement, owner.role),
      passwordSignIn,
    };
  }

  /** Inside a transaction, the owner locked: refuses when this account takes no factors. */
  async function lockForEnrolment(userId: string): Promise<FactorOwner> {
    const owner = await factors.lockOwner(userId);
    if (!owner) throw notFound('User');
    if (!mayEnrol(owner)) throw badRequest(SINGLE_SIGN_ON_MESSAGE, 'single_sign_on');
    return owner;
  }

  /** Inside a transaction: new recovery codes for the user's first factor (none when they have codes already). */
  async function recoveryCodesForFirstFactor(userId: string, before: FactorCounts): Promise<string[] | null> {
    return hasFactor(before) ? null : replaceRecoveryCodes(userId);
  }

  async function replaceRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await factors.replaceRecoveryCodes(userId, codes.map((code) => secretHash(code)));
    return codes.map(formatRecoveryCode);
  }

  /** Inside a transaction, the owner locked: refuses to remove the last factor of a user the admin requires one of. */
  async function assertNotLastRequired(owner: FactorOwner, counts: FactorCounts, removing: 'totp' | 'passkey') {
    const left = (counts.totp && removing !== 'totp' ? 1 : 0) + counts.passkeys - (removing === 'passkey' ? 1 : 0);
    if (left > 0) return;
    if (requiredOf(await factors.requirement(), owner.role)) throw new AppError(409, 'second_factor_required', LAST_FACTOR_MESSAGE);
  }

  /** Inside a transaction: after the last factor went, its recovery codes go too (they recover nothing). */
  async function dropCodesWithoutFactor(userId: string) {
    if (!hasFactor(await factors.counts(userId))) await factors.removeRecoveryCodes(userId);
  }

  /** The step of `code` when it is a code of this secret (one step either way) later than `afterStep`; else null. */
  function verifyTotpCode(sealedSecret: string, userId: string, code: string, afterStep: number | null): number | null {
    let secret: string;
    try {
      secret = secretBox.open(sealedSecret, totpContext(userId));
    } catch (error) {
      if (error instanceof SecretUnreadable) throw new AppError(503, 'secret_unreadable', SECRET_UNREADABLE_MESSAGE);
      throw error;
    }
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(clock().getTime() / 1000),
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /** Whether the assertion is the passkey's, for this challenge, at this relying party; notes its use. */
  async function verifyAssertion(passkey: StoredPasskey, response: PasskeyAssertion, challenge: string, rp: RelyingParty, requireUserVerification: boolean) {
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: transportsOf(passkey) },
        requireUserVerification,
      });
    } catch {
      return false;
    }
    if (!verification.verified) return false;
    // The counter moves on with each use (where the authenticator counts): a cloned or replayed answer loses the race.
    return factors.notePasskeyUse(passkey.id, passkey.counter, verification.authenticationInfo.newCounter);
  }

  async function adminSettings(): Promise<AdminSecondFactor> {
    const [required, usersWithSecondFactor] = await Promise.all([factors.requirement(), factors.usersWithSecondFactor()]);
    return { required, usersWithSecondFactor };
  }

  return {
    status,

    /** Whether the user has an authenticator app or a passkey. */
    hasSecondFactor: async (userId: string): Promise<boolean> => hasFactor(await factors.counts(userId)),

    /** Re-authentication before a change of the user's factors (routes): 403 unless it is their current password. */
    assertCurrentPassword: (actor: Actor, password: string): Promise<void> => users.assertCurrentPassword(actor, password),

    /** What a correct password leads to for this user (DECISIONS 47). */
    async afterPassword(user: Pick<UserDto, 'id' | 'role'>): Promise<AfterPassword> {
      const [counts, requirement] = await Promise.all([factors.counts(user.id), factors.requirement()]);
      if (hasFactor(counts)) {
        const methods: SecondFactorMethod[] = [];
        if (counts.totp) methods.push('totp');
        if (counts.passkeys > 0) methods.push('passkey');
        if (counts.recoveryCodes > 0) methods.push('recovery');
        return { enrol: false, methods };
      }
      return requiredOf(requirement, user.role) ? { enrol: true, methods: [] } : null;
    },

    /**
     * Whether `body` is a right factor of the user: a code of their app not used before, one of their
     * unused recovery codes (used up by this), or an assertion of one of their passkeys for `challenge`.
     */
    async verify(userId: string, body: SecondFactorSignInBody, passkey: { challenge: string | null; rp: RelyingParty }): Promise<boolean> {
      let right = false;
      if (body.method === 'totp') {
        const { totp } = await factors.counts(userId);
        const step = totp ? verifyTotpCode(totp.sealedSecret, userId, body.code, totp.lastUsedStep) : null;
        // Claimed in one statement: of two requests with one code, one wins.
        right = step !== null && (await factors.claimTotpStep(totp!.id, step));
      } else if (body.method === 'recovery') {
        right = await factors.useRecoveryCode(userId, secretHash(body.code));
      } else {
        const found = await factors.passkeyByCredentialId(body.response.id);
        right = found?.userId === userId && passkey.challenge !== null && (await verifyAssertion(found, body.response, passkey.challenge, passkey.rp, false));
      }
      if (right) await events.used(userId, body.method, { passwordless: false });
      else await events.failed(userId, body.method);
      return right;
    },

    /** The user a finished sign-in signs in (noted for User Management). */
    async signedIn(userId: string): Promise<UserDto> {
      const user = await users.findById(userId);
      if (!user) throw notFound('User');
      await users.recordSignIn(userId);
      return user;
    },

    /** WebAuthn options to prove one of the user's passkeys (the second step). */
    async passkeyOptions(userId: string, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const passkeys = await factors.passkeysOf(userId);
      if (passkeys.length === 0) throw badRequest('You have no passkey. Use your authenticator app or a recovery code.', 'no_passkey');
      return generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })),
        userVerification: 'preferred',
        timeout: WEBAUTHN_TIMEOUT_MS,
      });
    },

    /** WebAuthn options to sign in with a passkey and no password: the browser offers the passkeys it has for this site. */
    passwordlessOptions: (rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> =>
      generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: WEBAUTHN_TIMEOUT_MS }),

    /**
     * The user a passkey signs in without a password, or null. The authenticator must have verified the
     * person (a PIN, a fingerprint): the passkey then stands for both factors.
     */
    async passwordlessSignIn(response: PasskeyAssertion, challenge: string, rp: RelyingParty): Promise<string | null> {
      const passkey = await factors.passkeyByCredentialId(response.id);
      if (!passkey) return null;
      const owner = await factors.owner(passkey.userId);
      const right = owner !== null && localSignIn(owner) && (await verifyAssertion(passkey, response, challenge, rp, true));
      if (right) await events.used(passkey.userId, 'passkey', { passwordless: true });
      else await events.failed(passkey.userId, 'passkey');
      return right ? passkey.userId : null;
    },

    /** Starts setting up an authenticator app: a new secret, kept pending until a code confirms it. */
    async startTotp(userId: string): Promise<TotpSetup> {
      const secret = generateSecret();
      const owner = await factors.transaction(async () => {
        const locked = await lockForEnrolment(userId);
        await factors.savePendingTotp(userId, secretBox.seal(secret, totpContext(userId)));
        return locked;
      });
      return { secret, uri: generateURI({ issuer: ISSUER, label: owner.username, secret, period: TOTP_PERIOD_SECONDS }) };
    },

    /** Confirms the pending app with a code of it: it becomes the user's app (replacing an earlier one). */
    async confirmTotp(userId: string, code: string): Promise<Omit<EnrolmentResult, 'user'>> {
      const recoveryCodes = await factors.transaction(async () => {
        await lockForEnrolment(userId);
        const pending = await factors.pendingTotp(userId);
        if (!pending) throw badRequest('Set up the authenticator app again: this setup has ended.', 'no_pending_totp');
        const step = verifyTotpCode(pending.sealedSecret, userId, code, null);
        if (step === null) throw badRequest('That code is not right. Enter the code your authenticator app shows now.', 'invalid_code');
        const before = await factors.counts(userId);
        await factors.confirmPendingTotp(userId, pending.id, step);
        return recoveryCodesForFirstFactor(userId, before);
      });
      await events.enrolled(userId, 'totp');
      return { status: await status(userId), recoveryCodes };
    },

    /** Removes the user's authenticator app, unless the admin requires a factor and it is the last one. */
    async removeTotp(actor: Actor): Promise<SecondFactorStatus> {
      await factors.transaction(async () => {
        const owner = await factors.lockOwner(actor.id);
        if (!owner) throw notFound('User');
        const counts = await factors.counts(actor.id);
        if (!counts.totp) throw notFound('Authenticator app');
        await assertNotLastRequired(owner, counts, 'totp');
        await factors.removeTotp(actor.id);
        await dropCodesWithoutFactor(actor.id);
      });
      await events.removed(actor.id, 'totp');
      return status(actor.id);
    },

    /** WebAuthn options to register a new passkey (the user's own are excluded: an authenticator holds one). */
    async registrationOptions(userId: string, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const owner = await ownerOf(userId);
      if (!mayEnrol(owner)) throw badRequest(SINGLE_SIGN_ON_MESSAGE, 'single_sign_on');
      const passkeys = await factors.passkeysOf(userId);
      return generateRegistrationOptions({
        rpName: ISSUER,
        rpID: rp.id,
        userName: owner.username,
        userID: userHandle(userId),
        attestationType: 'none',
        excludeCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })),
        // A passkey the browser can offer by itself (discoverable) also signs in without a password.
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        timeout: WEBAUTHN_TIMEOUT_MS,
      });
    },

    /** Registers the passkey the browser made for `challenge`. */
    async registerPasskey(userId: string, body: PasskeyRegisterBody, challenge: string | null, rp: RelyingParty): Promise<Omit<EnrolmentResult, 'user'>> {
      if (!challenge) throw badRequest('Add the passkey again: this request has ended.', 'no_challenge');
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: body.response as PasskeyAttestation as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch {
        verification = null;
      }
      if (!verification?.verified) throw badRequest('This passkey could not be added. Please try again.', 'passkey_not_verified');
      const { credential } = verification.registrationInfo;
      const recoveryCodes = await factors.transaction(async () => {
        await lockForEnrolment(userId);
        const before = await factors.counts(userId);
        if (before.passkeys >= PASSKEYS_MAX) throw quotaExceeded(`You can have at most ${PASSKEYS_MAX} passkeys. Remove one first.`);
        const inserted = await factors.insertPasskey(userId, {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: body.name,
        });
        if (!inserted) throw new AppError(409, 'passkey_exists', 'This passkey is registered already.');
        return recoveryCodesForFirstFactor(userId, before);
      });
      await events.enrolled(userId, 'passkey');
      return { status: await status(userId), recoveryCodes };
    },

    /** Removes one of the user's passkeys, unless the admin requires a factor and it is the last one. */
    async removePasskey(actor: Actor, id: string): Promise<SecondFactorStatus> {
      await factors.transaction(async () => {
        const owner = await factors.lockOwner(actor.id);
        if (!owner) throw notFound('User');
        const mine = (await factors.passkeysOf(actor.id)).some((passkey) => passkey.id === id);
        if (!mine) throw notFound('Passkey');
        await assertNotLastRequired(owner, await factors.counts(actor.id), 'passkey');
        await factors.removePasskey(actor.id, id);
        await dropCodesWithoutFactor(actor.id);
      });
      await events.removed(actor.id, 'passkey');
      return status(actor.id);
    },

    /** New recovery codes; the earlier ones stop working. Only for a user with a factor. */
    async renewRecoveryCodes(actor: Actor): Promise<RecoveryCodes> {
      const recoveryCodes = await factors.transaction(async () => {
        await lockForEnrolment(actor.id);
        if (!hasFactor(await factors.counts(actor.id))) throw badRequest('Set up an authenticator app or a passkey first.', 'no_second_factor');
        return replaceRecoveryCodes(actor.id);
      });
      await events.recoveryCodesRenewed(actor.id);
      return { recoveryCodes };
    },

    /** The admin's view: the requirement, and who has a second factor. */
    adminSettings: (_admin: Actor): Promise<AdminSecondFactor> => adminSettings(),

    async setRequirement(_admin: Actor, required: SecondFactorRequirement): Promise<AdminSecondFactor> {
      await factors.setRequirement(required);
      return adminSettings();
    },

    /**
     * A lost factor, recovered by an admin: every factor and recovery code of the user goes, and every
     * session and API token of the user ends (whoever held the account keeps nothing). The user signs in
     * with their password and sets a factor up again. Never the admin's own (they use Settings).
     */
    async reset(admin: Actor, userId: string): Promise<{ message: string }> {
      if (userId === admin.id) throw badRequest('Manage your own second factor in Settings.', 'own_second_factor');
      const ended = await factors.transaction(async () => {
        if (!(await factors.lockOwner(userId))) throw notFound('User');
        await factors.removeAll(userId);
        return factors.endSessionsAndTokens(userId);
      });
      await events.reset(admin.id, userId);
      const tokens = ended.apiTokens === 1 ? '1 API token was' : `${ended.apiTokens} API tokens were`;
      return { message: `Second factor reset. The user was signed out everywhere and ${tokens} ended.` };
    },
  };
}
export type SecondFactorService = ReturnType<typeof secondFactorService>;
