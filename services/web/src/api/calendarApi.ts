import type { Task } from '@daybook/shared';
import { baseApi } from './baseApi';

/** The calendar's week (spec §7). */
export const calendarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Tasks due in `[start, end)`; never served from the cache (spec §9: zero stale time). */
    getCalendarTasks: build.query<Task[], { start: string; end: string }>({
      query: (params) => ({ url: 'tasks/calendar', params }),
      providesTags: ['Task'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCalendarTasksQuery } = calendarApi;
