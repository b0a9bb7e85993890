import type { ArchivedTaskPage, KanbanStatus, Task, TaskBatchCreated, TaskBatchCreateInput, TaskCreateInput, TaskPage, TaskReorderType, TaskUpdateInput } from '@daybook/shared';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { AppDispatch, RootState } from '../app/store';
import { isQueuedAnswer, type QueuedAnswer } from '../lib/offlineProtocol';
import { forgetOfflineTasks, withOfflineTasks, type OfflineTaskList } from '../lib/offlineTasks';
import { applyOrder, applyOrderToPages } from '../lib/reorder';
import type { ApiError } from './apiError';
import { authApi } from './authApi';
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
/** A change queued offline is not on the server yet: reading the lists again would not show it (issue 37). */
const taskWriteTags = (answer: unknown, error: unknown) => (error || isQueuedAnswer(answer) ? [] : [...TASK_WRITE_TAGS]);

type OfflineTaskChanges = typeof import('../lib/offlineTaskChanges');

/**
 * When a task write was queued offline (issue 37): `record` keeps what it changes of the tasks made
 * offline (in the signed-in user's zone), and every list read so far shows them at once. The code that
 * changes them loads then (App.tsx preloads it for offline use): the lists only read them.
 */
async function whenQueued(
  { queryFulfilled, dispatch, getState }: { queryFulfilled: Promise<{ data: unknown }>; dispatch: AppDispatch; getState: () => unknown },
  record: (changes: OfflineTaskChanges, answer: QueuedAnswer, timeZone: string | undefined) => void,
) {
  let answer: unknown;
  let changes: OfflineTaskChanges;
  try {
    answer = (await queryFulfilled).data;
    if (!isQueuedAnswer(answer)) return;
    changes = await import('../lib/offlineTaskChanges');
  } catch {
    return;
  }
  const state = getState() as RootState;
  record(changes, answer, authApi.endpoints.getCurrentUser.select()(state).data?.timezone);
  showOfflineTasks(dispatch, getState() as RootState);
}

/** Shows the tasks made offline, as they are now, in every task list read so far (they lead its first page). */
export function showOfflineTasks(dispatch: AppDispatch, state: RootState): void {
  for (const entry of Object.values(state.api.queries)) {
    if (entry?.status !== 'fulfilled') continue;
    const list = entry.endpointName;
    if (list === 'getTodayTasks' || list === 'getMondayTasks') {
      dispatch(tasksApi.util.updateQueryData(list, undefined, (draft) => withOfflineTasks(list, draft)));
    } else if (list === 'getActiveTasks' || list === 'getBacklogTasks' || list === 'getDelegatedTasks' || list === 'getKanbanColumn') {
      const status = entry.originalArgs as KanbanStatus;
      const patch = (draft: { pages: TaskPage[] }) => {
        if (draft.pages[0]) draft.pages[0].items = withOfflineTasks(list, draft.pages[0].items, status);
      };
      dispatch(list === 'getKanbanColumn' ? tasksApi.util.updateQueryData(list, status, patch) : tasksApi.util.updateQueryData(list, undefined, patch));
    }
  }
}

/**
 * A task list read in pages (`?cursor=`, the api's default page size): the first page, then the next
 * one as the user scrolls. A refresh reads again every page loaded so far. `url` names the list from the
 * query's argument (a Kanban column's status) or alone.
 */
type BaseAnswer = { data?: unknown; error?: unknown };
const taskPages = <Arg = void>(url: (arg: Arg) => string, offlineList?: OfflineTaskList) => ({
  async queryFn(
    { queryArg, pageParam }: { queryArg: Arg; pageParam: string | null },
    _api: unknown,
    _extraOptions: unknown,
    baseQuery: (args: FetchArgs) => BaseAnswer | PromiseLike<BaseAnswer>,
  ) {
    const answer = await baseQuery({ url: url(queryArg), params: pageParam ? { cursor: pageParam } : {} });
    if (answer.error) return { error: answer.error as ApiError };
    const page = answer.data as TaskPage;
    // The tasks made offline lead the first page (issue 37).
    if (!offlineList || pageParam) return { data: page };
    return { data: { ...page, items: withOfflineTasks(offlineList, page.items, queryArg as KanbanStatus) } };
  },
  infiniteQueryOptions: {
    initialPageParam: null,
    getNextPageParam: (lastPage: TaskPage) => lastPage.nextCursor,
  },
  providesTags: ['Task' as const],
});

/** Tasks (spec §7): the dashboard's lists, the Kanban board's columns and every write. */
export const tasksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTodayTasks: build.query<Task[], void>({ query: () => 'tasks/today', transformResponse: (tasks: Task[]) => withOfflineTasks('getTodayTasks', tasks), providesTags: ['Task'] }),
    getMondayTasks: build.query<Task[], void>({ query: () => 'tasks/monday', transformResponse: (tasks: Task[]) => withOfflineTasks('getMondayTasks', tasks), providesTags: ['Task'] }),
    getActiveTasks: build.infiniteQuery<TaskPage, void, string | null>(taskPages(() => 'tasks/active', 'getActiveTasks')),
    getBacklogTasks: build.infiniteQuery<TaskPage, void, string | null>(taskPages(() => 'tasks/backlog', 'getBacklogTasks')),
    getDelegatedTasks: build.infiniteQuery<TaskPage, void, string | null>(taskPages(() => 'tasks/delegated', 'getDelegatedTasks')),
    /** Archived tasks load in pages (DECISIONS 15). */
    getArchivedTasks: build.infiniteQuery<ArchivedTaskPage, void, string | null>(taskPages(() => 'tasks/archived')),
    /**
     * One Kanban column (DECISIONS 13), in pages (DECISIONS 22): each column loads its further pages as the
     * user scrolls it, and a refresh reads again the pages each column has loaded.
     */
    getKanbanColumn: build.infiniteQuery<TaskPage, KanbanStatus, string | null>(taskPages((status: KanbanStatus) => `tasks/kanban/${status}`, 'getKanbanColumn')),
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
      onQueryStarted: (body, api) => whenQueued(api, ({ addOfflineTasks }, { localIds = [] }, timeZone) => addOfflineTasks(localIds, [body], timeZone)),
      invalidatesTags: taskWriteTags,
    }),
    /** Several tasks from one utterance (DECISIONS 27): all of them are created, or none. */
    createTaskBatch: build.mutation<TaskBatchCreated, TaskBatchCreateInput>({
      query: (body) => ({ url: 'tasks/batch', method: 'POST', body }),
      onQueryStarted: (body, api) => whenQueued(api, ({ addOfflineTasks }, { localIds = [] }, timeZone) => addOfflineTasks(localIds, body.tasks, timeZone)),
      invalidatesTags: taskWriteTags,
    }),
    updateTask: build.mutation<Task, { id: string; changes: TaskUpdateInput }>({
      query: ({ id, changes }) => ({ url: `tasks/${id}`, method: 'PATCH', body: changes }),
      onQueryStarted: ({ id, changes }, api) => whenQueued(api, ({ changeOfflineTask }, _answer, timeZone) => changeOfflineTask(id, changes, timeZone)),
      invalidatesTags: taskWriteTags,
    }),
    completeTask: build.mutation<Task, { id: string; isCompleted: boolean }>({
      query: ({ id, isCompleted }) => ({ url: `tasks/${id}/complete`, method: 'PATCH', body: { isCompleted } }),
      onQueryStarted: ({ id, isCompleted }, api) => whenQueued(api, ({ changeOfflineTask }, _answer, timeZone) => changeOfflineTask(id, { isCompleted }, timeZone)),
      invalidatesTags: taskWriteTags,
    }),
    archiveTask: build.mutation<Task, string>({
      query: (id) => ({ url: `tasks/${id}/archive`, method: 'PATCH', body: {} }),
      onQueryStarted: (id, api) => whenQueued(api, () => forgetOfflineTasks((taskId) => taskId !== id)),
      invalidatesTags: taskWriteTags,
    }),
    unarchiveTask: build.mutation<Task, string>({
      query: (id) => ({ url: `tasks/${id}/unarchive`, method: 'PATCH', body: {} }),
      invalidatesTags: taskWriteTags,
    }),
    moveTaskToBacklog: build.mutation<Task, string>({
      query: (id) => ({ url: `tasks/${id}/backlog`, method: 'PATCH', body: {} }),
      onQueryStarted: (id, api) => whenQueued(api, ({ changeOfflineTask }, _answer, timeZone) => changeOfflineTask(id, { isBacklog: true }, timeZone)),
      invalidatesTags: taskWriteTags,
    }),
    restoreTask: build.mutation<Task, string>({
      query: (id) => ({ url: `tasks/${id}/restore`, method: 'PATCH', body: {} }),
      onQueryStarted: (id, api) => whenQueued(api, ({ changeOfflineTask }, _answer, timeZone) => changeOfflineTask(id, { isBacklog: false }, timeZone)),
      invalidatesTags: taskWriteTags,
    }),
    deleteTask: build.mutation<void, string>({
      query: (id) => ({ url: `tasks/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [...TASK_WRITE_TAGS]),
    }),
    /** Undo of a delete: the api keeps a deleted task for a few minutes. */
    undeleteTask: build.mutation<Task, string>({
      query: (id) => ({ url: `tasks/${id}/undelete`, method: 'POST', body: {} }),
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
  useDeleteTaskMutation,
  useUndeleteTaskMutation,
  useReorderTasksMutation,
} = tasksApi;

/** The dashboard's day list: today's tasks, or Monday's in weekend mode; both hold every overdue open task. */
export function useGetDayTasksQuery(weekendMode: boolean) {
  const today = useGetTodayTasksQuery(undefined, { skip: weekendMode });
  const monday = useGetMondayTasksQuery(undefined, { skip: !weekendMode });
  return weekendMode ? monday : today;
}
