import type { ArchivedTaskPage, Task, TaskCreateInput, TaskReorderType, TaskUpdateInput } from '@daybook/shared';
import { applyOrder } from '../lib/reorder';
import { baseApi } from './baseApi';

/** The reorderable task lists the dashboard shows, by endpoint name. */
export type TaskListEndpoint = 'getTodayTasks' | 'getMondayTasks' | 'getActiveTasks' | 'getBacklogTasks' | 'getDelegatedTasks';

export interface ReorderTasksArgs {
  /** Every id of the list, in the new order. */
  taskIds: string[];
  type: TaskReorderType;
  /** The cached list to reorder at once (optimistic update). */
  list: TaskListEndpoint;
}

/** After any task write every list is refreshed (spec §7), and the daily plan (a completed or archived priority). */
const TASK_WRITE_TAGS = ['Task', 'DailyPlan'] as const;

/** Tasks (spec §7): the dashboard's lists and every write. */
export const tasksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTodayTasks: build.query<Task[], void>({ query: () => 'tasks/today', providesTags: ['Task'] }),
    getMondayTasks: build.query<Task[], void>({ query: () => 'tasks/monday', providesTags: ['Task'] }),
    getActiveTasks: build.query<Task[], void>({ query: () => 'tasks/active', providesTags: ['Task'] }),
    getBacklogTasks: build.query<Task[], void>({ query: () => 'tasks/backlog', providesTags: ['Task'] }),
    getDelegatedTasks: build.query<Task[], void>({ query: () => 'tasks/delegated', providesTags: ['Task'] }),
    /** Archived tasks load in pages (DECISIONS 15). */
    getArchivedTasks: build.infiniteQuery<ArchivedTaskPage, void, string | null>({
      query: ({ pageParam }) => ({ url: 'tasks/archived', params: pageParam ? { cursor: pageParam } : {} }),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      providesTags: ['Task'],
    }),

    createTask: build.mutation<Task, TaskCreateInput>({
      query: (body) => ({ url: 'tasks', method: 'POST', body }),
      invalidatesTags: (_task, error) => (error ? [] : [...TASK_WRITE_TAGS]),
    }),
    updateTask: build.mutation<Task, { id: string; changes: TaskUpdateInput }>({
      query: ({ id, changes }) => ({ url: `tasks/${id}`, method: 'PATCH', body: changes }),
      invalidatesTags: (_task, error) => (error ? [] : [...TASK_WRITE_TAGS]),
    }),
    completeTask: build.mutation<Task, { id: string; isCompleted: boolean }>({
      query: ({ id, isCompleted }) => ({ url: `tasks/${id}/complete`, method: 'PATCH', body: { isCompleted } }),
      invalidatesTags: (_task, error) => (error ? [] : [...TASK_WRITE_TAGS]),
    }),
    archiveTask: build.mutation<Task, string>({
      query: (id) => ({ url: `tasks/${id}/archive`, method: 'PATCH', body: {} }),
      invalidatesTags: (_task, error) => (error ? [] : [...TASK_WRITE_TAGS]),
    }),
    unarchiveTask: build.mutation<Task, string>({
      query: (id) => ({ url: `tasks/${id}/unarchive`, method: 'PATCH', body: {} }),
      invalidatesTags: (_task, error) => (error ? [] : [...TASK_WRITE_TAGS]),
    }),
    moveTaskToBacklog: build.mutation<Task, string>({
      query: (id) => ({ url: `tasks/${id}/backlog`, method: 'PATCH', body: {} }),
      invalidatesTags: (_task, error) => (error ? [] : [...TASK_WRITE_TAGS]),
    }),
    restoreTask: build.mutation<Task, string>({
      query: (id) => ({ url: `tasks/${id}/restore`, method: 'PATCH', body: {} }),
      invalidatesTags: (_task, error) => (error ? [] : [...TASK_WRITE_TAGS]),
    }),

    /**
     * Drag reorder (spec §4): the cached list takes the new order at once, goes back on failure, and
     * every list is refreshed afterwards either way.
     */
    reorderTasks: build.mutation<void, ReorderTasksArgs>({
      query: ({ taskIds, type }) => ({ url: 'tasks/reorder', method: 'PATCH', body: { taskIds, type } }),
      async onQueryStarted({ taskIds, list }, { dispatch, queryFulfilled }) {
        const patch = dispatch(tasksApi.util.updateQueryData(list, undefined, (draft) => applyOrder(draft, taskIds)));
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: [...TASK_WRITE_TAGS],
    }),
  }),
});

export const {
  useGetTodayTasksQuery,
  useGetMondayTasksQuery,
  useGetActiveTasksQuery,
  useGetBacklogTasksQuery,
  useGetDelegatedTasksQuery,
  useGetArchivedTasksInfiniteQuery,
  useCreateTaskMutation,
  useUpdateTaskMutation,
  useCompleteTaskMutation,
  useArchiveTaskMutation,
  useUnarchiveTaskMutation,
  useMoveTaskToBacklogMutation,
  useRestoreTaskMutation,
  useReorderTasksMutation,
} = tasksApi;
