import type { KanbanBoard, Task } from '@daybook/shared';
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
    getKanbanBoard: build.query<KanbanBoard, void>({ query: () => 'tasks/kanban', providesTags: ['Task'] }),
  }),
});

export const { useGetCalendarTasksQuery, useGetKanbanBoardQuery } = calendarApi;
