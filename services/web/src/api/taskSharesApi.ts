import type { CreatedTaskShare, ShareAnswers, Task, TaskShare, TaskShareCreateInput, TaskShareResponse } from '@daybook/shared';
import { baseApi } from './baseApi';

/**
 * A delegated task's private links and what its contact sent through them (DECISIONS 33), for the task
 * dialog. Accepting a proposed date writes the task, so every task list refreshes.
 */
export const taskSharesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTaskShares: build.query<TaskShare[], string>({
      query: (taskId) => `tasks/${taskId}/shares`,
      providesTags: (_result, _error, taskId) => [{ type: 'TaskShare', id: taskId }],
    }),
    /** A new link: its token is in this answer only (the dialog shows it once). */
    createTaskShare: build.mutation<CreatedTaskShare, { taskId: string; body: TaskShareCreateInput }>({
      query: ({ taskId, body }) => ({ url: `tasks/${taskId}/shares`, method: 'POST', body }),
      invalidatesTags: (_result, error, { taskId }) => (error ? [] : [{ type: 'TaskShare', id: taskId }]),
    }),
    revokeTaskShare: build.mutation<void, { taskId: string; shareId: string }>({
      query: ({ taskId, shareId }) => ({ url: `tasks/${taskId}/shares/${shareId}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { taskId }) => (error ? [] : [{ type: 'TaskShare', id: taskId }]),
    }),
    /** Newest first. */
    getShareResponses: build.query<TaskShareResponse[], string>({
      query: (taskId) => `tasks/${taskId}/share-responses`,
      providesTags: (_result, _error, taskId) => [{ type: 'TaskShare', id: taskId }],
    }),
    /** The delegated tasks their contact answered (the cards' sign); a task's change or a link's may change it. */
    getShareAnswers: build.query<ShareAnswers, void>({
      query: () => 'share-answers',
      providesTags: ['TaskShare', 'Task'],
    }),
    /** The proposed date becomes the task's due date. */
    acceptShareProposal: build.mutation<{ task: Task; response: TaskShareResponse }, { taskId: string; responseId: string }>({
      query: ({ taskId, responseId }) => ({ url: `tasks/${taskId}/share-responses/${responseId}/accept`, method: 'POST', body: {} }),
      invalidatesTags: (_result, error, { taskId }) => (error ? [] : [{ type: 'TaskShare', id: taskId }, 'Task', 'DailyPlan', 'TaskReminders']),
    }),
  }),
});

export const { useGetTaskSharesQuery, useCreateTaskShareMutation, useRevokeTaskShareMutation, useGetShareResponsesQuery, useGetShareAnswersQuery, useAcceptShareProposalMutation } = taskSharesApi;
