import type { EntityManager } from '@mikro-orm/postgresql';
import { canonicalClientName, clientIdOf } from '@daybook/nl';
import {
  AI_CLIENT_NAME_MAX,
  AI_MAX_CLIENTS,
  AI_MAX_TIME_INCREMENTS,
  CLIENT_ALIASES_MAX,
  ESTIMATE_HABITS_MAX,
  ESTIMATED_TIME_MAX,
  STRUCTURE_TASK_JOB,
  structureTaskJobDataSchema,
  type StructureTaskAnswer,
  type StructureTaskBody,
  type StructureTaskJobResult,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { serviceUnavailable } from '../../core/errors';
import { JobError, type JobRunner } from '../../jobs/job-runner';
import { createCaptureRepository, type CaptureRepository } from '../capture/capture.repository';
import { createClientsRepository, type CaptureClientRow, type ClientsRepository } from '../clients/clients.repository';
import { createTimeIncrementsRepository, type TimeIncrementsRepository } from '../time-increments/time-increments.repository';

export interface AiService {
  /** POST /api/ai/structure-task: the user's text as a structured task (spec §3, DECISIONS 16–18, 26–28). */
  structureTask(actor: Actor, body: StructureTaskBody): Promise<StructureTaskAnswer>;
}

const MESSAGES: Record<JobError['reason'], string> = {
  unavailable: 'Natural-language entry is unavailable right now. Please try again in a moment, or add the task by hand.',
  timeout: 'The task assistant did not answer in time. Please try again in a moment, or add the task by hand.',
  failed: 'The task assistant could not process this description. Please try again, or add the task by hand.',
};

export interface AiServiceRepositories {
  clients: Pick<ClientsRepository, 'forCapture'>;
  timeIncrements: Pick<TimeIncrementsRepository, 'firstChoices'>;
  habits: Pick<CaptureRepository, 'habits'>;
}

/** The AI service on the database (app.ts). */
export const createAiService = (em: EntityManager, jobs: JobRunner | null, clock: () => Date): AiService =>
  aiService({ clients: createClientsRepository(em), timeIncrements: createTimeIncrementsRepository(em), habits: createCaptureRepository(em) }, jobs, clock);

/** A name or alias a job can carry: trimmed, not blank, within the contract's length. */
const usableName = (name: string) => name.trim() !== '' && name.trim().length <= AI_CLIENT_NAME_MAX;

/**
 * Reads the acting user's own clients (with their aliases), time increments, usual estimates and timezone
 * (the user's own lists are the truth: the body carries only the text), enqueues a structure-task job with
 * no secrets or session data, and waits for its answer (from the ai-worker, or from this process without
 * Redis). The client the answer names is matched once, by @daybook/nl's comparison, to one of the user's
 * clients: its id answers with it, and a name outside the list never reaches the client (DECISIONS 8).
 * Transport problems become a 503 with a clear message.
 */
export function aiService(repositories: AiServiceRepositories, jobs: JobRunner | null, clock: () => Date): AiService {
  async function ownClients(userId: string): Promise<CaptureClientRow[]> {
    const rows = await repositories.clients.forCapture(userId, AI_MAX_CLIENTS);
    return rows
      .filter((client) => usableName(client.name))
      .map((client) => ({ id: client.id, name: client.name.trim(), aliases: client.aliases.filter(usableName).map((alias) => alias.trim()).slice(0, CLIENT_ALIASES_MAX) }));
  }

  async function ownTimeIncrements(userId: string): Promise<Array<{ label: string; value: string }>> {
    const choices = await repositories.timeIncrements.firstChoices(userId, AI_MAX_TIME_INCREMENTS);
    return choices.filter((r) => r.label.length <= ESTIMATED_TIME_MAX && r.value.length <= ESTIMATED_TIME_MAX).map((r) => ({ label: r.label, value: r.value }));
  }

  return {
    async structureTask(actor, body) {
      const [clients, timeIncrements, habits] = await Promise.all([
        ownClients(actor.id),
        ownTimeIncrements(actor.id),
        repositories.habits.habits(actor.id, ESTIMATE_HABITS_MAX),
      ]);
      const data = structureTaskJobDataSchema.parse({
        input: body.input,
        now: clock().toISOString(),
        timezone: actor.timezone,
        clients: clients.map(({ name, aliases }) => ({ name, aliases })),
        timeIncrements,
        habits,
      });
      if (!jobs) throw serviceUnavailable(MESSAGES.unavailable);
      let result: StructureTaskJobResult;
      try {
        result = await jobs.run(STRUCTURE_TASK_JOB, data);
      } catch (error) {
        if (error instanceof JobError) throw serviceUnavailable(MESSAGES[error.reason]);
        throw error;
      }
      const aliases = clients.flatMap((client) => client.aliases.map((alias) => ({ alias, client: client.name })));
      const clientName = canonicalClientName(result.task.clientName, clients.map((client) => client.name), aliases);
      return { task: { ...result.task, clientName }, clientId: clientIdOf(clientName, clients), readBy: result.readBy };
    },
  };
}
