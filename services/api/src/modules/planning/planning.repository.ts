import type { EntityManager } from '@mikro-orm/postgresql';
import { openTaskSql } from '@daybook/shared';
import { jsonParam } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** An open task is one the day still holds: not completed, not archived, not in the backlog. */
const OPEN = openTaskSql('t');

/** Far above any real plan (a day holds a few dozen distinct estimates): only bounds the answer. */
const ESTIMATE_ROWS_MAX = 10_000;

export interface EstimateCount {
  /** `YYYY-MM-DD` */
  date: string;
  /** The estimate as stored ('1.5h', '30 minutes'), lower-cased and trimmed. */
  estimate: string;
  count: number;
}

export interface TaskState {
  id: string;
  dueDate: string | null;
  /** Not completed, archived or in the backlog. */
  open: boolean;
}

/** The SQL of planning (DECISIONS 34): the days' estimates, the week's unfinished tasks, the moves' locks. Owner-scoped. */
export interface PlanningRepository extends UnitOfWork {
  /** For each day between the dates (inclusive) and each estimate, how many of the user's open tasks due that day carry it. */
  estimatesByDay(userId: string, from: string, to: string): Promise<EstimateCount[]>;
  /** The ids of at most `limit` open tasks due between the dates (inclusive): by due date, then list order. */
  unfinishedIds(userId: string, from: string, to: string, limit: number): Promise<string[]>;
  /** Inside a transaction: the state of the user's tasks among `ids`, their rows locked (in id order) until it ends. */
  lockStates(userId: string, ids: readonly string[]): Promise<TaskState[]>;
}

export function createPlanningRepository(rootEm: EntityManager): PlanningRepository {
  const { db, transaction } = dataAccess(rootEm);
  return {
    transaction,

    // One aggregate over the window of `tasks_user_due_idx`; the estimates are added up by the shared
    // parser (one rule for reading an estimate), so the answer is per distinct estimate, not per task.
    estimatesByDay: (userId, from, to) =>
      db().execute<EstimateCount[]>(
        `select t.due_date::text as "date", lower(btrim(t.estimated_time)) as "estimate", count(*)::int as "count"
           from tasks t
          where t.user_id = ? and ${OPEN} and t.due_date between ?::date and ?::date and t.estimated_time is not null
          group by 1, 2 order by 1 limit ?`,
        [userId, from, to, ESTIMATE_ROWS_MAX],
      ),

    async unfinishedIds(userId, from, to, limit) {
      const rows = await db().execute<{ id: string }[]>(
        `select t.id from tasks t
          where t.user_id = ? and ${OPEN} and t.due_date between ?::date and ?::date
          order by t.due_date, t.sort_order, t.created_at desc, t.id limit ?`,
        [userId, from, to, limit],
      );
      return rows.map((row) => row.id);
    },

    lockStates: (userId, ids) =>
      db().execute<TaskState[]>(
        `select t.id, t.due_date::text as "dueDate", (${OPEN}) as "open" from tasks t
          where t.user_id = ? and t.id = any(array(select x::uuid from jsonb_array_elements_text(?::jsonb) x))
          order by t.id for update`,
        [userId, jsonParam(ids)],
      ),
  };
}
