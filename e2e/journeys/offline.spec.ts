// Installable and offline (DECISIONS 19): the service worker, the manifest, the connectivity banner, and a
// task created with the network cut that reaches the server once it is back.
import { expect, expectToast, snap, test, uniqueName } from '../support/fixtures';
import { openNewTaskDialog, openTab } from '../support/dashboard';
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
