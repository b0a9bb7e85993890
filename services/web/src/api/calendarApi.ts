import type { KanbanStatus, Task, TaskPage } from '@daybook/shared';
import { baseApi } from './baseApi';

/** The calendar's week and the Kanban board (spec §7, DECISIONS 13). */
export const calendarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Tasks due in `[start, end)`; never served from the cache (spec §9: zero stale time). */
    getCalendarTasks: build.query<Task[], { start: string; end: string }>({
      query: (params) => ({ url: 'tasks/calendar', params }),
      providesTags: ['Task'],
      keepUnusedDataFor: 0,
    }),
    /**
     * One Kanban column, in pages (DECISIONS 22): each column loads its further pages as the user scrolls
     * it, and a refresh reads again the pages each column has loaded.
     */
    getKanbanColumn: build.infiniteQuery<TaskPage, KanbanStatus, string | null>({
      query: ({ queryArg: status, pageParam }) => ({ url: `tasks/kanban/${status}`, params: pageParam ? { cursor: pageParam } : {} }),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      providesTags: ['Task'],
    }),
  }),
});

export const { useGetCalendarTasksQuery, useGetKanbanColumnInfiniteQuery } = calendarApi;
