import type { SecondFactorMethod } from '@daybook/shared';

/** A kind of factor as an event names it: the app, a passkey, a recovery code. */
export type FactorKind = SecondFactorMethod;

/**
 * What happens to second factors (DECISIONS 48: the audit log records second-factor changes, sign-ins and
 * failures). One function per event; the service calls them after the change is stored. The default
 * records nothing: the audit log plugs its own in (app.ts).
 */
export interface SecondFactorEvents {
  /** A factor was added: an authenticator app confirmed, a passkey registered. */
  enrolled(userId: string, kind: Exclude<FactorKind, 'recovery'>): void | Promise<void>;
  /** A factor was removed by its user. */
  removed(userId: string, kind: Exclude<FactorKind, 'recovery'>): void | Promise<void>;
  /** New recovery codes were made (the earlier ones stopped working). */
  recoveryCodesRenewed(userId: string): void | Promise<void>;
  /** A factor finished a sign-in (a passkey also signs in without a password: `passwordless`). */
  used(userId: string, kind: FactorKind, options: { passwordless: boolean }): void | Promise<void>;
  /** A factor was tried and was wrong (a code, a recovery code, a passkey that did not verify). */
  failed(userId: string, kind: FactorKind): void | Promise<void>;
  /** An admin removed every factor of a user; the user's sessions and API tokens ended. */
  reset(adminId: string, userId: string): void | Promise<void>;
}

export const noSecondFactorEvents: SecondFactorEvents = {
  enrolled: () => undefined,
  removed: () => undefined,
  recoveryCodesRenewed: () => undefined,
  used: () => undefined,
  failed: () => undefined,
  reset: () => undefined,
};
