import type { TimeEntry, TimeEntryCreateInput, TimeEntryPage, TimeEntryUpdateInput } from '@daybook/shared';
import { baseApi } from './baseApi';

/** An entry write changes the lists, the tasks' tracked time and maybe the running timer. */
const ENTRY_WRITE_TAGS = ['TimeEntry', 'Task', 'Timer'] as const;

/** Time entries (DECISIONS 31): a task's, in pages, and the manual writes. */
export const timeEntriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTaskTimeEntries: build.infiniteQuery<TimeEntryPage, string, string | null>({
      query: ({ queryArg, pageParam }) => ({ url: `tasks/${encodeURIComponent(queryArg)}/time-entries`, params: pageParam ? { cursor: pageParam } : {} }),
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.nextCursor },
      providesTags: ['TimeEntry'],
    }),
    createTimeEntry: build.mutation<TimeEntry, TimeEntryCreateInput>({
      query: (body) => ({ url: 'time-entries', method: 'POST', body }),
      invalidatesTags: (_entry, error) => (error ? [] : [...ENTRY_WRITE_TAGS]),
    }),
    updateTimeEntry: build.mutation<TimeEntry, { id: string; changes: TimeEntryUpdateInput }>({
      query: ({ id, changes }) => ({ url: `time-entries/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: (_entry, error) => (error ? [] : [...ENTRY_WRITE_TAGS]),
    }),
    deleteTimeEntry: build.mutation<void, string>({
      query: (id) => ({ url: `time-entries/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...ENTRY_WRITE_TAGS]),
    }),
  }),
});

export const { useGetTaskTimeEntriesInfiniteQuery, useCreateTimeEntryMutation, useUpdateTimeEntryMutation, useDeleteTimeEntryMutation } = timeEntriesApi;
