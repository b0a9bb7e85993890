import type { ChangePasswordBody, CredentialsEnded, LoginAnswer, LoginBody, RegisterBody, Timezone, User, UserSettingsBody } from '@daybook/shared';
import { baseApi } from './baseApi';
import { clearLocalAnswers } from './firstAnswers';
import { setSigningOut } from './unauthorized';

/** Accounts (spec §7): the current user, sign-in, registration, sign-out and the user's own settings. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null when signed out (a 401 yields no user). Always refetched on mount. */
    getCurrentUser: build.query<User | null, void>({
      query: () => 'auth/user',
      providesTags: ['CurrentUser'],
    }),
    /** The user, or (with a second factor, DECISIONS 47) the second step the sign-in waits for. */
    login: build.mutation<LoginAnswer, LoginBody>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: answer } = await queryFulfilled.catch(() => ({ data: null }));
        // (Not the shared isPendingSignIn: its module holds zod schemas, which the dashboard's first chunk leaves out.)
        if (answer && !('secondFactor' in answer)) await showSignedIn(dispatch, answer);
      },
    }),
    register: build.mutation<User, RegisterBody>({
      query: (body) => ({ url: 'register', method: 'POST', body }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'logout', method: 'POST' }),
      async onQueryStarted(_arg, { queryFulfilled }) {
        setSigningOut(true);
        // Still signed in when the sign-out failed: a later 401 is a lost session again.
        const signedOut = await queryFulfilled.then(() => true, () => false);
        if (signedOut) await clearLocalAnswers(); // the next user of this device sees none of it
        else setSigningOut(false);
      },
    }),
    /** The user's own password: every other session and every API token end (the answer says how many tokens). */
    changePassword: build.mutation<CredentialsEnded, ChangePasswordBody>({
      query: (body) => ({ url: 'auth/user/password', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['ApiToken']),
    }),
    /** Every session, this one too, and every API token end; the page reloads afterwards, as after Logout. */
    signOutEverywhere: build.mutation<CredentialsEnded, void>({
      query: () => ({ url: 'auth/user/sign-out-everywhere', method: 'POST' }),
      async onQueryStarted(_arg, { queryFulfilled }) {
        setSigningOut(true);
        const signedOut = await queryFulfilled.then(() => true, () => false);
        if (signedOut) await clearLocalAnswers();
        else setSigningOut(false);
      },
    }),
    /** A (new) mail whose link confirms the user's email address. */
    sendEmailConfirmation: build.mutation<{ message: string }, void>({
      query: () => ({ url: 'auth/user/email/confirmation', method: 'POST' }),
    }),
    /** The link of that mail, followed while signed in: the user, with the address verified. */
    confirmEmail: build.mutation<User, { token: string }>({
      query: (body) => ({ url: 'auth/user/email/confirm', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: null }));
        if (user) dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
      },
    }),
    /** Delegation and working hours (DECISIONS 34): the settings the body names. */
    updateSettings: build.mutation<User, UserSettingsBody>({
      query: (body) => ({ url: 'auth/user/settings', method: 'PATCH', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: null }));
        if (user) dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
      },
      invalidatesTags: (_user, error) => (error ? [] : ['Contact']),
    }),
    updateTimezone: build.mutation<User, { timezone: Timezone }>({
      query: (body) => ({ url: 'auth/user/timezone', method: 'PATCH', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: null }));
        if (user) dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
      },
      // "Today" moves with the zone (DECISIONS 1): the day lists and the daily plan change, and reminders
      // set on the user's clock fire at other instants.
      invalidatesTags: (_user, error) => (error ? [] : ['Task', 'DailyPlan', 'TaskReminders']),
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useSignOutEverywhereMutation,
  useSendEmailConfirmationMutation,
  useConfirmEmailMutation,
  useUpdateSettingsMutation,
  useUpdateTimezoneMutation,
} = authApi;

/**
 * What every sign-in does once the api answers with the user (a password, a second step, a passkey): the
 * app shows that user, and nothing an earlier session left on this device.
 */
export async function showSignedIn(dispatch: (action: ReturnType<typeof authApi.util.upsertQueryData>) => unknown, user: User): Promise<void> {
  await clearLocalAnswers();
  dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
}

/**
 * An answer this young is the mount's own read: the page's first read of who is signed in (main.tsx), made
 * just before the first render so that the screen could render with it.
 */
const READ_FOR_THIS_MOUNT_S = 5;

/**
 * The current user query as the app uses it: fresh on mount (spec §7), read again unless the answer is the
 * page's own first read. Only what the app shows from it: a refetch renders nothing again unless the
 * answer differs.
 */
export const useCurrentUser = () =>
  useGetCurrentUserQuery(undefined, {
    refetchOnMountOrArgChange: READ_FOR_THIS_MOUNT_S,
    selectFromResult: ({ data, isLoading, isError }) => ({ data, isLoading, isError }),
  });

/** The signed-in user for a screen: <App /> has just loaded it, so the screen reads it without a refetch. */
export const useSignedInUser = () => useGetCurrentUserQuery().data;
