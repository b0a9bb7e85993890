import type { AuthConfig } from '@daybook/shared';
import { baseApi } from '../../api/baseApi';

/** How this server signs people in (GET /api/auth/config): the landing page's forms and its single sign-on button. */
export const authConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuthConfig: build.query<AuthConfig, void>({ query: () => 'auth/config' }),
  }),
});

export const { useGetAuthConfigQuery } = authConfigApi;

/** What the landing page offers while the config loads or when it cannot be read: the password forms, as before. */
export const DEFAULT_AUTH_CONFIG: AuthConfig = { passwordLogin: 'on', registration: true, oidc: null, emailConfirmation: false };
