// No failure blanks the app (issue 37): a part whose code cannot be loaded says so in its place with Retry,
// and on a first visit, before any service worker, a task can still be made offline and reaches the server.
import type { Page } from '@playwright/test';
import { expect, expectToast, snap, test, uniqueName } from '../support/fixtures';
import { openNewTaskDialog, openTab, taskCard } from '../support/dashboard';

// Without a service worker: what the page loads comes from the network (a worker would answer from its copy).
test.use({ serviceWorkers: 'block' });

const TASK_DIALOG_CODE = /\/assets\/TaskDialog-[\w-]+\.js$/;
const dashboardHeading = (page: Page) => page.getByRole('heading', { name: 'Dashboard', level: 1 });

test('a part whose code fails to load says so in place; Retry loads it once the server answers', async ({ page, user: _user }, testInfo) => {
  let failing = true;
  await page.route(TASK_DIALOG_CODE, (route) => (failing ? route.fulfill({ status: 500, body: 'Internal Server Error' }) : route.continue()));
  await page.goto('/');
  await expect(dashboardHeading(page)).toBeVisible();

  // Tried again, then the message where the dialog would be; the rest of the dashboard still works.
  await openNewTaskDialog(page);
  const failed = page.getByTestId('chunk-failed');
  await expect(failed).toHaveText('This part of Daybook could not be loaded — Retry', { timeout: 15_000 });
  await expect(dashboardHeading(page)).toBeVisible();
  await openTab(page, 'Active');
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  await snap(page, testInfo, '1-part-failed');

  failing = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(dialog).toBeVisible();
  await expect(failed).toHaveCount(0);
  await snap(page, testInfo, '2-retried');
});

test('first visit, no service worker: offline, New Task saves the task on the device; it syncs on reconnect', async ({ page, context, signedIn: _signedIn, api }, testInfo) => {
  // As soon as the dashboard has shown, the code offline capture needs arrives.
  await expect
    .poll(() => page.evaluate((code) => performance.getEntriesByType('resource').some((entry) => new RegExp(code).test(entry.name)), TASK_DIALOG_CODE.source), {
      timeout: 15_000,
    })
    .toBe(true);
  await openTab(page, 'Active');
  await expect(page.getByText('No active tasks').or(page.getByTestId('task-card').first())).toBeVisible();

  await context.setOffline(true);
  const title = uniqueName('First visit offline');
  const dialog = await openNewTaskDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Task Title').fill(title);
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expectToast(page, 'Task created');
  await expect(dialog).toBeHidden();
  await expect(taskCard(page, title).getByTestId('task-waiting-to-sync')).toHaveText('Waiting to sync');
  await snap(page, testInfo, '3-saved-on-device');
  expect((await api.tasks('active')).map((task) => task.title)).not.toContain(title);

  await context.setOffline(false);
  await expect.poll(async () => (await api.tasks('active')).map((task) => task.title), { timeout: 20_000 }).toContain(title);
  await expect(taskCard(page, title)).toBeVisible();
  await expect(taskCard(page, title).getByTestId('task-waiting-to-sync')).toHaveCount(0, { timeout: 15_000 });
  expect((await api.tasks('active')).filter((task) => task.title === title)).toHaveLength(1);
});
