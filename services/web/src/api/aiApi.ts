import type { StructureTaskAnswer, StructureTaskBody } from '@daybook/shared';
import { baseApi } from './baseApi';

/**
 * Natural-language entry (spec §7, DECISIONS 16–18, 26): the text alone in (the api reads the user's
 * clients, aliases, increments and habits itself); the model's reading out, with the id of its client
 * and who read it (the model, or the rules when there is no model or it failed).
 */
export const aiApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    structureTask: build.mutation<StructureTaskAnswer, StructureTaskBody>({
      query: (body) => ({ url: 'ai/structure-task', method: 'POST', body }),
    }),
  }),
});

export const { useStructureTaskMutation } = aiApi;
