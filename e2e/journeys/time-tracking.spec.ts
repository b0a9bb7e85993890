// Time tracking (DECISIONS 31): a timer started on a task card is shown in the header on every screen and
// in a second browser of the same user, and stopped there; in the task dialog a manual entry is added and
// edited, the timer runs with Alt+T, and the task shows tracked against estimated time.
import type { Page, TestInfo } from '@playwright/test';
import { dashboardDay, sortableTask, taskCard } from '../support/dashboard';
import { expect, isPhone, snap, test } from '../support/fixtures';

const CSRF = { 'x-daybook-csrf': '1' };
const TITLE = 'Draft the Acme contract';

const runningTimer = (page: Page) => page.getByRole('group', { name: 'Running timer' });
/** The same while a dialog hides the page from assistive technology. */
const runningTimerBehindDialog = (page: Page) => page.getByTestId('running-timer');

/** The Clients screen through the header's navigation (a menu on phones). */
async function goToClients(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('menuitem', { name: 'Clients' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Clients' }).click();
  }
  await expect(page).toHaveURL(/\/clients$/);
}

test('time tracking', async ({ page, browser, baseURL, user, api }, testInfo) => {
  test.setTimeout(120_000);
  const { timezone } = await api.currentUser();
  await api.createTask({ title: TITLE, estimatedTime: '2h', dueDate: dashboardDay(timezone) });
  await page.goto('/');
  const card = taskCard(page, TITLE);
  // Drag and drop loads after the first paint and wraps the cards anew: act on the wrapped card.
  await expect(sortableTask(page, TITLE)).toBeVisible();

  // Started from the task card's menu: the header shows the task and the time ticking.
  await card.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Start timer' }).click();
  await expect(runningTimer(page)).toContainText(TITLE);
  const elapsed = runningTimer(page).getByTestId('running-timer-elapsed');
  await expect(elapsed).toHaveText(/^0:00:0\d$/);
  await expect(elapsed).not.toHaveText('0:00:00', { timeout: 5_000 });
  await snap(page, testInfo, '1-timer-started');

  // Another screen, then a reload: the header still shows it.
  await goToClients(page, testInfo);
  await expect(runningTimer(page)).toContainText(TITLE);
  await page.reload();
  await expect(runningTimer(page)).toContainText(TITLE);
  await snap(page, testInfo, '2-other-screen');

  // A second browser of the same user sees the timer, and stops it there.
  const other = await browser.newContext({ baseURL, viewport: testInfo.project.use.viewport ?? undefined });
  try {
    expect((await other.request.post('/api/login', { data: { username: user.username, password: user.password }, headers: CSRF })).ok()).toBe(true);
    const second = await other.newPage();
    await second.goto('/');
    await expect(runningTimer(second)).toContainText(TITLE);
    await snap(second, testInfo, '3-second-browser');
    await runningTimer(second).getByRole('button', { name: `Stop timer on “${TITLE}”` }).click();
    await expect(runningTimer(second)).toHaveCount(0);
  } finally {
    await other.close();
  }
  // The first browser learns it when it is looked at again (focus), at the latest within a minute.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(runningTimer(page)).toHaveCount(0, { timeout: 15_000 });

  // The task dialog: the stopped timer's entry, tracked against estimated.
  await page.goto('/');
  await taskCard(page, TITLE).getByTestId('task-title').click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  const time = dialog.getByRole('region', { name: 'Time' });
  const entries = time.getByTestId('time-entry');
  await expect(entries).toHaveCount(1);
  await expect(time.getByTestId('task-time-tracked')).toHaveText(/^(\d+ min|0 h) tracked \/ 2 h estimated$/);

  // A manual entry: a day, a start and a duration (the end follows).
  await time.getByRole('button', { name: 'Add time' }).click();
  const form = time.getByRole('form', { name: 'Add time' });
  await form.getByLabel('Day').fill(dashboardDay(timezone));
  await form.getByLabel('Start').fill('07:00');
  await form.getByLabel('Duration').fill('1h 30min');
  await expect(form.getByLabel('End')).toHaveValue('08:30');
  await form.getByLabel('Note').fill('First draft');
  await snap(page, testInfo, '4-adding-an-entry');
  await form.getByRole('button', { name: 'Add entry' }).click();
  await expect(entries).toHaveCount(2);
  const manual = entries.filter({ hasText: 'First draft' });
  await expect(manual).toContainText('7:00 AM – 8:30 AM');
  await expect(time.getByTestId('task-time-tracked')).toHaveText(/^1 h \d+ min tracked \/ 2 h estimated$/);
  await snap(page, testInfo, '5-entry-added');

  // Edited: a longer duration; the task is now past its estimate.
  await manual.getByRole('button', { name: 'Edit time entry' }).click();
  const edit = time.getByRole('form', { name: 'Edit time entry' });
  await expect(edit.getByLabel('Duration')).toHaveValue('1 h 30 min');
  await edit.getByLabel('Duration').fill('2h 30min');
  await expect(edit.getByLabel('End')).toHaveValue('09:30');
  await edit.getByRole('button', { name: 'Save entry' }).click();
  await expect(entries.filter({ hasText: 'First draft' })).toContainText('7:00 AM – 9:30 AM');
  await expect(time.getByTestId('task-time-tracked')).toHaveText(/^2 h \d+ min tracked \/ 2 h estimated$/);
  await snap(page, testInfo, '6-entry-edited');

  // Alt+T in the dialog starts the task's timer, and stops it.
  const timerButton = time.getByRole('button', { name: 'Start timer' });
  await expect(timerButton).toHaveAttribute('aria-keyshortcuts', 'Alt+T');
  await page.keyboard.press('Alt+KeyT');
  await expect(time.getByRole('button', { name: 'Stop timer' })).toBeVisible();
  await expect(runningTimerBehindDialog(page)).toContainText(TITLE);
  await snap(page, testInfo, '7-timer-by-keyboard');
  await page.keyboard.press('Alt+KeyT');
  await expect(time.getByRole('button', { name: 'Start timer' })).toBeVisible();
  await expect(runningTimerBehindDialog(page)).toHaveCount(0);
  await expect(entries).toHaveCount(3);

  // The card shows tracked against estimated, past the estimate.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(taskCard(page, TITLE).getByTestId('task-tracked')).toHaveText(/^2 h \d+ min \/ 2 h$/);
  await snap(page, testInfo, '8-card-tracked');
});
