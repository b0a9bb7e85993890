import type { ArchivedTaskPage, KanbanStatus, Task, TaskBatchCreated, TaskBatchCreateInput, TaskCreateInput, TaskPage, TaskReorderType, TaskUpdateInput } from '@daybook/shared';
import { applyOrder, applyOrderToPages } from '../lib/reorder';
import type { ApiError } from './apiError';
import { baseApi } from './baseApi';

/** The day's lists (plain arrays) and the lists that load in pages (DECISIONS 22), by endpoint name. */
export type DayTaskList = 'getTodayTasks' | 'getMondayTasks';
export type PagedTaskList = 'getActiveTasks' | 'getBacklogTasks' | 'getDelegatedTasks';
/** The reorderable task lists the dashboard shows. */
export type TaskListEndpoint = DayTaskList | PagedTaskList;

const isDayList = (list: TaskListEndpoint): list is DayTaskList => list === 'getTodayTasks' || list === 'getMondayTasks';

export interface ReorderTasksArgs {
  /** Every id of the list, in the new order. */
  taskIds: string[];
  type: TaskReorderType;
  /** The cached list to reorder at once (optimistic update). */
  list: TaskListEndpoint;
}

/**
 * After any task write every list is refreshed (spec §7), the daily plan (a completed or archived
 * priority), and the tasks' scheduled reminders (completing, re-dating or archiving moves or cancels them).
 */
const TASK_WRITE_TAGS = ['Task', 'DailyPlan', 'TaskReminders'] as const;

/**
 * A task list read in pages (`?cursor=`, the api's default page size): the first page, then the next
 * one as the user scrolls. A refresh reads again every page loaded so far. `url` names the list from the
 * query's argument (a Kanban column's status) or alone.
 */
const taskPages = <Arg = void>(url: (arg: Arg) => string) => ({
  query: ({ queryArg, pageParam }: { queryArg: Arg; pageParam: string | null }) => ({ url: url(queryArg), params: pageParam ? { cursor: pageParam } : {} }),
  infiniteQueryOptions: {
    initialPageParam: null,
    getNextPageParam: (lastPage: TaskPage) => lastPage.nextCursor,
  },
  providesTags: ['Task' as const],
});

/** Tasks (spec §7): the dashboard's lists, the Kanban board's columns and every write. */
export const tasksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTodayTasks: build.query<Task[], void>({ query: () => 'tasks/today', providesTags: ['Task'] }),
    getMondayTasks: build.query<Task[], void>({ query: () => 'tasks/monday', providesTags: ['Task'] }),
    getActiveTasks: build.infiniteQuery<TaskPage, void, string | null>(taskPages(() => 'tasks/active')),
    getBacklogTasks: build.infiniteQuery<TaskPage, void, string | null>(taskPages(() => 'tasks/backlog')),
    getDelegatedTasks: build.infiniteQuery<TaskPage, void, string | null>(taskPages(() => 'tasks/delegated')),
    /** Archived tasks load in pages (DECISIONS 15). */
    getArchivedTasks: build.infiniteQuery<ArchivedTaskPage, void, string | null>(taskPages(() => 'tasks/archived')),
    /**
     * One Kanban column (DECISIONS 13), in pages (DECISIONS 22): each column loads its further pages as the
     * user scrolls it, and a refresh reads again the pages each column has loaded.
     */
    getKanbanColumn: build.infiniteQuery<TaskPage, KanbanStatus, string | null>(taskPages((status: KanbanStatus) => `tasks/kanban/${status}`)),
    /**
     * Some tasks by id, in that order (a task opened from the address, a timer's task); a task deleted
     * meanwhile is left out.
     */
    getTasksByIds: build.query<Task[], readonly string[]>({
      async queryFn(ids, _api, _extraOptions, baseQuery) {
        const answers = await Promise.all(ids.map((id) => baseQuery(`tasks/${encodeURIComponent(id)}`)));
        const failed = answers.find((answer) => answer.error && (answer.error as ApiError).status !== 404);
        if (failed?.error) return { error: failed.error as ApiError };
        return { data: answers.flatMap((answer) => (answer.error ? [] : [answer.data as Task])) };
      },
      providesTags: ['Task'],
    }),

    createTask: build.mutation<Task, TaskCreateInput>({
      query: (body) => ({ url: 'tasks', method: 'POST', body }),
      invalidatesTags: (_task, error) => (error ? [] : [...TASK_WRITE_TAGS]),
    }),
    /** Several tasks from one utterance (DECISIONS 27): all of them are created, or none. */
    createTaskBatch: build.mutation<TaskBatchCreated, TaskBatchCreateInput>({
      query: (body) => ({ url: 'tasks/batch', method: 'POST', body }),
      invalidatesTags: (_created, error) => (error ? [] : [...TASK_WRITE_TAGS]),
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
     * Drag reorder (spec §4): the cached list takes the new order at once (across the pages loaded so
     * far), goes back on failure, and every list is refreshed afterwards either way.
     */
    reorderTasks: build.mutation<void, ReorderTasksArgs>({
      query: ({ taskIds, type }) => ({ url: 'tasks/reorder', method: 'PATCH', body: { taskIds, type } }),
      async onQueryStarted({ taskIds, list }, { dispatch, queryFulfilled }) {
        const patch = isDayList(list)
          ? dispatch(tasksApi.util.updateQueryData(list, undefined, (draft) => applyOrder(draft, taskIds)))
          : dispatch(
              tasksApi.util.updateQueryData(list, undefined, (draft) => {
                draft.pages = applyOrderToPages(draft.pages, taskIds);
              }),
            );
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
  useGetActiveTasksInfiniteQuery,
  useGetBacklogTasksInfiniteQuery,
  useGetDelegatedTasksInfiniteQuery,
  useGetArchivedTasksInfiniteQuery,
  useGetKanbanColumnInfiniteQuery,
  useGetTasksByIdsQuery,
  useCreateTaskMutation,
  useCreateTaskBatchMutation,
  useUpdateTaskMutation,
  useCompleteTaskMutation,
  useArchiveTaskMutation,
  useUnarchiveTaskMutation,
  useMoveTaskToBacklogMutation,
  useRestoreTaskMutation,
  useReorderTasksMutation,
} = tasksApi;

/** The dashboard's day list: today's tasks, or Monday's in weekend mode; both hold every overdue open task. */
export function useGetDayTasksQuery(weekendMode: boolean) {
  const today = useGetTodayTasksQuery(undefined, { skip: weekendMode });
  const monday = useGetMondayTasksQuery(undefined, { skip: !weekendMode });
  return weekendMode ? monday : today;
}
