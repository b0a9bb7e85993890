import type { EntityManager } from '@mikro-orm/postgresql';
import { taskKind } from '@daybook/nl';
import {
  ESTIMATE_HABITS_MAX,
  QUOTAS,
  type CaptureContextDto,
  type CaptureCorrectionsBody,
  type CaptureCorrectionsResult,
  type EstimateHabitDto,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { createClientsRepository, type ClientsRepository } from '../clients/clients.repository';
import type { ClientsService } from '../clients/clients.service';
import { createCaptureRepository, type CaptureRepository } from './capture.repository';

export interface CaptureDeps {
  habits: CaptureRepository;
  /** The user's client names: a habit's kind is read without them, as the structurer reads it. */
  clients: Pick<ClientsRepository, 'forCapture'>;
  /** Adds aliases to the user's clients by the clients' own rules. */
  learnAliases: ClientsService['learnAliases'];
  /** True when a model reviews proposals (AI_PROVIDER ollama or openai). */
  modelReview: boolean;
  /** Most habits kept per user; tests pass a small one. */
  habitsMax?: number;
}

/** The capture service on the database (app.ts). */
export const createCaptureService = (em: EntityManager, clients: ClientsService, options: { modelReview: boolean; habitsMax?: number }) =>
  captureService({ habits: createCaptureRepository(em), clients: createClientsRepository(em), learnAliases: clients.learnAliases, ...options });

/**
 * Task capture on the server (DECISIONS 26–28): what the browser's structurer needs beyond the clients
 * list, and the corrections that teach it a user's names for clients and usual estimates.
 */
export function captureService({ habits, clients, learnAliases, modelReview, habitsMax = ESTIMATE_HABITS_MAX }: CaptureDeps) {
  return {
    /** GET /api/capture/context: the user's habits (most recent first) and whether a model reviews proposals. */
    async context(actor: Actor): Promise<CaptureContextDto> {
      return { habits: await habits.habits(actor.id, habitsMax), modelReview };
    },

    /**
     * POST /api/capture/corrections, in one transaction: aliases are learned by the clients' rules (an id
     * that is not one of the user's clients refuses everything with 404; an alias another client answers to
     * is skipped and reported); each estimate becomes the usual estimate of its title's kind of work
     * (`taskKind`; a title with no meaningful word teaches nothing), the least recently updated habits
     * going once the user has `habitsMax`.
     */
    async learn(actor: Actor, body: CaptureCorrectionsBody): Promise<CaptureCorrectionsResult> {
      return habits.transaction(async () => {
        const learned = await learnAliases(actor, body.clientAliases);
        const saved: EstimateHabitDto[] = [];
        if (body.estimates.length > 0) {
          const names = (await clients.forCapture(actor.id, QUOTAS.clients)).map((client) => client.name);
          await habits.lockHabits(actor.id);
          for (const { title, estimatedTime } of body.estimates) {
            const kind = taskKind(title, names);
            if (kind !== null) saved.push(await habits.saveHabit(actor.id, { kind, estimatedTime }));
          }
          await habits.keepNewestHabits(actor.id, habitsMax);
        }
        return { clients: learned.clients, habits: saved, skippedAliases: learned.skipped };
      });
    },
  };
}
export type CaptureService = ReturnType<typeof captureService>;
