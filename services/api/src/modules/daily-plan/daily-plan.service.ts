import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_DAILY_PRIORITIES, todayIn, type DailyPlan } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, notFound } from '../../core/errors';
import { jsonParam } from '../../db/sql';
import { TASK_DEFAULT_ORDER } from '../tasks/tasks.mapper';
import type { TasksService } from '../tasks/tasks.service';

interface PlanRow {
  priority_task_ids: string[] | null;
  reviewed_at: string | null;
}

/** Tasks that may be a day's priority (spec §4): open, not archived, not in the backlog. */
const OPEN_TASK = 'not t.is_completed and not t.is_archived and not t.is_backlog';

/**
 * The per-user, per-day plan (DECISIONS 14): today's top 3 and whether the overdue review was done, kept
 * on the server so every device shows the same. "Today" is the user's own day.
 */
export function createDailyPlanService(rootEm: EntityManager, clock: () => Date, tasks: TasksService) {
  const sql = () => rootEm.getContext() as EntityManager;
  const today = (actor: Actor) => todayIn(clock(), actor.timezone);

  /** Saves a day's priorities; `keepExisting` leaves a plan already saved that day untouched. */
  async function savePriorities(actor: Actor, day: string, ids: string[], keepExisting = false) {
    await sql().execute(
      `insert into daily_plans as p (id, user_id, day, priority_task_ids)
         values (gen_random_uuid(), ?, ?::date, coalesce((select array_agg(x::uuid) from jsonb_array_elements_text(?::jsonb) x), '{}'))
       on conflict (user_id, day) do update set priority_task_ids = excluded.priority_task_ids, updated_at = now()
       ${keepExisting ? 'where p.priority_task_ids is null' : ''}`,
      [actor.id, day, jsonParam(ids)],
    );
  }

  /** The day's saved priorities, dropping tasks deleted or archived since; completed ones stay (checked). */
  async function read(actor: Actor, day: string): Promise<{ ids: string[] | null; reviewed: boolean }> {
    const [plan] = await sql().execute<PlanRow[]>(
      'select priority_task_ids, reviewed_at from daily_plans where user_id = ? and day = ?::date',
      [actor.id, day],
    );
    if (!plan) return { ids: null, reviewed: false };
    if (!plan.priority_task_ids) return { ids: null, reviewed: plan.reviewed_at !== null };
    const live = await sql().execute<{ id: string }[]>(
      `select v.id from jsonb_array_elements_text(?::jsonb) with ordinality as v(id, position)
         join tasks t on t.id = v.id::uuid and t.user_id = ? and not t.is_archived
        order by v.position`,
      [jsonParam(plan.priority_task_ids), actor.id],
    );
    return { ids: live.map((r) => r.id), reviewed: plan.reviewed_at !== null };
  }

  async function assertOpenTasks(actor: Actor, ids: string[]) {
    if (ids.length === 0) return;
    const rows = await sql().execute<{ id: string; open: boolean }[]>(
      `select t.id, (${OPEN_TASK}) as open from tasks t where t.user_id = ? and t.id in (select x::uuid from jsonb_array_elements_text(?::jsonb) x)`,
      [actor.id, jsonParam(ids)],
    );
    if (rows.length !== ids.length) throw notFound('Task');
    if (rows.some((r) => !r.open)) throw badRequest('Only open tasks can be daily priorities');
  }

  return {
    /**
     * GET /api/daily-plan: the saved top 3 of today, or — when none was saved today — the first 3 open
     * tasks in the default order, saved at once so they stay the day's priorities (unless there are none).
     */
    async get(actor: Actor): Promise<DailyPlan> {
      const day = today(actor);
      const saved = await read(actor, day);
      if (saved.ids) return { date: day, priorityTaskIds: saved.ids, reviewed: saved.reviewed };
      const top = await sql().execute<{ id: string }[]>(
        `select t.id from tasks t where t.user_id = ? and ${OPEN_TASK} order by ${TASK_DEFAULT_ORDER} limit ${MAX_DAILY_PRIORITIES}`,
        [actor.id],
      );
      // Nothing open yet: save nothing, so the first tasks created later today still become priorities.
      if (top.length === 0) return { date: day, priorityTaskIds: [], reviewed: saved.reviewed };
      await savePriorities(actor, day, top.map((r) => r.id), true);
      const kept = await read(actor, day);
      return { date: day, priorityTaskIds: kept.ids ?? [], reviewed: kept.reviewed };
    },

    /** PUT /api/daily-plan: today's priorities in the chosen order (at most 3, the user's open tasks). */
    async save(actor: Actor, priorityTaskIds: string[]): Promise<DailyPlan> {
      await assertOpenTasks(actor, priorityTaskIds);
      await savePriorities(actor, today(actor), priorityTaskIds);
      return this.get(actor);
    },

    /**
     * POST /api/tasks/reorder/today: the daily review's order becomes the tasks' manual order, and its
     * first 3 open tasks today's priorities.
     */
    async saveOrder(actor: Actor, taskIds: string[]): Promise<DailyPlan> {
      await tasks.reorder(actor, taskIds, 'today');
      const open = await sql().execute<{ id: string }[]>(
        `select t.id from jsonb_array_elements_text(?::jsonb) with ordinality as v(id, position)
           join tasks t on t.id = v.id::uuid and t.user_id = ? and ${OPEN_TASK}
          order by v.position limit ${MAX_DAILY_PRIORITIES}`,
        [jsonParam(taskIds), actor.id],
      );
      return this.save(actor, open.map((r) => r.id));
    },

    /** POST /api/daily-plan/reviewed: today's overdue review was shown, done or skipped. */
    async markReviewed(actor: Actor): Promise<DailyPlan> {
      await sql().execute(
        `insert into daily_plans as p (id, user_id, day, reviewed_at) values (gen_random_uuid(), ?, ?::date, ?)
         on conflict (user_id, day) do update set reviewed_at = coalesce(p.reviewed_at, excluded.reviewed_at), updated_at = now()`,
        [actor.id, today(actor), clock()],
      );
      return this.get(actor);
    },
  };
}
export type DailyPlanService = ReturnType<typeof createDailyPlanService>;
