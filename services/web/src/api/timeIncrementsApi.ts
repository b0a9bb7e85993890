import { sortTimeIncrements, type TimeIncrement, type TimeIncrementCreateBody } from '@daybook/shared';
import { baseApi } from './baseApi';

/** The user's time-estimate choices (spec §7), shortest first. */
export const timeIncrementsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTimeIncrements: build.query<TimeIncrement[], void>({
      query: () => 'time-increments',
      transformResponse: (increments: TimeIncrement[]) => sortTimeIncrements(increments),
      providesTags: ['TimeIncrement'],
    }),
    createTimeIncrement: build.mutation<TimeIncrement, TimeIncrementCreateBody>({
      query: (body) => ({ url: 'time-increments', method: 'POST', body }),
      invalidatesTags: (_increment, error) => (error ? [] : ['TimeIncrement']),
    }),
    deleteTimeIncrement: build.mutation<void, string>({
      query: (id) => ({ url: `time-increments/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['TimeIncrement']),
    }),
  }),
});

export const { useGetTimeIncrementsQuery, useCreateTimeIncrementMutation, useDeleteTimeIncrementMutation } = timeIncrementsApi;
