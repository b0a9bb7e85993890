import type { LoginBody, OidcPendingLink, User } from '@daybook/shared';
import { baseApi } from '../../api/baseApi';
import { clearLocalAnswers } from '../../api/firstAnswers';

/**
 * The "link your account" step of a first single sign-on (GET/POST /api/auth/oidc/link): the api keeps the
 * sign-in in this browser's session until the person links an account by its password or creates one.
 */
export const oidcLinkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPendingOidcLink: build.query<OidcPendingLink, void>({ query: () => 'auth/oidc/link', keepUnusedDataFor: 0 }),
    linkOidcAccount: build.mutation<User, LoginBody>({
      query: (body) => ({ url: 'auth/oidc/link', method: 'POST', body }),
    }),
    createOidcAccount: build.mutation<User, void>({
      query: () => ({ url: 'auth/oidc/link/new-account', method: 'POST' }),
    }),
  }),
});

export const { useGetPendingOidcLinkQuery, useLinkOidcAccountMutation, useCreateOidcAccountMutation } = oidcLinkApi;

/** Signed in at the end of the step: whatever an earlier session left on this device goes, and the app starts afresh. */
export async function enterApp(): Promise<void> {
  await clearLocalAnswers();
  window.location.assign('/');
}
