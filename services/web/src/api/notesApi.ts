import type {
  NoteItem,
  NoteItemCreateBody,
  NoteItemUpdateBody,
  NoteList,
  NoteListCreateBody,
  NoteListUpdateBody,
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
      invalidatesTags: (_list, error) => (error ? [] : ['NoteList']),
    }),
    deleteNoteList: build.mutation<void, string>({
      query: (id) => ({ url: `note-lists/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['NoteList', 'NoteItem']),
    }),
    getNoteItems: build.query<NoteItem[], string>({
      query: (listId) => `note-lists/${listId}/items`,
      providesTags: (_items, _error, listId) => [{ type: 'NoteItem', id: listId }],
    }),
    createNoteItem: build.mutation<NoteItem, { listId: string } & NoteItemCreateBody>({
      query: ({ listId, ...body }) => ({ url: `note-lists/${listId}/items`, method: 'POST', body }),
      invalidatesTags: (_item, error, { listId }) => (error ? [] : [{ type: 'NoteItem', id: listId }]),
    }),
    updateNoteItem: build.mutation<NoteItem, { id: string; listId: string } & NoteItemUpdateBody>({
      query: ({ id, listId: _listId, ...body }) => ({ url: `note-items/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_item, error, { listId }) => (error ? [] : [{ type: 'NoteItem', id: listId }]),
    }),
    deleteNoteItem: build.mutation<void, { id: string; listId: string }>({
      query: ({ id }) => ({ url: `note-items/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { listId }) => (error ? [] : [{ type: 'NoteItem', id: listId }]),
    }),
    searchNotes: build.query<NoteSearchResult[], NoteSearchCriteria>({
      query: (criteria) => `notes/search?${searchParams(criteria)}`,
      keepUnusedDataFor: 0, // spec §7: no caching
    }),
  }),
});

export const {
  useGetNoteListsQuery,
  useCreateNoteListMutation,
  useUpdateNoteListMutation,
  useDeleteNoteListMutation,
  useGetNoteItemsQuery,
  useCreateNoteItemMutation,
  useUpdateNoteItemMutation,
  useDeleteNoteItemMutation,
  useSearchNotesQuery,
} = notesApi;
