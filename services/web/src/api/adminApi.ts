import type { AdminCreateUserBody, AdminUser, CredentialsEnded, Role, User } from '@daybook/shared';
import { baseApi } from './baseApi';

/** User management (spec §6–7): admins only; the api enforces it. */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<AdminUser[], void>({ query: () => 'admin/users', providesTags: ['AdminUser'] }),
    createAdminUser: build.mutation<User, AdminCreateUserBody>({
      query: (body) => ({ url: 'admin/users', method: 'POST', body }),
      invalidatesTags: (_user, error) => (error ? [] : ['AdminUser']),
    }),
    deleteAdminUser: build.mutation<void, string>({
      query: (id) => ({ url: `admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminUser']),
    }),
    /** The admin's own role too: then who is signed in is read again (a user no longer sees User Management). */
    changeUserRole: build.mutation<User, { userId: string; role: Role; self: boolean }>({
      query: ({ userId, role }) => ({ url: `admin/users/${userId}/role`, method: 'PATCH', body: { role } }),
      invalidatesTags: (_user, error, { self }) => (error ? [] : self ? ['AdminUser', 'CurrentUser'] : ['AdminUser']),
    }),
    /** Ends the user's sessions and API tokens too; the answer says how many tokens. */
    resetUserPassword: build.mutation<CredentialsEnded, { userId: string; newPassword: string }>({
      query: ({ userId, newPassword }) => ({ url: `admin/users/${userId}/reset-password`, method: 'POST', body: { newPassword } }),
    }),
  }),
});

export const { useGetAdminUsersQuery, useCreateAdminUserMutation, useDeleteAdminUserMutation, useResetUserPasswordMutation, useChangeUserRoleMutation } = adminApi;
