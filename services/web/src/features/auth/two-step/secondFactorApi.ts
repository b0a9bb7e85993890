import type { CurrentPasswordBody, EnrolmentResult, RecoveryCodes, SecondFactorStatus, TotpSetup, User } from '@daybook/shared';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { baseApi } from '../../../api/baseApi';
import { showSignedIn } from '../../../api/authApi';

/** POST /api/login/second-factor: a code of the app, a recovery code, or the browser's answer for a passkey. */
export type SecondStepBody = { method: 'totp' | 'recovery'; code: string } | { method: 'passkey'; response: AuthenticationResponseJSON };

/** A factor added next to one takes the current password (the first does not). */
type MaybeCurrentPassword = Partial<CurrentPasswordBody>;

/** Finishing a sign-in: the app shows the user the api answered (as a password sign-in does). */
const signsIn = {
  async onQueryStarted(_arg: unknown, { dispatch, queryFulfilled }: { dispatch: Parameters<typeof showSignedIn>[0]; queryFulfilled: Promise<{ data: User }> }) {
    const answer = await queryFulfilled.catch(() => null);
    if (answer) await showSignedIn(dispatch, answer.data);
  },
};

/**
 * Two-step sign-in (DECISIONS 47): the second step of a sign-in, a passkey instead of a password, and the
 * user's own factors in Settings (also while a sign-in waits for the enrolment the admin requires). Removing
 * a factor, new recovery codes and a factor next to one carry the current password.
 */
export const secondFactorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    verifySecondFactor: build.mutation<User, SecondStepBody>({
      query: (body) => ({ url: 'login/second-factor', method: 'POST', body }),
      ...signsIn,
    }),
    secondStepPasskeyOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: 'login/second-factor/passkey-options', method: 'POST' }),
    }),
    passkeySignInOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: 'login/passkey/options', method: 'POST' }),
    }),
    signInWithPasskey: build.mutation<User, { response: AuthenticationResponseJSON }>({
      query: (body) => ({ url: 'login/passkey', method: 'POST', body }),
      ...signsIn,
    }),
    /** Leaves a sign-in that waits for its second step (the session ends). */
    cancelSignIn: build.mutation<void, void>({
      query: () => ({ url: 'logout', method: 'POST' }),
    }),

    getSecondFactorStatus: build.query<SecondFactorStatus, void>({
      query: () => 'auth/second-factor',
      providesTags: ['SecondFactor'],
    }),
    startTotp: build.mutation<TotpSetup, void>({
      query: () => ({ url: 'auth/second-factor/totp', method: 'POST' }),
    }),
    confirmTotp: build.mutation<EnrolmentResult, { code: string } & MaybeCurrentPassword>({
      query: (body) => ({ url: 'auth/second-factor/totp/confirm', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['SecondFactor']),
    }),
    removeTotp: build.mutation<SecondFactorStatus, CurrentPasswordBody>({
      query: (body) => ({ url: 'auth/second-factor/totp', method: 'DELETE', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['SecondFactor']),
    }),
    passkeyRegistrationOptions: build.mutation<PublicKeyCredentialCreationOptionsJSON, void>({
      query: () => ({ url: 'auth/second-factor/passkeys/options', method: 'POST' }),
    }),
    registerPasskey: build.mutation<EnrolmentResult, { name: string; response: RegistrationResponseJSON } & MaybeCurrentPassword>({
      query: (body) => ({ url: 'auth/second-factor/passkeys', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['SecondFactor']),
    }),
    removePasskey: build.mutation<SecondFactorStatus, { id: string } & CurrentPasswordBody>({
      query: ({ id, ...body }) => ({ url: `auth/second-factor/passkeys/${id}`, method: 'DELETE', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['SecondFactor']),
    }),
    renewRecoveryCodes: build.mutation<RecoveryCodes, CurrentPasswordBody>({
      query: (body) => ({ url: 'auth/second-factor/recovery-codes', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['SecondFactor']),
    }),
  }),
});

export const {
  useVerifySecondFactorMutation,
  useSecondStepPasskeyOptionsMutation,
  usePasskeySignInOptionsMutation,
  useSignInWithPasskeyMutation,
  useCancelSignInMutation,
  useGetSecondFactorStatusQuery,
  useStartTotpMutation,
  useConfirmTotpMutation,
  useRemoveTotpMutation,
  usePasskeyRegistrationOptionsMutation,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
  useRenewRecoveryCodesMutation,
} = secondFactorApi;
