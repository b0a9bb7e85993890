import type { EntityManager } from '@mikro-orm/postgresql';
import type { EstimateHabitDto } from '@daybook/shared';
import { columnMap } from '../../db/column-map';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** The `estimate_habits` table (alias `h`). */
const HABIT = columnMap<EstimateHabitDto>()('h', {
  kind: { column: 'kind' },
  estimatedTime: { column: 'estimated_time' },
});

/** The SQL of a user's usual estimates (DECISIONS 28), every statement scoped by the owner. */
export interface CaptureRepository extends UnitOfWork {
  /** The user's habits, most recently updated first, at most `limit`. */
  habits(userId: string, limit: number): Promise<EstimateHabitDto[]>;
  /** Inside a transaction: serialises the user's habit writes until it ends (the count limit holds). */
  lockHabits(userId: string): Promise<void>;
  /** Sets the usual estimate of a kind of work, now its most recently updated habit. */
  saveHabit(userId: string, habit: EstimateHabitDto): Promise<EstimateHabitDto>;
  /** Deletes the user's habits beyond the `keep` most recently updated ones. */
  keepNewestHabits(userId: string, keep: number): Promise<void>;
}

export function createCaptureRepository(rootEm: EntityManager): CaptureRepository {
  const { db, transaction } = dataAccess(rootEm);
  return {
    transaction,

    habits: (userId, limit) =>
      db().execute<EstimateHabitDto[]>(`select ${HABIT.select} from estimate_habits h where h.user_id = ? order by h.updated_at desc, h.id limit ?`, [userId, limit]),

    async lockHabits(userId) {
      await db().execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:habits:${userId}`]);
    },

    async saveHabit(userId, habit) {
      // clock_timestamp(): the habits one request saves keep the order they were saved in.
      const [saved] = await db().execute<EstimateHabitDto[]>(
        `insert into estimate_habits as h (id, user_id, kind, estimated_time, updated_at) values (gen_random_uuid(), ?, ?, ?, clock_timestamp())
         on conflict (user_id, kind) do update set estimated_time = excluded.estimated_time, updated_at = excluded.updated_at
         returning ${HABIT.select}`,
        [userId, habit.kind, habit.estimatedTime],
      );
      return saved!;
    },

    async keepNewestHabits(userId, keep) {
      await db().execute(
        `delete from estimate_habits h where h.user_id = ?
            and h.id not in (select n.id from estimate_habits n where n.user_id = ? order by n.updated_at desc, n.id limit ?)`,
        [userId, userId, keep],
      );
    },
  };
}
