// The day fits the hours, and the Friday shutdown (DECISIONS 34): working hours in the settings, an
// over-full day's warning and the proposal that moves its lowest-priority tasks to the next day with room;
// on a Friday evening (the browser's clock set there), the week's unfinished tasks decided in one dialog.
import {
  addDays,
  formatShortMonthDay,
  mondayOnOrBefore,
  nextMonday,
  todayIn,
  weekdayNameOf,
  zonedDateTimeToInstant,
} from '../../packages/shared/src/index';
import type { Page } from '@playwright/test';
import { expect, expectToast, snap, test, type TaskSeed } from '../support/fixtures';
import { dashboardDay } from '../support/dashboard';

const CSRF = { 'x-daybook-csrf': '1' };
/** 'Thu, Mar 12', as the proposal names a day. */
const shortDay = (date: string) => `${weekdayNameOf(date).slice(0, 3)}, ${formatShortMonthDay(date)}`;

/** A task with its backlog flag (the fixtures' TaskSeen leaves it out). */
const readTask = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/tasks/${id}`)).json()) as { dueDate: string | null; isBacklog: boolean; isCompleted: boolean };

test('an over-full day warns and its lowest-priority tasks move to the next day with room', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  // Every day of the week workable (8 h), so the dates below do not depend on today's weekday.
  const week = await page.request.patch('/api/auth/user/settings', { data: { workingMinutes: [480, 480, 480, 480, 480, 480, 480] }, headers: CSRF });
  expect(week.ok()).toBe(true);
  const day = dashboardDay(timezone); // today, or Monday in weekend mode
  const [next, afterNext] = [addDays(day, 1), addDays(day, 2)];
  const seed = (task: TaskSeed) => api.createTask(task);
  await seed({ title: 'Prepare the board pack', priority: 'urgent', dueDate: day, estimatedTime: '3h' });
  await seed({ title: 'Review the lease', priority: 'high', dueDate: day, estimatedTime: '2h' });
  const drive = await seed({ title: 'Tidy the shared drive', priority: 'low', dueDate: day, estimatedTime: '2h' });
  const expenses = await seed({ title: 'Expense report', priority: 'medium', dueDate: day, estimatedTime: '30min' });
  // The next day is nearly full: 7 of its 8 hours.
  await seed({ title: 'Client workshop', priority: 'high', dueDate: next, estimatedTime: '7h' });

  await page.goto('/');
  const capacity = page.getByTestId('day-capacity');
  await expect(capacity).toHaveText('7 h 30 min planned of 8 h');

  // The day's working hours in the settings: 5 h.
  await page.getByRole('button', { name: 'Settings' }).click();
  const hours = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Working Hours' });
  await hours.scrollIntoViewIfNeeded();
  await hours.getByLabel(weekdayNameOf(day)).selectOption({ label: '5 h' });
  await expectToast(page, 'Working hours updated');
  await expect(hours.getByLabel(weekdayNameOf(day))).toHaveValue('300');
  await snap(page, testInfo, '1-working-hours');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();

  // 7 h 30 min planned for 5 h.
  await expect(capacity.getByRole('status')).toHaveText('Over capacity by 2 h 30 min');
  await expect(capacity).toContainText('7 h 30 min planned of 5 h');
  await snap(page, testInfo, '2-over-capacity');

  await capacity.getByRole('button', { name: 'Suggest moves' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make the day fit' });
  const moves = dialog.getByTestId('capacity-move');
  await expect(moves).toHaveCount(2);
  // The low task first: the next day has no room for its 2 h, the day after has. Then the medium one: 30 min fit the next day.
  await expect(moves.nth(0)).toContainText('Tidy the shared drive');
  await expect(moves.nth(0).getByTestId('capacity-move-to')).toHaveText(shortDay(afterNext));
  await expect(moves.nth(1)).toContainText('Expense report');
  await expect(moves.nth(1).getByTestId('capacity-move-to')).toHaveText(shortDay(next));
  await snap(page, testInfo, '3-proposal');

  await dialog.getByRole('button', { name: 'Move 2 tasks' }).click();
  await expectToast(page, 'Moved 2 tasks', `${weekdayNameOf(day)} now fits your working hours.`);
  await expect(dialog).toBeHidden();
  await expect(capacity).toHaveText('5 h planned of 5 h');
  expect((await api.task(drive.id)).dueDate).toBe(afterNext);
  expect((await api.task(expenses.id)).dueDate).toBe(next);
  await snap(page, testInfo, '4-fits');
});

test('Friday shutdown: the week’s unfinished tasks go where the user chose, in one step', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  // The browser's clock on this week's Friday at 19:00 (weekend mode). The server keeps its own clock: the
  // shutdown names its dates itself, and this week's Friday keeps "the coming Monday" the same for both.
  const monday = mondayOnOrBefore(todayIn(new Date(), timezone));
  const friday = addDays(monday, 4);
  const [comingMonday, weekAfter] = [nextMonday(friday), addDays(nextMonday(friday), 7)];
  const seed = (task: TaskSeed & { isBacklog?: boolean; isCompleted?: boolean }) => api.createTask(task);
  const report = await seed({ title: 'Quarterly report', priority: 'high', dueDate: friday, estimatedTime: '3h' });
  const invoices = await seed({ title: 'Chase invoices', priority: 'medium', dueDate: addDays(monday, 2), estimatedTime: '1h' });
  const drive = await seed({ title: 'Tidy the shared drive', priority: 'low', dueDate: monday });
  const domain = await seed({ title: 'Renew the domain', priority: 'medium', dueDate: addDays(monday, 1), estimatedTime: '15min' });
  // Not this week's unfinished work: done, parked, or from last week.
  await seed({ title: 'Already sent', dueDate: monday, isCompleted: true });
  await seed({ title: 'Someday: new website', dueDate: monday, isBacklog: true });
  await seed({ title: 'Last week’s call', dueDate: addDays(monday, -3) });
  // Today's overdue review was done: it would otherwise open over the dashboard.
  expect((await page.request.post('/api/daily-plan/reviewed', { headers: CSRF })).ok()).toBe(true);

  await page.clock.setFixedTime(zonedDateTimeToInstant(friday, '19:00', timezone));
  await page.goto('/');
  await expect(page.getByTestId('day-label')).toHaveText('Friday - Monday');
  const banner = page.getByTestId('shutdown-banner');
  await expect(banner).toContainText('4 tasks from this week are still open.');
  await snap(page, testInfo, '5-shutdown-banner');

  await banner.getByRole('button', { name: 'Friday shutdown' }).click();
  const dialog = page.getByRole('dialog', { name: 'Friday shutdown' });
  const rows = dialog.getByTestId('shutdown-task');
  await expect(rows).toHaveCount(4);
  await expect(dialog).toContainText(`Monday is ${formatShortMonthDay(comingMonday)}, next week starts ${formatShortMonthDay(weekAfter)}.`);
  // Monday for every task to begin with.
  await expect(dialog.getByRole('button', { name: 'Monday', pressed: true })).toHaveCount(4);
  const choices = (title: string) => dialog.getByRole('group', { name: `Where “${title}” goes` });
  await choices('Chase invoices').getByRole('button', { name: 'Next week' }).click();
  await choices('Tidy the shared drive').getByRole('button', { name: 'Backlog' }).click();
  await choices('Renew the domain').getByRole('button', { name: 'Done' }).click();
  await expect(choices('Renew the domain').getByRole('button', { name: 'Done' })).toHaveAttribute('aria-pressed', 'true');
  await snap(page, testInfo, '6-shutdown-dialog');

  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Week wrapped up', 'Moved 1 to Monday, 1 to next week, 1 to the backlog; 1 marked done.');
  await expect(dialog).toBeHidden();
  // The lists refresh: nothing of this week is open any more, so the invitation is gone.
  await expect(banner).toBeHidden();
  expect(await api.task(report.id)).toMatchObject({ dueDate: comingMonday, isCompleted: false });
  expect(await api.task(invoices.id)).toMatchObject({ dueDate: weekAfter });
  expect((await readTask(page, drive.id)).isBacklog).toBe(true);
  expect(await api.task(domain.id)).toMatchObject({ isCompleted: true });
  await snap(page, testInfo, '7-week-wrapped-up');
});
