import { z } from 'zod';
import { idSchema, isoInstantSchema } from '../common';
import { requiredText } from '../fields';
import { givenPasswordSchema, userSchema, type User } from '../users/users.schemas';

/**
 * A second factor (DECISIONS 47): an authenticator app (TOTP) with recovery codes, and passkeys (WebAuthn),
 * asked after a correct password; a passkey also signs in without a password. Single sign-on relies on its
 * provider. An admin may require a second factor of admins or of everyone.
 */

/** Who must have a second factor to sign in with a password: nobody, the admins, or everyone. */
export const SECOND_FACTOR_REQUIREMENTS = ['off', 'admins', 'everyone'] as const;
export const secondFactorRequirementSchema = z.enum(SECOND_FACTOR_REQUIREMENTS, { message: 'Choose off, admins or everyone' });
export type SecondFactorRequirement = z.infer<typeof secondFactorRequirementSchema>;

/** How a sign-in waiting for its second step may finish. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export const secondFactorMethodSchema = z.enum(SECOND_FACTOR_METHODS);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

/** How long a sign-in may wait for its second step (or, where one is required, for its enrolment). */
export const SECOND_FACTOR_WAIT_MINUTES = 10;

export const TOTP_DIGITS = 6;
/** A code of an authenticator app: six digits; the spaces some apps show are ignored. */
export const totpCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .max(20, 'Enter the 6-digit code from your authenticator app')
  .transform((code) => code.replace(/\s+/g, ''))
  .refine((code) => /^\d{6}$/.test(code), 'Enter the 6-digit code from your authenticator app');

/** Recovery codes made at once; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;
/** The letters of a recovery code (RFC 4648 base32, lower case): 16 of them carry 80 random bits. */
const RECOVERY_CODE_LENGTH = 16;
/** A recovery code as stored and compared: lower case, without the dashes and spaces it is shown with. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');
/** A recovery code as shown: four groups of four (`abcd-efgh-ijkl-mnop`). */
export const formatRecoveryCode = (code: string) => normalizeRecoveryCode(code).replace(/(.{4})(?=.)/g, '$1-');
export const recoveryCodeSchema = z
  .string({ message: 'Enter one of your recovery codes' })
  .max(64, 'Enter one of your recovery codes')
  .transform(normalizeRecoveryCode)
  .refine((code) => new RegExp(`^[a-z2-7]{${RECOVERY_CODE_LENGTH}}$`).test(code), 'Enter a recovery code as it was shown (16 letters and digits)');

/** Passkeys one user may register. */
export const PASSKEYS_MAX = 20;
export const PASSKEY_NAME_MAX = 60;
export const passkeyNameSchema = requiredText(PASSKEY_NAME_MAX, 'Name your passkey, such as "Laptop" or "Phone"');

/**
 * WebAuthn's JSON of a credential as the browser answers it (@simplewebauthn/browser): every binary field
 * base64url, every field bounded. The api's WebAuthn library checks what the fields mean.
 */
const base64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');
const credentialFields = {
  id: base64url(1_400).min(1),
  rawId: base64url(1_400).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const passkeyAssertionSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4_096),
    authenticatorData: base64url(4_096),
    signature: base64url(2_048),
    userHandle: base64url(256).optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

export const passkeyAttestationSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4_096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(4_096).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4_096).optional(),
  }),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>;

/** POST /api/login/second-factor: one of the user's factors. */
export const secondFactorSignInBodySchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('totp'), code: totpCodeSchema }),
    z.object({ method: z.literal('recovery'), code: recoveryCodeSchema }),
    z.object({ method: z.literal('passkey'), response: passkeyAssertionSchema }),
  ],
  { message: 'Choose totp, recovery or passkey' },
);
export type SecondFactorSignInBody = z.infer<typeof secondFactorSignInBodySchema>;

/** POST /api/login/passkey: a passkey that signs in without a password. */
export const passkeySignInBodySchema = z.object({ response: passkeyAssertionSchema });
export type PasskeySignInBody = z.infer<typeof passkeySignInBodySchema>;

/**
 * The answer of POST /api/login when the password was right and a second step is due: the session is not
 * signed in yet. `enrol`: the admin requires a second factor and the user has none; they set one up first.
 */
export const pendingSignInSchema = z.object({
  secondFactor: z.object({
    methods: z.array(secondFactorMethodSchema),
    enrol: z.boolean(),
    expiresAt: isoInstantSchema,
  }),
});
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;
/** What POST /api/login answers: the signed-in user, or the second step it waits for. */
export type LoginAnswer = User | PendingSignIn;
export const isPendingSignIn = (answer: LoginAnswer): answer is PendingSignIn => 'secondFactor' in answer;

export const passkeySchema = z.object({
  id: idSchema,
  name: z.string(),
  createdAt: isoInstantSchema,
  lastUsedAt: isoInstantSchema.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/auth/second-factor: the user's factors. */
export const secondFactorStatusSchema = z.object({
  /** The authenticator app, when one is set up and confirmed. */
  totp: z.object({ createdAt: isoInstantSchema }).nullable(),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** The admin requires a second factor of this user: the last one cannot be removed. */
  required: z.boolean(),
  /** False for an account that signs in only through single sign-on: its provider asks for factors. */
  passwordSignIn: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /api/auth/second-factor/totp: a new authenticator app's secret, until a code confirms it. */
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/**
 * Re-authentication: removing a factor, new recovery codes, and a factor added next to one take the user's
 * current password, so a session someone else holds cannot change how the account is guarded. (An account
 * without a password signs in through single sign-on and has no factors here.)
 */
export const currentPasswordBodySchema = z.object({ currentPassword: givenPasswordSchema });
export type CurrentPasswordBody = z.infer<typeof currentPasswordBodySchema>;
/** The current password where it may be needed: a factor added next to one needs it, the first does not. */
const currentPasswordField = { currentPassword: givenPasswordSchema.optional() };

export const totpConfirmBodySchema = z.object({ code: totpCodeSchema, ...currentPasswordField });
export type TotpConfirmBody = z.infer<typeof totpConfirmBodySchema>;

export const passkeyRegisterBodySchema = z.object({ name: passkeyNameSchema, response: passkeyAttestationSchema, ...currentPasswordField });
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBodySchema>;

/**
 * The answer of a new factor: the factors now; the recovery codes when it was the user's first factor
 * (shown this once, stored hashed); the user when it finished a sign-in that waited for the enrolment.
 */
export const enrolmentResultSchema = z.object({
  status: secondFactorStatusSchema,
  recoveryCodes: z.array(z.string()).nullable(),
  user: userSchema.nullable(),
});
export type EnrolmentResult = z.infer<typeof enrolmentResultSchema>;

/** POST /api/auth/second-factor/recovery-codes: a new set; the earlier codes stop working. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** GET /api/admin/second-factor: the requirement, and who has a second factor (User Management's reset). */
export const adminSecondFactorSchema = z.object({
  required: secondFactorRequirementSchema,
  usersWithSecondFactor: z.array(idSchema),
});
export type AdminSecondFactor = z.infer<typeof adminSecondFactorSchema>;

export const adminSecondFactorBodySchema = z.object({ required: secondFactorRequirementSchema });
export type AdminSecondFactorBody = z.infer<typeof adminSecondFactorBodySchema>;
