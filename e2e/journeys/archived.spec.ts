// The archive screen: archive from the dashboard, find it under /archived, unarchive it.
import { expect, expectToast, snap, test } from '../support/fixtures';
import { openTab, taskCard } from '../support/dashboard';

test('archive a task and unarchive it from the archive screen', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  await api.createTask({ title: 'File the receipts', priority: 'low' });
  await api.createTask({ title: 'Plan the offsite', priority: 'high' });
  await page.goto('/archived');
  await expect(page.getByRole('heading', { name: 'Archived Tasks', level: 1 })).toBeVisible();
  await expect(page.getByText('No archived tasks')).toBeVisible();

  await page.goto('/');
  await openTab(page, 'Active');
  for (const title of ['File the receipts', 'Plan the offsite']) {
    await taskCard(page, title).getByRole('button', { name: 'Archive task' }).click();
    await expectToast(page, 'Task archived');
    await expect(taskCard(page, title)).toBeHidden();
  }

  await page.goto('/archived');
  await expect(page.getByTestId('archived-count')).toHaveText('2 archived tasks');
  await expect(taskCard(page, 'File the receipts')).toBeVisible();
  await snap(page, testInfo, '1-archived');
  await taskCard(page, 'File the receipts').getByRole('button', { name: 'Unarchive task' }).click();
  await expectToast(page, 'Task unarchived', 'The task has been restored successfully');
  await expect(taskCard(page, 'File the receipts')).toBeHidden();
  await expect(page.getByTestId('archived-count')).toHaveText('1 archived task');
  await snap(page, testInfo, '2-unarchived');

  const active = await api.tasks('active');
  expect(active.map((task) => task.title)).toContain('File the receipts');
  expect(active.map((task) => task.title)).not.toContain('Plan the offsite');
});

test('the archive loads further pages as the user scrolls', async ({ page, signedIn, api }) => {
  void signedIn;
  const titles = Array.from({ length: 55 }, (_, index) => `Archived ${String(index + 1).padStart(2, '0')}`);
  for (const title of titles) {
    const task = await api.createTask({ title });
    const response = await page.request.patch(`/api/tasks/${task.id}/archive`, { data: {}, headers: { 'x-daybook-csrf': '1' } });
    expect(response.ok()).toBe(true);
  }
  await page.goto('/archived');
  await expect(page.getByTestId('archived-count')).toHaveText('50 archived tasks loaded, more below');
  // The user scrolls to the end of the page once its cards are all there (a long list renders in steps).
  await expect(page.getByTestId('task-card')).toHaveCount(50);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByTestId('archived-count')).toHaveText('55 archived tasks');
  await expect(page.getByTestId('task-card')).toHaveCount(55);
});
