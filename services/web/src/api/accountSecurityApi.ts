import type { AdminAuditQuery, AuditPage, AuditQuery, EndedSessions, SessionList } from '@daybook/shared';
import { baseApi } from './baseApi';

/** The filters of a log as the screens hold them: only what is set is sent. */
export type AuditFilters = Omit<AuditQuery, 'limit' | 'cursor'>;
export type AdminAuditFilters = Omit<AdminAuditQuery, 'limit' | 'cursor'>;

const withoutBlanks = (filters: object) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));

/**
 * Where the user is signed in and what happened (DECISIONS 48): their sessions, ending one or all others,
 * and the audit log, their own and (for an admin) everyone's, in pages.
 */
export const accountSecurityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSessions: build.query<SessionList, void>({ query: () => 'auth/sessions', providesTags: ['Session'] }),
    endSession: build.mutation<void, string>({
      query: (id) => ({ url: `auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Session', 'AuditEvent']),
    }),
    endOtherSessions: build.mutation<EndedSessions, void>({
      query: () => ({ url: 'auth/sessions/others/end', method: 'POST', body: {} }),
      invalidatesTags: (_result, error) => (error ? [] : ['Session', 'AuditEvent']),
    }),
    getAuditLog: build.infiniteQuery<AuditPage, AuditFilters & { limit?: number }, string | null>({
      query: ({ queryArg, pageParam }) => ({ url: 'audit', params: withoutBlanks({ ...queryArg, cursor: pageParam ?? undefined }) }),
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.nextCursor },
      providesTags: ['AuditEvent'],
    }),
    getAdminAuditLog: build.infiniteQuery<AuditPage, AdminAuditFilters, string | null>({
      query: ({ queryArg, pageParam }) => ({ url: 'admin/audit', params: withoutBlanks({ ...queryArg, cursor: pageParam ?? undefined }) }),
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.nextCursor },
      providesTags: ['AuditEvent'],
    }),
  }),
});

export const { useGetSessionsQuery, useEndSessionMutation, useEndOtherSessionsMutation, useGetAuditLogInfiniteQuery, useGetAdminAuditLogInfiniteQuery } = accountSecurityApi;
