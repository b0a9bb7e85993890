// Edits left open in the task dialog are saved with the task (issue 37, items 1 and 2): a time entry whose
// start was changed but not saved with "Save entry", and a reminder set up but not added with "Add", are
// saved by "Update Task"; changing only an entry's start keeps its end. An open edit that cannot be saved
// keeps the task from being saved, with its message on its own row.
import type { APIRequestContext } from '@playwright/test';
import { zonedDateTimeToInstant } from '../../packages/shared/src/index';
import { dateIn, expect, expectToast, snap, test, uniqueName } from '../support/fixtures';

const CSRF = { 'x-daybook-csrf': '1' };

interface EntrySeen {
  id: string;
  startedAt: string;
  endedAt: string | null;
}

async function entriesOf(request: APIRequestContext, taskId: string): Promise<EntrySeen[]> {
  const response = await request.get(`/api/tasks/${taskId}/time-entries`, { headers: CSRF });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: EntrySeen[] }).items;
}

test('edits left open in the task dialog are saved with the task', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  await api.markDayReviewed();
  const title = uniqueName('Client call');
  // Due in two days, so a reminder the day before lies ahead; no default reminders.
  const task = await api.createTask({ title, dueDate: dateIn(timezone, 2), reminders: [] });
  // Yesterday 9:46:20 PM to 9:47:41 PM on the user's clock.
  const started = new Date(zonedDateTimeToInstant(dateIn(timezone, -1), '21:46', timezone).getTime() + 20_000);
  const ended = new Date(started.getTime() + 81_000);
  await api.addTimeEntry({ taskId: task.id, startedAt: started.toISOString(), durationSeconds: 81 });

  // The task's link opens its dialog (as a reminder's notification does).
  await page.goto(`/?task=${task.id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  const time = dialog.getByRole('region', { name: 'Time' });
  const entry = time.getByTestId('time-entry');
  await expect(entry).toContainText('9:46 PM – 9:47 PM');

  // The entry's start moved to 8:05 PM, not saved with "Save entry": the end stays, the duration follows.
  await entry.getByRole('button', { name: 'Edit time entry' }).click();
  const form = time.getByRole('form', { name: 'Edit time entry' });
  await form.getByLabel('Start').fill('20:05');
  await expect(form.getByLabel('End')).toHaveValue('21:47');
  await expect(form.getByLabel('Duration')).toHaveValue('1 h 42 min');

  // A reminder the day before at 18:00, not added with "Add".
  await dialog.getByRole('button', { name: 'Add reminder' }).click();
  await page.getByRole('menuitem', { name: 'Day before at…' }).click();
  const reminder = dialog.getByRole('group', { name: 'New reminder' });
  await reminder.getByLabel('Reminder time').fill('18:00');
  await form.scrollIntoViewIfNeeded();
  await snap(page, testInfo, '1-edits-left-open');

  await dialog.getByRole('button', { name: 'Update Task' }).click();
  await expectToast(page, 'Task updated');
  await expect(dialog).toHaveCount(0);

  // Both were saved: the entry from 8:05 PM to its own end, to the second; the reminder with the task.
  const [saved] = await entriesOf(page.request, task.id);
  expect(saved).toMatchObject({ startedAt: zonedDateTimeToInstant(dateIn(timezone, -1), '20:05', timezone).toISOString(), endedAt: ended.toISOString() });
  expect((await api.taskReminders(task.id)).map((scheduled) => scheduled.spec)).toEqual([{ kind: 'on-day', daysBefore: 1, time: '18:00' }]);

  await page.goto(`/?task=${task.id}`);
  await expect(entry).toContainText('8:05 PM – 9:47 PM');
  await expect(dialog.getByRole('list', { name: 'Reminders' })).toContainText('Day before at 18:00');
  await entry.scrollIntoViewIfNeeded();
  await snap(page, testInfo, '2-saved-with-the-task');

  // A reminder left without its time cannot be saved: the task waits, and the reminder's row says why.
  await dialog.getByRole('button', { name: 'Add reminder' }).click();
  await page.getByRole('menuitem', { name: 'On the day at…' }).click();
  await reminder.getByLabel('Reminder time').fill('');
  await dialog.getByLabel('Task Title').fill(`${title} (moved)`);
  await dialog.getByRole('button', { name: 'Update Task' }).click();
  await expect(reminder.getByRole('alert')).toHaveText('Enter the reminder’s time, or cancel it');
  await expect(reminder).toBeInViewport();
  await expect(dialog).toBeVisible();
  await snap(page, testInfo, '3-blocked-with-its-reason');
  expect((await api.task(task.id)).title).toBe(title);

  // Cancelled on purpose, it is left out and the task is saved.
  await reminder.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Update Task' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await api.task(task.id)).title).toBe(`${title} (moved)`);
  expect((await api.taskReminders(task.id)).map((scheduled) => scheduled.spec)).toEqual([{ kind: 'on-day', daysBefore: 1, time: '18:00' }]);
});
