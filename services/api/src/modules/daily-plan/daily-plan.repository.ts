import type { EntityManager } from '@mikro-orm/postgresql';
import { columnMap } from '../../db/column-map';
import { jsonParam } from '../../db/sql';
import { dataAccess } from '../../db/unit-of-work';

/** A user's saved plan of one day: null priorities when none were saved that day, null reviewedAt before the day's review. */
export interface SavedPlan {
  priorityTaskIds: string[] | null;
  /**
   * When the priorities were set (the day's first look, or the user's last choice), as Postgres writes the
   * instant, to the microsecond: tasks created after it are newcomers that may fill empty slots. Kept in
   * `updated_at`, which only setting the priorities moves (filling a slot and the review's mark leave it).
   */
  prioritiesSetAt: string;
  reviewedAt: string | null;
}

/** The `daily_plans` table (alias `p`), one row per user and day; written by the statements below. */
const PLAN = columnMap<SavedPlan>()('p', {
  priorityTaskIds: { column: 'priority_task_ids' },
  prioritiesSetAt: { column: 'updated_at::text' },
  reviewedAt: { column: 'reviewed_at', kind: 'instant' },
});

/** The ids as one uuid[] parameter. */
const ID_ARRAY = `coalesce((select array_agg(x::uuid) from jsonb_array_elements_text(?::jsonb) x), '{}')`;

/** Every SQL statement about daily plans (the plan's tasks are read through the tasks repository). */
export interface DailyPlanRepository {
  find(userId: string, day: string): Promise<SavedPlan | null>;
  /**
   * Sets the day's priorities (and the instant they were set); `keepExisting` leaves priorities already
   * saved that day untouched.
   */
  savePriorities(userId: string, day: string, taskIds: readonly string[], options?: { keepExisting: boolean }): Promise<void>;
  /**
   * Replaces the day's priorities with `taskIds` (slots filled) only while they are still `expected` and
   * were set at `setAt`: false when another write came first (a choice on another device), which wins.
   */
  fillPriorities(userId: string, day: string, expected: { taskIds: readonly string[]; setAt: string }, taskIds: readonly string[]): Promise<boolean>;
  /** Records the day's review at `at`; a review already recorded keeps its time. */
  markReviewed(userId: string, day: string, at: Date): Promise<void>;
}

export function createDailyPlanRepository(rootEm: EntityManager): DailyPlanRepository {
  const { db } = dataAccess(rootEm);
  return {
    async find(userId, day) {
      const [plan] = await db().execute<SavedPlan[]>(`select ${PLAN.select} from daily_plans p where p.user_id = ? and p.day = ?::date`, [userId, day]);
      return plan ?? null;
    },

    async savePriorities(userId, day, taskIds, { keepExisting } = { keepExisting: false }) {
      await db().execute(
        `insert into daily_plans as p (id, user_id, day, priority_task_ids)
           values (gen_random_uuid(), ?, ?::date, ${ID_ARRAY})
         on conflict (user_id, day) do update set priority_task_ids = excluded.priority_task_ids, updated_at = now()
         ${keepExisting ? 'where p.priority_task_ids is null' : ''}`,
        [userId, day, jsonParam(taskIds)],
      );
    },

    async fillPriorities(userId, day, expected, taskIds) {
      const rows = await db().execute(
        `update daily_plans p set priority_task_ids = ${ID_ARRAY}
          where p.user_id = ? and p.day = ?::date and p.priority_task_ids = ${ID_ARRAY} and p.updated_at = ?::timestamptz
          returning p.id`,
        [jsonParam(taskIds), userId, day, jsonParam(expected.taskIds), expected.setAt],
      );
      return rows.length > 0;
    },

    async markReviewed(userId, day, at) {
      await db().execute(
        `insert into daily_plans as p (id, user_id, day, reviewed_at) values (gen_random_uuid(), ?, ?::date, ?)
         on conflict (user_id, day) do update set reviewed_at = coalesce(p.reviewed_at, excluded.reviewed_at)`,
        [userId, day, at],
      );
    },
  };
}
