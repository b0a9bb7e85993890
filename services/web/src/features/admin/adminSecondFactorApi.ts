import type { AdminSecondFactor, SecondFactorRequirement } from '@daybook/shared';
import { baseApi } from '../../api/baseApi';

/** The admin's side of two-step sign-in (DECISIONS 47): the requirement, and resetting a user's lost factor. */
export const adminSecondFactorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminSecondFactor: build.query<AdminSecondFactor, void>({ query: () => 'admin/second-factor', providesTags: ['SecondFactor'] }),
    setSecondFactorRequirement: build.mutation<AdminSecondFactor, SecondFactorRequirement>({
      query: (required) => ({ url: 'admin/second-factor', method: 'PUT', body: { required } }),
      invalidatesTags: (_result, error) => (error ? [] : ['SecondFactor']),
    }),
    resetSecondFactor: build.mutation<{ message: string }, string>({
      query: (userId) => ({ url: `admin/users/${userId}/second-factor/reset`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['SecondFactor']),
    }),
  }),
});

export const { useGetAdminSecondFactorQuery, useSetSecondFactorRequirementMutation, useResetSecondFactorMutation } = adminSecondFactorApi;
