import type { DailyPlan } from '@daybook/shared';
import { baseApi } from './baseApi';

/** Today's plan kept on the server (DECISIONS 14): the top 3 priorities and the review flag. */
export const dailyPlanApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDailyPlan: build.query<DailyPlan, void>({ query: () => 'daily-plan', providesTags: ['DailyPlan'] }),
    /** The daily review screen: today's top priorities in the chosen order. */
    saveDailyPlan: build.mutation<DailyPlan, string[]>({
      query: (priorityTaskIds) => ({ url: 'daily-plan', method: 'PUT', body: { priorityTaskIds } }),
      invalidatesTags: (_plan, error) => (error ? [] : ['DailyPlan']),
    }),
    /** Today's overdue review was shown, done or skipped (spec §4): it does not open again today. */
    markDailyPlanReviewed: build.mutation<DailyPlan, void>({
      query: () => ({ url: 'daily-plan/reviewed', method: 'POST', body: { reviewed: true } }),
      invalidatesTags: (_plan, error) => (error ? [] : ['DailyPlan']),
    }),
    /** The priorities dialog: today's open tasks in order; the server keeps the first 3 as priorities. */
    saveTodayOrder: build.mutation<DailyPlan, string[]>({
      query: (taskIds) => ({ url: 'tasks/reorder/today', method: 'POST', body: { taskIds } }),
      invalidatesTags: (_plan, error) => (error ? [] : ['DailyPlan', 'Task']),
    }),
  }),
});

export const { useGetDailyPlanQuery, useSaveDailyPlanMutation, useMarkDailyPlanReviewedMutation, useSaveTodayOrderMutation } = dailyPlanApi;
