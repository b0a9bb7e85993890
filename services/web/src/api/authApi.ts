import type { LoginBody, RegisterBody, Timezone, User, UserSettingsBody } from '@daybook/shared';
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
    login: build.mutation<User, LoginBody>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: null }));
        if (!user) return;
        await clearLocalAnswers(); // whatever an earlier session left on this device is not shown to this one
        dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
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
  useUpdateSettingsMutation,
  useUpdateTimezoneMutation,
} = authApi;

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
