import type { StructuredTask, StructureTaskBody } from '@daybook/shared';
import { baseApi } from './baseApi';

/** Natural-language entry (spec §7, DECISIONS 16-18): free text in, a structured task out. */
export const aiApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    structureTask: build.mutation<StructuredTask, StructureTaskBody>({
      query: (body) => ({ url: 'ai/structure-task', method: 'POST', body }),
    }),
  }),
});

export const { useStructureTaskMutation } = aiApi;
