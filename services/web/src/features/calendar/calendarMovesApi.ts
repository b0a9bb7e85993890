import type { Task, TaskDue } from '@daybook/shared';
import { calendarApi } from '../../api/calendarApi';
import { baseApi } from '../../api/baseApi';
import { tasksApi } from '../../api/tasksApi';

export interface MoveTaskArgs {
  task: Task;
  /** The new due date, and due time (null: all day). */
  to: TaskDue;
  /** The calendar window on screen, whose cached tasks show the move at once. */
  window: { start: string; end: string };
}

/**
 * Moving a task in the calendar (issue 18): PATCH /api/tasks/{id} with only dueDate and dueTime
 * (DECISIONS 21: a write changes only what it names). The task moves on screen at once, in the window's
 * tasks and in the day list the overdue tasks come from, and goes back when the api refuses; every list
 * is refreshed afterwards either way (spec §7).
 */
export const calendarMovesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    moveTask: build.mutation<Task, MoveTaskArgs>({
      query: ({ task, to }) => ({ url: `tasks/${task.id}`, method: 'PATCH', body: { dueDate: to.dueDate, dueTime: to.dueTime } }),
      async onQueryStarted({ task, to, window }, { dispatch, queryFulfilled }) {
        const patches = [
          dispatch(
            calendarApi.util.updateQueryData('getCalendarTasks', window, (draft) => {
              const index = draft.findIndex((shown) => shown.id === task.id);
              if (index === -1) draft.push({ ...task, ...to });
              else Object.assign(draft[index]!, to);
            }),
          ),
          dispatch(
            tasksApi.util.updateQueryData('getTodayTasks', undefined, (draft) => {
              const shown = draft.find((listed) => listed.id === task.id);
              if (shown) Object.assign(shown, to);
            }),
          ),
        ];
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: ['Task', 'DailyPlan', 'TaskReminders'],
    }),
  }),
});

export const { useMoveTaskMutation } = calendarMovesApi;
