import type {
  NoteItem,
  NoteItemCreateBody,
  NoteItemPage,
  NoteItemUpdateBody,
  NoteList,
  NoteListCreateBody,
  NoteListUpdateBody,
  NoteSearchPage,
  NoteSearchResult,
} from '@daybook/shared';
import { baseApi } from './baseApi';

/** Search criteria as the screen holds them; blank ones are not sent (spec §5). */
export interface NoteSearchCriteria {
  query?: string;
  clientId?: string;
  startDate?: string;
  endDate?: string;
}

export function searchParams(criteria: NoteSearchCriteria): string {
  const params = new URLSearchParams();
  for (const key of ['query', 'clientId', 'startDate', 'endDate'] as const) {
    const value = criteria[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

/**
 * The results of the search pages loaded so far: a note list found on several pages is one result, where
 * it first came, with its notes of every page.
 */
export function searchResults(pages: readonly NoteSearchPage[] = []): NoteSearchResult[] {
  const byList = new Map<string, NoteSearchResult>();
  for (const result of pages.flatMap((page) => page.items)) {
    const known = byList.get(result.listId);
    byList.set(result.listId, known ? { ...known, items: [...known.items, ...result.items] } : result);
  }
  return [...byList.values()];
}

/** Search answers are refreshed after any change to a note (they are not cached otherwise, spec §7). */
const SEARCH_TAG = { type: 'NoteItem' as const, id: 'SEARCH' };
/** A page's notes, one note, and the search answers: what a write to a note may change. */
const noteTags = (listId: string, itemId?: string) => [{ type: 'NoteItem' as const, id: listId }, ...(itemId ? [{ type: 'NoteItem' as const, id: itemId }] : []), SEARCH_TAG];

/** Notes (spec §7): pages (note lists, which nest), their notes, and search (never cached). */
export const notesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNoteLists: build.query<NoteList[], void>({
      query: () => 'note-lists',
      providesTags: ['NoteList'],
    }),
    createNoteList: build.mutation<NoteList, NoteListCreateBody>({
      query: (body) => ({ url: 'note-lists', method: 'POST', body }),
      invalidatesTags: (_list, error) => (error ? [] : ['NoteList']),
    }),
    updateNoteList: build.mutation<NoteList, { id: string } & NoteListUpdateBody>({
      query: ({ id, ...body }) => ({ url: `note-lists/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_list, error) => (error ? [] : ['NoteList', SEARCH_TAG]),
    }),
    deleteNoteList: build.mutation<void, string>({
      query: (id) => ({ url: `note-lists/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['NoteList', 'NoteItem']),
    }),
    /**
     * A page's notes in pages (DECISIONS 22): the first page (every note of a normal page), then the
     * next one as the user scrolls. A refresh reads again every page loaded so far.
     */
    getNoteItems: build.infiniteQuery<NoteItemPage, string, string | null>({
      query: ({ queryArg: listId, pageParam }) => ({ url: `note-lists/${listId}/items`, params: pageParam ? { cursor: pageParam } : undefined }),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      providesTags: (_pages, _error, listId) => [{ type: 'NoteItem', id: listId }],
    }),
    /** One whole note: a search answers excerpts, so a found note is loaded before it is edited. */
    getNoteItem: build.query<NoteItem, string>({
      query: (id) => `note-items/${id}`,
      keepUnusedDataFor: 0, // opened afresh each time
      providesTags: (_item, _error, id) => [{ type: 'NoteItem', id }],
    }),
    createNoteItem: build.mutation<NoteItem, { listId: string } & NoteItemCreateBody>({
      query: ({ listId, ...body }) => ({ url: `note-lists/${listId}/items`, method: 'POST', body }),
      invalidatesTags: (_item, error, { listId }) => (error ? [] : noteTags(listId)),
    }),
    updateNoteItem: build.mutation<NoteItem, { id: string; listId: string } & NoteItemUpdateBody>({
      query: ({ id, listId: _listId, ...body }) => ({ url: `note-items/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_item, error, { id, listId }) => (error ? [] : noteTags(listId, id)),
    }),
    deleteNoteItem: build.mutation<void, { id: string; listId: string }>({
      query: ({ id }) => ({ url: `note-items/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { id, listId }) => (error ? [] : noteTags(listId, id)),
    }),
    /**
     * Matching notes as excerpts with their highlights, grouped by page, newest first: the first answers,
     * then the next ones as the user scrolls (DECISIONS 22). `searchResults` joins the pages loaded.
     */
    searchNotes: build.infiniteQuery<NoteSearchPage, NoteSearchCriteria, string | null>({
      query: ({ queryArg: criteria, pageParam }) => ({ url: `notes/search?${searchParams(criteria)}`, params: pageParam ? { cursor: pageParam } : undefined }),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      keepUnusedDataFor: 0, // spec §7: no caching
      providesTags: [SEARCH_TAG],
    }),
  }),
});

export const {
  useGetNoteListsQuery,
  useCreateNoteListMutation,
  useUpdateNoteListMutation,
  useDeleteNoteListMutation,
  useGetNoteItemsInfiniteQuery,
  useGetNoteItemQuery,
  useCreateNoteItemMutation,
  useUpdateNoteItemMutation,
  useDeleteNoteItemMutation,
  useSearchNotesInfiniteQuery,
} = notesApi;
