import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AI_CLIENT_NAME_MAX,
  AI_MAX_CLIENTS,
  AI_MAX_TIME_INCREMENTS,
  ESTIMATED_TIME_MAX,
  STRUCTURE_TASK_JOB,
  structureTaskJobDataSchema,
  type StructuredTask,
  type StructureTaskBody,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { serviceUnavailable } from '../../core/errors';
import { JobError, type JobRunner } from '../../jobs/job-runner';
import { createClientsRepository, type ClientsRepository } from '../clients/clients.repository';
import { createTimeIncrementsRepository, type TimeIncrementsRepository } from '../time-increments/time-increments.repository';

export interface AiService {
  /** POST /api/ai/structure-task: the user's text as a structured task (spec §3, DECISIONS 16–18). */
  structureTask(actor: Actor, body: StructureTaskBody): Promise<StructuredTask>;
}

const MESSAGES: Record<JobError['reason'], string> = {
  unavailable: 'Natural-language entry is unavailable right now. Please try again in a moment, or add the task by hand.',
  timeout: 'The task assistant did not answer in time. Please try again in a moment, or add the task by hand.',
  failed: 'The task assistant could not process this description. Please try again, or add the task by hand.',
};

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

export interface AiServiceRepositories {
  clients: Pick<ClientsRepository, 'names'>;
  timeIncrements: Pick<TimeIncrementsRepository, 'firstChoices'>;
}

/** The AI service on the database (app.ts). */
export const createAiService = (em: EntityManager, jobs: JobRunner | null, clock: () => Date): AiService =>
  aiService({ clients: createClientsRepository(em), timeIncrements: createTimeIncrementsRepository(em) }, jobs, clock);

/**
 * Reads the acting user's own clients, time increments and timezone (the user's own lists are the truth:
 * names in the request body never widen them), enqueues a structure-task job with no secrets or session
 * data, and waits for its answer (from the ai-worker, or from this process without Redis). Transport
 * problems become a 503 with a clear message.
 */
export function aiService(repositories: AiServiceRepositories, jobs: JobRunner | null, clock: () => Date): AiService {
  async function ownClients(userId: string): Promise<string[]> {
    const names = await repositories.clients.names(userId, AI_MAX_CLIENTS);
    return names.map((name) => name.trim()).filter((name) => name !== '' && name.length <= AI_CLIENT_NAME_MAX);
  }

  async function ownTimeIncrements(userId: string): Promise<Array<{ label: string; value: string }>> {
    const choices = await repositories.timeIncrements.firstChoices(userId, AI_MAX_TIME_INCREMENTS);
    return choices.filter((r) => r.label.length <= ESTIMATED_TIME_MAX && r.value.length <= ESTIMATED_TIME_MAX).map((r) => ({ label: r.label, value: r.value }));
  }

  return {
    async structureTask(actor, body) {
      const [clients, timeIncrements] = await Promise.all([ownClients(actor.id), ownTimeIncrements(actor.id)]);
      const data = structureTaskJobDataSchema.parse({ input: body.input, now: clock().toISOString(), timezone: actor.timezone, clients, timeIncrements });
      if (!jobs) throw serviceUnavailable(MESSAGES.unavailable);
      let result: StructuredTask;
      try {
        result = await jobs.run(STRUCTURE_TASK_JOB, data);
      } catch (error) {
        if (error instanceof JobError) throw serviceUnavailable(MESSAGES[error.reason]);
        throw error;
      }
      // The worker is trusted to match the user's list; a name outside it never reaches the client (DECISIONS 8).
      const clientName = result.clientName === null ? null : (clients.find((c) => sameName(c, result.clientName as string)) ?? null);
      return { ...result, clientName };
    },
  };
}
