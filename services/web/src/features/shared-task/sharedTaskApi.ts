import type { ShareCommentBody, SharedTask, ShareProposalInput } from '@daybook/shared';
import { baseApi } from '../../api/baseApi';

/**
 * The contact's side of a shared task (DECISIONS 33): no session, the link's token is the key. Each answer
 * is the page's whole view, put straight into the page's cache.
 */
const path = (token: string) => `shares/${encodeURIComponent(token)}`;

export const sharedTaskApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    /** A write whose answer replaces the page's view. */
    const answer = <Body>(tail: string) =>
      build.mutation<SharedTask, { token: string; body: Body }>({
        query: ({ token, body }) => ({ url: `${path(token)}/${tail}`, method: 'POST', body }),
        async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (data) dispatch(sharedTaskApi.util.upsertQueryData('getSharedTask', token, data));
        },
      });
    return {
      getSharedTask: build.query<SharedTask, string>({ query: path }),
      markSharedTaskDone: answer<Record<string, never>>('done'),
      proposeSharedTaskDate: answer<ShareProposalInput>('proposals'),
      commentOnSharedTask: answer<ShareCommentBody>('comments'),
    };
  },
});

export const { useGetSharedTaskQuery, useMarkSharedTaskDoneMutation, useProposeSharedTaskDateMutation, useCommentOnSharedTaskMutation } = sharedTaskApi;
