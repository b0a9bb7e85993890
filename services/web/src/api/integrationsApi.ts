import type { ApiToken, ApiTokenCreateBody, CalendarFeed, CreatedApiToken } from '@daybook/shared';
import { baseApi } from './baseApi';

/**
 * Your data, your tools (DECISIONS 30): personal API tokens for the user's scripts, and the private
 * calendar feed's address. Both are managed from a signed-in browser session only.
 */
export const integrationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The user's tokens, newest first, never their secrets. */
    getApiTokens: build.query<ApiToken[], void>({
      query: () => 'tokens',
      providesTags: ['ApiToken'],
    }),
    /** A new token: its secret is in this answer only (the settings show it once). */
    createApiToken: build.mutation<CreatedApiToken, ApiTokenCreateBody>({
      query: (body) => ({ url: 'tokens', method: 'POST', body }),
      invalidatesTags: (_created, error) => (error ? [] : ['ApiToken']),
    }),
    revokeApiToken: build.mutation<void, string>({
      query: (id) => ({ url: `tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['ApiToken']),
    }),

    /** The feed's path (`/api/calendar/<secret>.ics`), or null while it is off. */
    getCalendarFeed: build.query<CalendarFeed, void>({
      query: () => 'calendar/feed',
      providesTags: ['CalendarFeed'],
    }),
    /** Turns the feed on, or gives it a new address (the old one stops at once): the answer is shown straight away. */
    rotateCalendarFeed: build.mutation<CalendarFeed, void>({
      query: () => ({ url: 'calendar/feed', method: 'POST', body: {} }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(integrationsApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
    turnOffCalendarFeed: build.mutation<void, void>({
      query: () => ({ url: 'calendar/feed', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(() => true).catch(() => false);
        if (done) dispatch(integrationsApi.util.upsertQueryData('getCalendarFeed', undefined, { path: null }));
      },
    }),
  }),
});

export const {
  useGetApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
  useGetCalendarFeedQuery,
  useRotateCalendarFeedMutation,
  useTurnOffCalendarFeedMutation,
} = integrationsApi;
