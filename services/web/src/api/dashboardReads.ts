import { isWeekendMode, type User } from '@daybook/shared';
import type { AppDispatch } from '../app/store';
import { authApi } from './authApi';
import { clientsApi } from './clientsApi';
import { dailyPlanApi } from './dailyPlanApi';
import { tasksApi } from './tasksApi';

/** The paths that open on the dashboard (spec §2). */
const DASHBOARD_PATHS = new Set(['/', '/dashboard']);

/**
 * The page's first reads (main.tsx, before the first render; issue 18): who is signed in, asked at once
 * rather than from the first render's effects, and on the dashboard its reads as soon as the answer comes.
 * The screens' own queries then find them under way or answered.
 */
export function startFirstReads(dispatch: AppDispatch, pathname: string): void {
  void dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false })).then(({ data: user }) => {
    if (user) startDashboardReads(dispatch, user, pathname);
  });
}

/**
 * The dashboard's first reads (the day's list, the daily plan and its top 3, the clients), started as soon
 * as the signed-in user is known rather than once the dashboard has rendered. Elsewhere, nothing.
 */
export function startDashboardReads(dispatch: AppDispatch, user: Pick<User, 'timezone'>, pathname: string, now = new Date()): void {
  if (!DASHBOARD_PATHS.has(pathname)) return;
  dispatch(tasksApi.util.prefetch(isWeekendMode(now, user.timezone) ? 'getMondayTasks' : 'getTodayTasks', undefined, {}));
  dispatch(clientsApi.util.prefetch('getClients', undefined, {}));
  void dispatch(dailyPlanApi.endpoints.getDailyPlan.initiate(undefined, { subscribe: false })).then(({ data: plan }) => {
    const ids: unknown = plan?.priorityTaskIds;
    if (Array.isArray(ids) && ids.length > 0) dispatch(tasksApi.util.prefetch('getTasksByIds', ids as string[], {}));
  });
}
