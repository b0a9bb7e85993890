import type { EntityManager } from '@mikro-orm/postgresql';
import { defaultDailyPriorities, grownDailyPriorities, holdsPrioritySlot, isActiveForPriorities, orderedDailyPriorities, todayIn, MAX_DAILY_PRIORITIES, type DailyPlan, type Task } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, notFound } from '../../core/errors';
import { createTasksRepository, type TasksRepository } from '../tasks/tasks.repository';
import type { TasksService } from '../tasks/tasks.service';
import { createDailyPlanRepository, type DailyPlanRepository, type SavedPlan } from './daily-plan.repository';

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
 * on the server so every device shows the same. "Today" is the user's own day. Which tasks make a top 3,
 * and how it grows as tasks arrive, is the shared rule (@daybook/shared daily-priorities).
 */
export function dailyPlanService({ plans, tasks, reorder, clock }: DailyPlanDeps) {
  const today = (actor: Actor) => todayIn(clock(), actor.timezone);

  /** The day's saved plan and its tasks that keep their slots (completed ones stay, checked). */
  async function read(actor: Actor, day: string): Promise<{ saved: SavedPlan | null; tasks: Task[] | null; reviewed: boolean }> {
    const saved = await plans.find(actor.id, day);
    const reviewed = Boolean(saved?.reviewedAt);
    if (!saved?.priorityTaskIds) return { saved, tasks: null, reviewed };
    return { saved, tasks: (await tasks.inOrderOf(actor.id, saved.priorityTaskIds)).filter(holdsPrioritySlot), reviewed };
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
   * The saved plan's tasks with its empty slots filled by the best tasks created since it was set, saved
   * so they hold too. A choice written meanwhile (another device) wins: that plan is answered instead.
   */
  async function grown(actor: Actor, day: string, saved: SavedPlan, held: Task[]): Promise<Task[]> {
    if (held.length >= MAX_DAILY_PRIORITIES) return held;
    // The held tasks may be newcomers themselves: read enough to fill the empty slots without them.
    const newcomers = await tasks.openInDefaultOrder(actor.id, MAX_DAILY_PRIORITIES + held.length, saved.prioritiesSetAt);
    const next = grownDailyPriorities(held, newcomers);
    if (next.length === held.length) return held;
    const ids = next.map((task) => task.id);
    if (await plans.fillPriorities(actor.id, day, { taskIds: saved.priorityTaskIds ?? [], setAt: saved.prioritiesSetAt }, ids)) return next;
    return (await read(actor, day)).tasks ?? [];
  }

  /**
   * GET /api/daily-plan: today's top 3. The day's first look computes the default top 3 and saves it, so
   * it stays the day's priorities (unless there are none yet); later looks keep the tasks it holds in
   * their places and fill empty slots with tasks that arrived since.
   */
  async function get(actor: Actor): Promise<DailyPlan> {
    const day = today(actor);
    let current = await read(actor, day);
    if (!current.tasks) {
      // The repository reads the first open tasks in the default order; the shared rule picks from them.
      const top = defaultDailyPriorities(await tasks.openInDefaultOrder(actor.id, MAX_DAILY_PRIORITIES));
      // Nothing open yet: save nothing, so the first tasks created later today still become priorities.
      if (top.length === 0) return planOf(day, [], current.reviewed);
      await plans.savePriorities(actor.id, day, top.map((task) => task.id), { keepExisting: true });
      current = await read(actor, day);
    }
    const { saved, tasks: held, reviewed } = current;
    if (!saved || !held) return planOf(day, [], reviewed);
    return planOf(day, await grown(actor, day, saved, held), reviewed);
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
