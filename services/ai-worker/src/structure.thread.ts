import type { StructuredTask } from '@daybook/shared';
import { normalizeModelAnswer } from './providers/model-output';
import type { StructureRequest } from './providers/provider';
import { rulesOrPlain } from './structure-task';

/**
 * The structure-task job's CPU-heavy steps, run in bounded threads (jobs.ts): what one entry costs grows
 * with its length and with the user's clients and aliases, so neither may hold the event loop that
 * delivers reminders (or, without Redis, the api's).
 */

/** The rules' reading of a request (the rules provider's answer, and a model's draft). */
export const rules = (request: StructureRequest): StructuredTask => rulesOrPlain(request);

/** A model's answer made safe; throws UnusableModelOutputError as normalizeModelAnswer does. */
export const normalize = ({ raw, request, draft }: { raw: unknown; request: StructureRequest; draft: StructuredTask }): StructuredTask =>
  normalizeModelAnswer(raw, request, draft);

// A thread is ready (piscina hands it work) once this module has loaded: load the date parser and the zone
// data now, not in the budget of the first entry it reads.
rules({ input: 'warm up tomorrow at 9', now: new Date().toISOString(), timezone: 'America/New_York', clients: [], timeIncrements: [] });
