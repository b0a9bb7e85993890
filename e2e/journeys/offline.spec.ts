// Installable and offline (DECISIONS 19): the service worker, the manifest, the connectivity banner, and a
// task created with the network cut that reaches the server once it is back.
import { expect, expectToast, snap, test, uniqueName } from '../support/fixtures';
import { openNewTaskDialog, openTab, taskCard } from '../support/dashboard';
import { waitForKeptAnswers, waitForServiceWorkerControl } from '../support/serviceWorker';

test('offline: a task created without network is queued and synced on reconnect', async ({ page, context, signedIn: _signedIn, api }, testInfo) => {
  // The manifest is linked and the service worker controls the page once it has loaded.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: 'Daybook', display: 'standalone' });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  await waitForServiceWorkerControl(page);
  await expect(page.getByTestId('connectivity-banner')).toHaveCount(0);

  // Network cut: the banner says so, and a new task is accepted and queued.
  const existing = uniqueName('Seen online');
  await api.createTask({ title: existing });
  await page.reload();
  await expect(page.getByText(existing, { exact: true }).first()).toBeVisible();
  // As it would long before a real network cut.
  await waitForKeptAnswers(page, existing);
  await context.setOffline(true);
  await expect(page.getByTestId('connectivity-banner')).toHaveText("You're offline - changes will sync when reconnected");

  // The app shell and the lists read last come from the device: a reload offline still shows them.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(existing, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('connectivity-banner')).toBeVisible();
  const title = uniqueName('Offline task');
  const dialog = await openNewTaskDialog(page);
  await dialog.getByLabel('Task Title').fill(title);
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expectToast(page, 'Task created');
  await expect(dialog).toBeHidden();
  await snap(page, testInfo, '1-offline');
  expect((await api.tasks('active')).map((task) => task.title)).not.toContain(title);

  // Network back: the queue is replayed, the banner goes, the server has the task and the list shows it.
  await context.setOffline(false);
  await expect(page.getByTestId('connectivity-banner')).toHaveCount(0);
  await expect.poll(async () => (await api.tasks('active')).map((task) => task.title), { timeout: 15_000 }).toContain(title);
  await openTab(page, 'Active');
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await snap(page, testInfo, '2-back-online');
});

test('offline: a task created offline shows at once, waiting to sync, takes edits and completion, then syncs in order', async ({ page, context, signedIn: _signedIn, api }, testInfo) => {
  await waitForServiceWorkerControl(page);
  const seen = uniqueName('Seen online');
  await api.createTask({ title: seen });
  await page.reload();
  await openTab(page, 'Active');
  await expect(taskCard(page, seen)).toBeVisible();
  await waitForKeptAnswers(page, seen);

  await context.setOffline(true);
  await expect(page.getByTestId('connectivity-banner')).toBeVisible();
  const title = uniqueName('Made offline');
  const dialog = await openNewTaskDialog(page);
  await dialog.getByLabel('Task Title').fill(title);
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expectToast(page, 'Task created');
  // In its list at once, marked as waiting.
  const card = taskCard(page, title);
  await expect(card.getByTestId('task-waiting-to-sync')).toHaveText('Waiting to sync');
  await snap(page, testInfo, '3-waiting-to-sync');

  // Edited, then completed, still offline.
  const renamed = `${title} renamed`;
  await card.getByTestId('task-title').click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await edit.getByLabel('Task Title').fill(renamed);
  await edit.getByRole('button', { name: 'Update Task' }).click();
  await expect(edit).toBeHidden();
  const renamedCard = taskCard(page, renamed);
  await expect(renamedCard.getByTestId('task-waiting-to-sync')).toBeVisible();
  await renamedCard.getByRole('checkbox', { name: `Mark "${renamed}" complete` }).check();
  await expect(renamedCard).toHaveAttribute('data-completed', 'true');
  await snap(page, testInfo, '4-edited-and-completed');
  expect((await api.tasks('active')).map((task) => task.title)).not.toContain(title);

  // Back online: the queue replays in order (create, edit, complete) and the server has the final state.
  await context.setOffline(false);
  await expect.poll(async () => (await api.tasks('active')).filter((task) => task.title.startsWith(title)).map((task) => task.title), { timeout: 20_000 }).toEqual([renamed]);
  const synced = (await api.tasks('active')).find((task) => task.title === renamed)!;
  expect((await api.task(synced.id)).isCompleted).toBe(true);
  // Completed, it leaves the list for the collapsed "Completed today" group, under its real id.
  const completedToday = page.getByRole('region', { name: 'Completed today' });
  await completedToday.getByRole('button', { name: 'Show completed' }).click({ timeout: 15_000 });
  await expect(renamedCard).toHaveAttribute('data-task-id', synced.id, { timeout: 15_000 });
  await expect(renamedCard.getByTestId('task-waiting-to-sync')).toHaveCount(0);
  await expect(renamedCard).toHaveAttribute('data-completed', 'true');
  await snap(page, testInfo, '5-synced');
});
