import type { CapacityDays, TaskMove, TaskMovesResult, UnfinishedTasks } from '@daybook/shared';
import { baseApi } from './baseApi';

/**
 * Planning (DECISIONS 34): the following days' load against the working hours, the week's unfinished
 * tasks, and the moves of a capacity proposal or a Friday shutdown. Only the lazy dialogs use it.
 */
export const planningApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `days` days from `from`: planned (estimates of the open tasks due) and available minutes. */
    getCapacity: build.query<CapacityDays, { from: string; days: number }>({
      query: ({ from, days }) => ({ url: 'planning/capacity', params: { from, days } }),
      providesTags: ['Task', 'CurrentUser'],
    }),
    /** Open tasks due between the dates (a week at most), the first 100. */
    getUnfinishedTasks: build.query<UnfinishedTasks, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: 'planning/unfinished', params: { from, to } }),
      providesTags: ['Task'],
    }),
    /** Several tasks moved at once; a task changed meanwhile on another device is skipped (`skipped`). */
    applyTaskMoves: build.mutation<TaskMovesResult, TaskMove[]>({
      query: (moves) => ({ url: 'planning/moves', method: 'POST', body: { moves } }),
      // Every list, the daily plan and the reminders, as after any task write (tasksApi).
      invalidatesTags: (_result, error) => (error ? [] : ['Task', 'DailyPlan', 'TaskReminders']),
    }),
  }),
});

export const { useGetCapacityQuery, useGetUnfinishedTasksQuery, useApplyTaskMovesMutation } = planningApi;
