// Reminders reach the phone (DECISIONS 29): a reminder pushed to the app (through Chromium's DevTools
// protocol: the real push services are out of reach) shows as a notification with Complete and Snooze 1 h,
// whose buttons act on the server without opening the app; the notification's link opens the task.
import { randomUUID } from 'node:crypto';
import type { Page, Worker } from '@playwright/test';
import { dashboardDay, taskCard } from '../support/dashboard';
import { expect, expectToast, snap, test, uniqueName, type Api, type TaskSeen } from '../support/fixtures';
import { deliverPush, pressNotification, reminderPush, serviceWorkerReady, shownNotifications } from '../support/push';

const HOUR_MS = 60 * 60_000;

/** A task due on the dashboard's day with a reminder two hours ahead (so the worker does not send it meanwhile). */
async function taskWithReminder(api: Api, timeZone: string, prefix: string): Promise<TaskSeen> {
  const at = new Date(Date.now() + 2 * HOUR_MS).toISOString();
  return api.createTask({ title: uniqueName(prefix), dueDate: dashboardDay(timeZone), reminders: [{ kind: 'at', at }] });
}

/** The tags of the notifications the worker shows. */
const shownTags = async (worker: Worker) => (await shownNotifications(worker)).map((shown) => shown.tag);

/**
 * Pushes the task's first scheduled reminder to the app as the worker would send it; returns the message
 * and the notification it shows (tagged with the reminder's id).
 */
async function pushReminder(page: Page, worker: Worker, api: Api, task: TaskSeen) {
  const [reminder] = await api.taskReminders(task.id);
  if (!reminder) throw new Error(`${task.title} has no scheduled reminder`);
  const message = reminderPush(task, reminder.id);
  await deliverPush(page, worker, message);
  return { message, shown: (await shownNotifications(worker)).find((shown) => shown.tag === reminder.id) };
}

test('reminders: Complete and Snooze 1 h on a pushed notification, and its link opens the task', async ({ page, context, baseURL, user, api }, testInfo) => {
  void user;
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL!).origin });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const worker = await serviceWorkerReady(page);
  const { timezone: timeZone } = await api.currentUser();

  // A reminder arrives: the notification names the task and offers Complete and Snooze 1 h.
  const toComplete = await taskWithReminder(api, timeZone, 'Call the plumber');
  const toSnooze = await taskWithReminder(api, timeZone, 'Renew the passport');
  await page.reload();
  const card = taskCard(page, toComplete.title);
  await expect(card.getByTestId('task-reminder')).toBeVisible();
  const { message: pushed, shown } = await pushReminder(page, worker, api, toComplete);
  expect(shown).toEqual({ title: toComplete.title, body: pushed.body, tag: pushed.reminderId, actions: ['complete', 'snooze'] });
  await snap(page, testInfo, '1-reminder-set');

  // Complete: the worker completes the task on the server, closes the notification, and the page refreshes.
  await pressNotification(worker, pushed.reminderId!, 'complete');
  await expect.poll(async () => (await api.task(toComplete.id)).isCompleted).toBe(true);
  await expect.poll(() => shownTags(worker)).not.toContain(pushed.reminderId);
  await expect(card).toHaveAttribute('data-completed', 'true');
  expect((await api.taskReminders(toComplete.id)).map((reminder) => reminder.state)).toEqual(['cancelled']);
  await snap(page, testInfo, '2-completed-from-notification');

  // Snooze 1 h: a snooze reminder waits an hour from now.
  const { message: snoozed, shown: snoozedShown } = await pushReminder(page, worker, api, toSnooze);
  expect(snoozedShown?.title).toBe(toSnooze.title);
  const pressed = Date.now();
  await pressNotification(worker, snoozed.reminderId!, 'snooze');
  await expect.poll(async () => (await api.taskReminders(toSnooze.id)).filter((reminder) => reminder.spec === null && reminder.state === 'pending')).toHaveLength(1);
  const snooze = (await api.taskReminders(toSnooze.id)).find((reminder) => reminder.spec === null)!;
  const snoozedFor = new Date(snooze.fireAt!).getTime() - pressed;
  expect(snoozedFor).toBeGreaterThan(HOUR_MS - 60_000);
  expect(snoozedFor).toBeLessThan(HOUR_MS + 60_000);
  expect((await api.task(toSnooze.id)).isCompleted).toBe(false);
  await expect.poll(() => shownTags(worker)).not.toContain(snoozed.reminderId);

  // The notification's link opens the task's dialog, and leaves the address so a reload does not reopen it.
  expect(snoozed.url).toBe(`/?task=${toSnooze.id}`);
  await page.goto(snoozed.url);
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog.getByLabel('Task Title')).toHaveValue(toSnooze.title);
  const snoozeNote = dialog.getByText(/^Snoozed until /);
  await expect(snoozeNote).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await snoozeNote.scrollIntoViewIfNeeded(); // the dialog's reminders, in the shot
  await snap(page, testInfo, '3-link-opens-task');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A click on the notification itself, with the app open, shows the task in that window.
  const { message: again, shown: againShown } = await pushReminder(page, worker, api, toSnooze);
  expect(againShown?.title).toBe(toSnooze.title);
  await pressNotification(worker, again.reminderId!, '');
  await expect(dialog.getByLabel('Task Title')).toHaveValue(toSnooze.title);
  await expect(page).toHaveURL(/\/$/);

  // A link to a task that is gone (deleted, or another user's) opens nothing and says so.
  await page.goto(`/?task=${randomUUID()}`);
  await expectToast(page, 'Task not found', 'It may have been deleted.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});
