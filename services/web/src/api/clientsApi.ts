import { sortClients, type Client, type ClientCreateInput, type ClientUpdateBody } from '@daybook/shared';
import { applyOrder } from '../lib/reorder';
import { baseApi } from './baseApi';

/** Clients (spec §7) with the other names they go by (`aliases`, DECISIONS 28), in client order (sortOrder, then name). */
export const clientsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getClients: build.query<Client[], void>({
      query: () => 'clients',
      transformResponse: (clients: Client[]) => sortClients(clients),
      providesTags: ['Client'],
    }),
    createClient: build.mutation<Client, ClientCreateInput>({
      query: (body) => ({ url: 'clients', method: 'POST', body }),
      invalidatesTags: (_client, error) => (error ? [] : ['Client']),
    }),
    updateClient: build.mutation<Client, { id: string; changes: ClientUpdateBody }>({
      query: ({ id, changes }) => ({ url: `clients/${id}`, method: 'PATCH', body: changes }),
      invalidatesTags: (_client, error) => (error ? [] : ['Client']),
    }),
    /** Drag order (spec §4): the cached list takes the new order at once and goes back on failure. */
    reorderClients: build.mutation<unknown, string[]>({
      query: (ids) => ({ url: 'clients/reorder', method: 'PATCH', body: { clients: ids.map((id, sortOrder) => ({ id, sortOrder })) } }),
      async onQueryStarted(ids, { dispatch, queryFulfilled }) {
        const patch = dispatch(clientsApi.util.updateQueryData('getClients', undefined, (draft) => applyOrder(draft, ids)));
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Client'],
    }),
    deleteClient: build.mutation<void, string>({
      query: (id) => ({ url: `clients/${id}`, method: 'DELETE' }),
      // Tasks of a deleted client lose it.
      invalidatesTags: (_result, error) => (error ? [] : ['Client', 'Task']),
    }),
  }),
});

export const { useGetClientsQuery, useCreateClientMutation, useUpdateClientMutation, useReorderClientsMutation, useDeleteClientMutation } = clientsApi;
