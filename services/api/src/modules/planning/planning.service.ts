import type { EntityManager } from '@mikro-orm/postgresql';
import {
  addDays,
  availableMinutesOn,
  parseEstimateMinutes,
  UNFINISHED_TASKS_MAX,
  type CapacityDays,
  type CapacityQuery,
  type Task,
  type TaskMove,
  type TaskMovesResult,
  type UnfinishedQuery,
  type UnfinishedTasks,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { createTasksRepository, type TasksRepository } from '../tasks/tasks.repository';
import type { TasksService } from '../tasks/tasks.service';
import { createUsersRepository, type UsersRepository } from '../users/users.repository';
import { createPlanningRepository, type PlanningRepository } from './planning.repository';

export interface PlanningDeps {
  planning: PlanningRepository;
  /** The user's working hours. */
  users: Pick<UsersRepository, 'get'>;
  /** Reads tasks by id. */
  tasks: Pick<TasksRepository, 'inOrderOf'>;
  /** Each move is a write of the tasks service, by its rules (status machine, recurrence, reminders). */
  writes: Pick<TasksService, 'update' | 'moveToBacklog' | 'complete'>;
}

/** The planning service on the database (app.ts). */
export const createPlanningService = (em: EntityManager, tasks: TasksService) =>
  planningService({ planning: createPlanningRepository(em), users: createUsersRepository(em), tasks: createTasksRepository(em), writes: tasks });

/**
 * The day against the working hours, and the moves that make a plan fit (DECISIONS 34). The api never reads
 * the clock here: the web names the days (it decides "today" and weekend mode in the user's zone), and the
 * planning rules themselves live in @daybook/shared (planning/capacity, planning/shutdown).
 */
export function planningService({ planning, users, tasks, writes }: PlanningDeps) {
  function apply(actor: Actor, move: TaskMove): Promise<Task> {
    switch (move.action) {
      case 'reschedule':
        return writes.update(actor, move.id, { dueDate: move.dueDate });
      case 'backlog':
        return writes.moveToBacklog(actor, move.id);
      case 'complete':
        return writes.complete(actor, move.id, true);
    }
  }

  return {
    /** GET /api/planning/capacity: each day's planned minutes (open tasks due that day) and working minutes. */
    async capacity(actor: Actor, { from, days }: CapacityQuery): Promise<CapacityDays> {
      const user = await users.get(actor.id);
      if (!user) throw notFound('User');
      const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
      const planned = new Map(dates.map((date) => [date, 0]));
      for (const { date, estimate, count } of await planning.estimatesByDay(actor.id, from, dates.at(-1)!)) {
        planned.set(date, (planned.get(date) ?? 0) + (parseEstimateMinutes(estimate) ?? 0) * count);
      }
      return {
        days: dates.map((date) => ({
          date,
          plannedMinutes: Math.round(planned.get(date) ?? 0),
          availableMinutes: availableMinutesOn(date, user.workingMinutes),
        })),
      };
    },

    /** GET /api/planning/unfinished: the open tasks due between the dates, the first UNFINISHED_TASKS_MAX. */
    async unfinished(actor: Actor, { from, to }: UnfinishedQuery): Promise<UnfinishedTasks> {
      const ids = await planning.unfinishedIds(actor.id, from, to, UNFINISHED_TASKS_MAX + 1);
      const shown = ids.slice(0, UNFINISHED_TASKS_MAX);
      return { tasks: await tasks.inOrderOf(actor.id, shown), hasMore: ids.length > shown.length };
    },

    /**
     * POST /api/planning/moves: every move in one transaction, the tasks locked first. A task of another
     * user (or deleted) makes the whole request a 404 that changes nothing (DECISIONS 8). A task that
     * changed since the proposal was made (re-dated, completed, archived or put in the backlog, say on
     * another device) is skipped, never overwritten (DECISIONS 21); the others are written field by field.
     */
    applyMoves(actor: Actor, moves: readonly TaskMove[]): Promise<TaskMovesResult> {
      return planning.transaction(async () => {
        const states = new Map((await planning.lockStates(actor.id, moves.map((move) => move.id))).map((state) => [state.id, state]));
        if (states.size !== moves.length) throw notFound('Task');
        const result: TaskMovesResult = { moved: [], skipped: [] };
        for (const move of moves) {
          const state = states.get(move.id)!;
          if (!state.open || state.dueDate !== move.expectedDueDate) result.skipped.push(move.id);
          else result.moved.push(await apply(actor, move));
        }
        return result;
      });
    },
  };
}
export type PlanningService = ReturnType<typeof planningService>;
