import type { EntityManager } from '@mikro-orm/postgresql';
import { defaultDailyPriorities, isActiveForPriorities, orderedDailyPriorities, todayIn, MAX_DAILY_PRIORITIES, type DailyPlan, type Task } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, notFound } from '../../core/errors';
import { createTasksRepository, type TasksRepository } from '../tasks/tasks.repository';
import type { TasksService } from '../tasks/tasks.service';
import { createDailyPlanRepository, type DailyPlanRepository } from './daily-plan.repository';

export interface DailyPlanDeps {
  plans: DailyPlanRepository;
  /** Reads the plan's tasks. */
  tasks: Pick<TasksRepository, 'inOrderOf' | 'openInDefaultOrder'>;
  /** Writes the daily review's order as the tasks' manual order. */
  reorder: TasksService['reorder'];
  clock: () => Date;
}

/** The daily plan service on the database (app.ts). */
export const createDailyPlanService = (em: EntityManager, clock: () => Date, tasks: TasksService) =>
  dailyPlanService({ plans: createDailyPlanRepository(em), tasks: createTasksRepository(em), reorder: tasks.reorder, clock });

/**
 * The per-user, per-day plan (DECISIONS 14): today's top 3 and whether the overdue review was done, kept
 * on the server so every device shows the same. "Today" is the user's own day. Which tasks make a top 3
 * is the shared rule (@daybook/shared daily-priorities).
 */
export function dailyPlanService({ plans, tasks, reorder, clock }: DailyPlanDeps) {
  const today = (actor: Actor) => todayIn(clock(), actor.timezone);

  /** The day's saved priorities, dropping tasks deleted or archived since; completed ones stay (checked). */
  async function read(actor: Actor, day: string): Promise<{ tasks: Task[] | null; reviewed: boolean }> {
    const plan = await plans.find(actor.id, day);
    const reviewed = Boolean(plan?.reviewedAt);
    if (!plan?.priorityTaskIds) return { tasks: null, reviewed };
    return { tasks: (await tasks.inOrderOf(actor.id, plan.priorityTaskIds)).filter((task) => !task.isArchived), reviewed };
  }

  const planOf = (date: string, priorityTasks: Task[], reviewed: boolean): DailyPlan => ({ date, priorityTaskIds: priorityTasks.map((task) => task.id), priorityTasks, reviewed });

  /** Chosen priorities must be the user's own (404) and active (400). */
  async function assertActiveTasks(actor: Actor, ids: string[]) {
    if (ids.length === 0) return;
    const chosen = await tasks.inOrderOf(actor.id, ids);
    if (chosen.length !== ids.length) throw notFound('Task');
    if (!chosen.every(isActiveForPriorities)) throw badRequest('Only open tasks can be daily priorities');
  }

  /**
   * GET /api/daily-plan: the saved top 3 of today, or — when none was saved today — the default top 3,
   * saved at once so they stay the day's priorities (unless there are none).
   */
  async function get(actor: Actor): Promise<DailyPlan> {
    const day = today(actor);
    const saved = await read(actor, day);
    if (saved.tasks) return planOf(day, saved.tasks, saved.reviewed);
    // The repository reads the first open tasks in the default order; the shared rule picks from them.
    const top = defaultDailyPriorities(await tasks.openInDefaultOrder(actor.id, MAX_DAILY_PRIORITIES));
    // Nothing open yet: save nothing, so the first tasks created later today still become priorities.
    if (top.length === 0) return planOf(day, [], saved.reviewed);
    await plans.savePriorities(actor.id, day, top.map((task) => task.id), { keepExisting: true });
    const kept = await read(actor, day);
    return planOf(day, kept.tasks ?? [], kept.reviewed);
  }

  /** PUT /api/daily-plan: today's priorities in the chosen order (at most 3, the user's active tasks). */
  async function save(actor: Actor, priorityTaskIds: string[]): Promise<DailyPlan> {
    await assertActiveTasks(actor, priorityTaskIds);
    await plans.savePriorities(actor.id, today(actor), priorityTaskIds);
    return get(actor);
  }

  return {
    get,
    save,

    /**
     * POST /api/tasks/reorder/today: the daily review's order becomes the tasks' manual order, and its
     * first 3 active tasks today's priorities.
     */
    async saveOrder(actor: Actor, taskIds: string[]): Promise<DailyPlan> {
      await reorder(actor, taskIds, 'today');
      return save(actor, orderedDailyPriorities(await tasks.inOrderOf(actor.id, taskIds)).map((task) => task.id));
    },

    /** POST /api/daily-plan/reviewed: today's overdue review was shown, done or skipped. */
    async markReviewed(actor: Actor): Promise<DailyPlan> {
      await plans.markReviewed(actor.id, today(actor), clock());
      return get(actor);
    },
  };
}
export type DailyPlanService = ReturnType<typeof dailyPlanService>;
