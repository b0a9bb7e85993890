import { randomUUID } from 'node:crypto';
import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sortTimeIncrements, type TimeIncrement as TimeIncrementDto, type TimeIncrementCreateBody } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { conflict, notFound } from '../../core/errors';
import { TIME_INCREMENT_COLUMNS, toTimeIncrementDto, type TimeIncrementRow } from './time-increments.mapper';

export const DUPLICATE_TIME_INCREMENT_MESSAGE = 'This time increment already exists';

/** The user's time-estimate choices (spec §2 Settings, §5): listed shortest first. */
export function createTimeIncrementsService(rootEm: EntityManager) {
  const em = () => rootEm.getContext() as EntityManager;

  return {
    async list(actor: Actor): Promise<TimeIncrementDto[]> {
      const rows = await em().execute<TimeIncrementRow[]>(`select ${TIME_INCREMENT_COLUMNS} from time_increments ti where ti.user_id = ?`, [actor.id]);
      return sortTimeIncrements(rows.map(toTimeIncrementDto));
    },

    /** A value the user already has is refused with 409 (the table is unique on owner and value). */
    async create(actor: Actor, body: TimeIncrementCreateBody): Promise<TimeIncrementDto> {
      const [row] = await em().execute<TimeIncrementRow[]>(
        `insert into time_increments as ti (id, user_id, label, value) values (?, ?, ?, ?)
         on conflict (user_id, value) do nothing returning ${TIME_INCREMENT_COLUMNS}`,
        [randomUUID(), actor.id, body.label, body.value],
      );
      if (!row) throw conflict(DUPLICATE_TIME_INCREMENT_MESSAGE);
      return toTimeIncrementDto(row);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const result = await em().execute<QueryResult>('delete from time_increments where user_id = ? and id = ?', [actor.id, id], 'run');
      if (result.affectedRows === 0) throw notFound('Time increment');
    },
  };
}
export type TimeIncrementsService = ReturnType<typeof createTimeIncrementsService>;
