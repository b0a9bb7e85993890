import { structureWithRules } from '@daybook/nl';
import type { StructuredTask } from '@daybook/shared';
import type { StructureProvider, StructureRequest } from './provider';

/** The rules structurer (@daybook/nl) on a provider request, with the user's aliases and usual estimates. */
export function structureRequestWithRules(request: StructureRequest): StructuredTask {
  return structureWithRules({
    input: request.input,
    now: new Date(request.now),
    timezone: request.timezone,
    clients: request.clients,
    timeIncrements: request.timeIncrements,
    aliases: request.aliases ?? [],
    habits: request.habits ?? [],
  });
}

/** `AI_PROVIDER=rules` (the default, DECISIONS 16): no model, no network, answers in about a millisecond. */
export const rulesProvider: StructureProvider = {
  name: 'rules',
  trusted: true,
  structure: async (request) => structureRequestWithRules(request),
};
