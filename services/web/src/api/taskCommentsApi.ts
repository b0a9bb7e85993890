import type { TaskComment, TaskCommentCreateBody } from '@daybook/shared';
import { isQueuedAnswer } from '../lib/offlineProtocol';
import { baseApi } from './baseApi';

/** A change queued offline (`{queued: true}`): the list shows it after the replay's refresh. */
type CommentAnswer = TaskComment | { queued: true };

/**
 * A task's comments for the task dialog: the user's, imported ones and its contact's (oldest first). The
 * list is read afresh when the dialog opens; adding and deleting update it in place.
 */
export const taskCommentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTaskComments: build.query<TaskComment[], string>({
      query: (taskId) => `tasks/${taskId}/comments`,
    }),
    addTaskComment: build.mutation<CommentAnswer, { taskId: string; body: TaskCommentCreateBody }>({
      query: ({ taskId, body }) => ({ url: `tasks/${taskId}/comments`, method: 'POST', body }),
      async onQueryStarted({ taskId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data && !isQueuedAnswer(data)) dispatch(taskCommentsApi.util.updateQueryData('getTaskComments', taskId, (draft) => [...draft, data as TaskComment]));
      },
    }),
    deleteTaskComment: build.mutation<void, { taskId: string; commentId: string }>({
      query: ({ taskId, commentId }) => ({ url: `tasks/${taskId}/comments/${commentId}`, method: 'DELETE' }),
      async onQueryStarted({ taskId, commentId }, { dispatch, queryFulfilled }) {
        const shown = dispatch(taskCommentsApi.util.updateQueryData('getTaskComments', taskId, (draft) => draft.filter((comment) => comment.id !== commentId)));
        await queryFulfilled.catch(() => shown.undo());
      },
    }),
  }),
});

export const { useGetTaskCommentsQuery, useAddTaskCommentMutation, useDeleteTaskCommentMutation } = taskCommentsApi;
