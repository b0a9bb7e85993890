import type { DelegationContact } from '@daybook/shared';
import { baseApi } from './baseApi';

/** Delegation contacts (spec §7); fetched only when the user has delegation on. */
export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<DelegationContact[], void>({ query: () => 'delegation-contacts', providesTags: ['Contact'] }),
    createContact: build.mutation<DelegationContact, { name: string }>({
      query: (body) => ({ url: 'delegation-contacts', method: 'POST', body }),
      invalidatesTags: (_contact, error) => (error ? [] : ['Contact']),
    }),
    deleteContact: build.mutation<void, string>({
      query: (id) => ({ url: `delegation-contacts/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Contact', 'Task']),
    }),
  }),
});

export const { useGetContactsQuery, useCreateContactMutation, useDeleteContactMutation } = contactsApi;
