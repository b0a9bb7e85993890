import type { ClientOverview, TaskPage } from '@daybook/shared';
import { baseApi } from '../../api/baseApi';
import { applyOrderToPages } from '../../lib/reorder';

/** One of a client's task lists on its page: its open tasks, or those delegated. */
export interface ClientTasksArg {
  clientId: string;
  list: 'open' | 'delegated';
}

const listUrl = ({ list }: ClientTasksArg) => (list === 'open' ? 'tasks/active' : 'tasks/delegated');
const listParams = ({ clientId, list }: ClientTasksArg) => (list === 'open' ? { clientId, open: 'true' } : { clientId });

/** The client page (DECISIONS 32): its figures and activity, and its tasks in pages. */
export const clientPageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getClientOverview: build.query<ClientOverview, string>({
      query: (clientId) => `clients/${encodeURIComponent(clientId)}/overview`,
      providesTags: ['Task', 'Client', 'NoteItem'],
    }),
    getClientTasks: build.infiniteQuery<TaskPage, ClientTasksArg, string | null>({
      query: ({ queryArg, pageParam }) => ({ url: listUrl(queryArg), params: { ...listParams(queryArg), ...(pageParam ? { cursor: pageParam } : {}) } }),
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.nextCursor },
      providesTags: ['Task'],
    }),
    /** Drag on the client page: its tasks trade places among themselves (the api's 'within'); shown at once, undone on failure. */
    reorderClientTasks: build.mutation<void, { arg: ClientTasksArg; taskIds: string[] }>({
      query: ({ taskIds }) => ({ url: 'tasks/reorder', method: 'PATCH', body: { taskIds, type: 'within' } }),
      async onQueryStarted({ arg, taskIds }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          clientPageApi.util.updateQueryData('getClientTasks', arg, (draft) => {
            draft.pages = applyOrderToPages(draft.pages, taskIds);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Task', 'DailyPlan'],
    }),
  }),
});

export const { useGetClientOverviewQuery, useGetClientTasksInfiniteQuery, useReorderClientTasksMutation } = clientPageApi;
