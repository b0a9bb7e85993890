import type { EntityManager } from '@mikro-orm/postgresql';
import { sortTimeIncrements, type TimeIncrement as TimeIncrementDto, type TimeIncrementCreateBody } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { conflict, notFound } from '../../core/errors';
import { createTimeIncrementsRepository, type TimeIncrementsRepository } from './time-increments.repository';

export const DUPLICATE_TIME_INCREMENT_MESSAGE = 'This time increment already exists';

/** The time increments service on the database (app.ts). */
export const createTimeIncrementsService = (em: EntityManager) => timeIncrementsService(createTimeIncrementsRepository(em));

/** The user's time-estimate choices (spec §2 Settings, §5): listed shortest first. */
export function timeIncrementsService(increments: TimeIncrementsRepository) {
  return {
    list: async (actor: Actor): Promise<TimeIncrementDto[]> => sortTimeIncrements(await increments.list(actor.id)),

    /** A value the user already has is refused with 409. */
    async create(actor: Actor, body: TimeIncrementCreateBody): Promise<TimeIncrementDto> {
      const created = await increments.insert(actor.id, { label: body.label, value: body.value });
      if (!created) throw conflict(DUPLICATE_TIME_INCREMENT_MESSAGE);
      return created;
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await increments.remove(actor.id, id))) throw notFound('Time increment');
    },
  };
}
export type TimeIncrementsService = ReturnType<typeof timeIncrementsService>;
