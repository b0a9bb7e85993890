// The calendar week in the user's own timezone: a task shows on its day; Previous / Next / Today; editing.
import { weekRangeLabel, weekStartOf } from '../../packages/shared/src/index';
import { dateIn, expect, snap, test } from '../support/fixtures';

test('calendar week navigation shows a task on its day in the user’s timezone', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  const timeZone = 'Asia/Tokyo';
  const response = await page.request.patch('/api/auth/user/timezone', { data: { timezone: timeZone }, headers: { 'x-daybook-csrf': '1' } });
  expect(response.ok()).toBe(true);
  const today = dateIn(timeZone);
  const nextWeek = dateIn(timeZone, 7);
  await api.createTask({ title: 'Tokyo standup', description: 'Daily sync with the Tokyo office', dueDate: today, priority: 'high', estimatedTime: '30 min' });
  await api.createTask({ title: 'Quarterly review', dueDate: nextWeek });

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  const range = page.getByTestId('calendar-range');
  await expect(range).toHaveText(weekRangeLabel(weekStartOf(today)));
  const todayCard = page.locator(`[data-testid="calendar-day"][data-date="${today}"]`);
  await expect(todayCard).toHaveAttribute('data-today', 'true');
  await expect(todayCard.getByTestId('calendar-task')).toHaveCount(1);
  await expect(todayCard.getByTestId('calendar-task')).toContainText('Tokyo standup');
  await expect(todayCard.getByTestId('calendar-task')).toContainText('todo');
  await expect(todayCard.getByTestId('day-count')).toHaveText('1 task');
  await expect(page.getByTestId('calendar-task').filter({ hasText: 'Quarterly review' })).toHaveCount(0);
  await snap(page, testInfo, '1-this-week');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(range).toHaveText(weekRangeLabel(weekStartOf(nextWeek)));
  const nextCard = page.locator(`[data-testid="calendar-day"][data-date="${nextWeek}"]`);
  await expect(nextCard.getByTestId('calendar-task')).toContainText('Quarterly review');
  await expect(page.locator('[data-testid="calendar-day"][data-today]')).toHaveCount(0);
  await snap(page, testInfo, '2-next-week');

  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('calendar-task')).toHaveCount(0);
  await expect(page.getByText('No tasks scheduled')).toHaveCount(7);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(range).toHaveText(weekRangeLabel(weekStartOf(today)));

  // Clicking a task opens it for editing.
  await todayCard.getByTestId('calendar-task').click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByLabel('Task Title')).toHaveValue('Tokyo standup');
  await expect(edit.getByLabel('Due date')).toHaveValue(today);
  await edit.getByLabel('Task Title').fill('Tokyo standup (moved)');
  await edit.getByRole('button', { name: 'Update Task' }).click();
  await expect(edit).toBeHidden();
  await expect(todayCard.getByTestId('calendar-task')).toContainText('Tokyo standup (moved)');
});
