import { isWeekendMode, type User } from '@daybook/shared';
import type { AppDispatch } from '../app/store';
import { authApi } from './authApi';
import { clientsApi } from './clientsApi';
import { contactsApi } from './contactsApi';
import { dailyPlanApi } from './dailyPlanApi';
import { DASHBOARD_PATHS } from './firstNetworkReads';
import { tasksApi } from './tasksApi';
import { timerApi } from './timerApi';

/**
 * The page's first reads (main.tsx, before the first render; issue 18): who is signed in, asked at once
 * rather than from the first render's effects, and on the dashboard its reads as soon as the answer comes.
 * The screens' own queries then find them under way or answered. Resolves once they are all answered,
 * with the user (null when no one is signed in, undefined without an answer).
 */
export async function startFirstReads(dispatch: AppDispatch, pathname: string): Promise<User | null | undefined> {
  const { data: user } = await dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false }));
  if (user) await startDashboardReads(dispatch, user, pathname);
  return user;
}

/**
 * The dashboard's first reads (the day's list, the daily plan with its top 3, the clients, the header's
 * running timer and, with delegation on, the contacts), started as soon as the signed-in user is known
 * rather than once the dashboard has rendered. Elsewhere, nothing.
 * Resolves once they are all answered.
 */
export async function startDashboardReads(
  dispatch: AppDispatch,
  user: Pick<User, 'timezone' | 'enableDelegation'>,
  pathname: string,
  { now = new Date(), refresh = false }: { now?: Date; refresh?: boolean } = {},
): Promise<void> {
  if (!DASHBOARD_PATHS.has(pathname)) return;
  // `refresh`: read again what is already in the store (shown until the new answers come).
  const read = { subscribe: false, forceRefetch: refresh } as const;
  const dayList = isWeekendMode(now, user.timezone) ? tasksApi.endpoints.getMondayTasks : tasksApi.endpoints.getTodayTasks;
  const contacts = user.enableDelegation ? dispatch(contactsApi.endpoints.getContacts.initiate(undefined, read)) : null;
  await Promise.all([
    dispatch(dayList.initiate(undefined, read)),
    dispatch(clientsApi.endpoints.getClients.initiate(undefined, read)),
    dispatch(dailyPlanApi.endpoints.getDailyPlan.initiate(undefined, read)),
    dispatch(timerApi.endpoints.getTimer.initiate(undefined, read)),
    contacts,
  ]);
}
