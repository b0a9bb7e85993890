// The capture box with its live preview (DECISIONS 26–27): what Daybook understood shows while the user
// types, a removed chip changes what is saved, the new task is shown where it lives, several tasks from
// one sentence are saved together, and a capture made offline reaches the server on reconnect.
import { dateIn, expect, expectToast, snap, test, uniqueName, type Api } from '../support/fixtures';
import { captureBox, chip, typeInBox } from '../support/capture';
import { openTab, taskCard } from '../support/dashboard';
import { waitForKeptAnswers, waitForServiceWorkerControl } from '../support/serviceWorker';

interface SavedTask {
  id: string;
  title: string;
  priority: string;
  clientId: string | null;
  dueDate: string | null;
  dueTime: string | null;
  estimatedTime: string | null;
}
const activeTasks = async (api: Api) => (await api.tasks('active')) as SavedTask[];

test('typing shows what Daybook understood before Enter; a removed chip changes the saved task, which is then shown', async ({ page, signedIn: _signedIn, api }, testInfo) => {
  const acme = await api.createClient('Acme', '#f59e0b');
  const { timezone } = await api.currentUser();
  await page.reload();

  await typeInBox(page, 'Call Acme in 10 days at 3pm urgent 30 min');
  // The chips are there before Enter, and the words they came from are highlighted in the text.
  await expect(chip(page, 'when')).toContainText('3:00 PM');
  await expect(chip(page, 'priority')).toHaveText('Urgent');
  await expect(chip(page, 'client')).toHaveText('Acme');
  await expect(chip(page, 'estimate')).toHaveText('30 minutes');
  await expect(page.getByTestId('capture-title')).toHaveText('Call Acme');
  await expect(page.getByTestId('capture-highlights').locator('mark')).toHaveText(['Acme', 'in 10 days', '3pm', 'urgent', '30 min']);
  await snap(page, testInfo, '1-preview');

  // "urgent" goes back to the title: the task is saved with the default priority.
  await page.getByRole('button', { name: 'Remove Priority: Urgent' }).click();
  await expect(chip(page, 'priority')).toHaveCount(0);
  await expect(page.getByTestId('capture-title')).toHaveText('Call Acme urgent');
  await captureBox(page).press('Enter');
  const toast = await expectToast(page, 'Task created', 'Added to Active');
  await expect(captureBox(page)).toHaveValue('');
  const saved = (await activeTasks(api)).find((task) => task.title === 'Call Acme urgent');
  expect(saved).toMatchObject({ priority: 'medium', clientId: acme.id, dueDate: dateIn(timezone, 10), dueTime: '15:00', estimatedTime: '30min' });

  // Due in 10 days: not on the Today tab; the toast's Show opens All Tasks, scrolled to it and highlighted.
  await toast.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  const card = taskCard(page, 'Call Acme urgent');
  await expect(card).toBeInViewport();
  await expect(card).toHaveAttribute('data-just-created', 'true');
  await snap(page, testInfo, '2-shown');

  // On the list where a new task goes, it is scrolled to and highlighted at once.
  await typeInBox(page, 'Book flights in 10 days');
  await captureBox(page).press('Enter');
  await expect(await expectToast(page, 'Task created')).toContainText('Open task');
  const flights = taskCard(page, 'Book flights');
  await expect(flights).toBeInViewport();
  await expect(flights).toHaveAttribute('data-just-created', 'true');
});

test('several tasks in one sentence: each its own row, one removed, the others saved together', async ({ page, signedIn: _signedIn, api }, testInfo) => {
  const globex = await api.createClient('Globex');
  await page.reload();
  await typeInBox(page, 'Email Globex the contract in 10 days, then call Acme in 12 days and book flights in 2 weeks');
  const rows = page.getByTestId('capture-proposal');
  await expect(rows).toHaveCount(3);
  await expect(rows.getByTestId('capture-title')).toHaveText(['Email Globex the contract', 'Call Acme', 'Book flights']);
  await expect(chip(rows.nth(0), 'client')).toHaveText('Globex');
  await expect(page.getByTestId('capture-hint')).toHaveText('3 tasks: Enter saves them together.');
  await page.getByRole('button', { name: 'Remove task 2' }).click();
  await expect(rows.nth(1)).toHaveAttribute('data-removed', 'true');
  await snap(page, testInfo, '1-rows');

  await captureBox(page).press('Enter');
  await expectToast(page, '2 tasks created', 'Added to Active');
  const titles = (await activeTasks(api)).map((task) => task.title);
  expect(titles).toEqual(expect.arrayContaining(['Email Globex the contract', 'Book flights']));
  expect(titles).not.toContain('Call Acme');
  expect((await activeTasks(api)).find((task) => task.title === 'Email Globex the contract')?.clientId).toBe(globex.id);
});

test('offline: a capture is queued on the device and replayed on reconnect', async ({ page, context, signedIn: _signedIn, api }, testInfo) => {
  // As in offline.spec.ts: the service worker controls the page, and the device holds the user and the
  // day's list (the worker stores an answer just after handing it to the page).
  await waitForServiceWorkerControl(page);
  const seen = uniqueName('Seen online');
  await api.createTask({ title: seen });
  await page.reload();
  await expect(page.getByText(seen, { exact: true }).first()).toBeVisible();
  await waitForKeptAnswers(page, seen);

  // Offline from a fresh load: the app, the capture engine and the data come from the device.
  await context.setOffline(true);
  await expect(page.getByTestId('connectivity-banner')).toBeVisible();
  await page.reload();
  await expect(page.getByText(seen, { exact: true }).first()).toBeVisible();
  const title = uniqueName('Pay the electricity bill');
  await typeInBox(page, `${title} in 10 days`);
  await expect(chip(page, 'when')).toBeVisible();
  await captureBox(page).press('Enter');
  await expectToast(page, 'Task created', "Saved on this device: it will sync when you're back online");
  await expect(captureBox(page)).toHaveValue('');
  await snap(page, testInfo, '1-offline');
  expect((await activeTasks(api)).map((task) => task.title)).not.toContain(title);

  await context.setOffline(false);
  await expect(page.getByTestId('connectivity-banner')).toHaveCount(0);
  await expect.poll(async () => (await activeTasks(api)).map((task) => task.title), { timeout: 15_000 }).toContain(title);
  await openTab(page, 'Active');
  await expect(taskCard(page, title)).toBeVisible();
});
