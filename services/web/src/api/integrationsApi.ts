import type { ApiToken, ApiTokenCreateBody, CalendarFeed, CreatedApiToken, CreatedCalendarFeed } from '@daybook/shared';
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

    /** Whether the feed is on; never its address (only a hash of its secret is kept). */
    getCalendarFeed: build.query<CalendarFeed, void>({
      query: () => 'calendar/feed',
      providesTags: ['CalendarFeed'],
    }),
    /**
     * Turns the feed on, or gives it a new address (the old one stops at once). The address is in this answer
     * only: the settings show it from the mutation's result, and the cached feed learns only that it is on.
     */
    rotateCalendarFeed: build.mutation<CreatedCalendarFeed, void>({
      query: () => ({ url: 'calendar/feed', method: 'POST', body: {} }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(integrationsApi.util.upsertQueryData('getCalendarFeed', undefined, { enabled: true, createdAt: data.createdAt }));
      },
    }),
    turnOffCalendarFeed: build.mutation<void, void>({
      query: () => ({ url: 'calendar/feed', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(() => true).catch(() => false);
        if (done) dispatch(integrationsApi.util.upsertQueryData('getCalendarFeed', undefined, { enabled: false, createdAt: null }));
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
