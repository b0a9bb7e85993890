import { randomUUID } from 'node:crypto';
import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TimeIncrement as TimeIncrementDto } from '@daybook/shared';
import { columnMap } from '../../db/column-map';
import { jsonParam } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** The `time_increments` table (alias `ti`); an increment is never edited. */
const TIME_INCREMENT = columnMap<TimeIncrementDto>()('ti', {
  id: { column: 'id' },
  label: { column: 'label' },
  value: { column: 'value' },
});

type NewTimeIncrement = Pick<TimeIncrementDto, 'label' | 'value'>;

/** The SQL of time increments, every statement scoped by the owner (DECISIONS 8). */
export interface TimeIncrementsRepository extends UnitOfWork {
  /** The user's increments, in no particular order. */
  list(userId: string): Promise<TimeIncrementDto[]>;
  /** null: the user has this value already (the table is unique on owner and value). */
  insert(userId: string, increment: NewTimeIncrement): Promise<TimeIncrementDto | null>;
  /** A new user's set, in one statement. */
  insertAll(userId: string, increments: readonly NewTimeIncrement[]): Promise<void>;
  /** False when the user has no such increment. */
  remove(userId: string, id: string): Promise<boolean>;
  /** The user's first `limit` increments, oldest first, for the task assistant. */
  firstChoices(userId: string, limit: number): Promise<NewTimeIncrement[]>;
}

export function createTimeIncrementsRepository(rootEm: EntityManager): TimeIncrementsRepository {
  const { db, transaction } = dataAccess(rootEm);

  return {
    transaction,

    list: (userId) => db().execute<TimeIncrementDto[]>(`select ${TIME_INCREMENT.select} from time_increments ti where ti.user_id = ?`, [userId]),

    async insert(userId, increment) {
      const [inserted] = await db().execute<TimeIncrementDto[]>(
        `insert into time_increments as ti (id, user_id, label, value) values (?, ?, ?, ?)
         on conflict (user_id, value) do nothing returning ${TIME_INCREMENT.select}`,
        [randomUUID(), userId, increment.label, increment.value],
      );
      return inserted ?? null;
    },

    async insertAll(userId, increments) {
      await db().execute(
        `insert into time_increments (id, user_id, label, value)
         select v.id, ?, v.label, v.value from jsonb_to_recordset(?::jsonb) as v(id uuid, label text, value text)`,
        [userId, jsonParam(increments.map(({ label, value }) => ({ id: randomUUID(), label, value })))],
        'run',
      );
    },

    async remove(userId, id) {
      const result = await db().execute<QueryResult>('delete from time_increments where user_id = ? and id = ?', [userId, id], 'run');
      return result.affectedRows > 0;
    },

    async firstChoices(userId, limit) {
      return db().execute<NewTimeIncrement[]>('select label, value from time_increments where user_id = ? order by created_at, value limit ?', [userId, limit]);
    },
  };
}
