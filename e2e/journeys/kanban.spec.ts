// The Kanban board (DECISIONS 13): reachable from the dashboard header; dragging a card changes its status.
import { expect, expectToast, isPhone, snap, test } from '../support/fixtures';

test('Kanban drag changes status', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  const task = await api.createTask({ title: 'Draft the proposal', priority: 'high' });
  await api.createTask({ title: 'Pick a venue' });
  await page.reload();
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('menuitem', { name: 'Kanban' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Kanban' }).click();
  }
  await expect(page).toHaveURL(/\/kanban$/);
  await expect(page.getByRole('heading', { name: 'Kanban', level: 1 })).toBeVisible();
  const column = (status: string) => page.getByTestId(`kanban-column-${status}`);
  const card = (title: string) => page.getByTestId('kanban-draggable').filter({ hasText: title });
  await expect(column('todo').getByTestId('kanban-card')).toHaveCount(2);
  await snap(page, testInfo, '1-board');

  // Keyboard: lift, one column right (In Progress), drop.
  await card('Draft the proposal').focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expectToast(page, 'Task updated', 'Moved to In Progress');
  await expect(column('in_progress').getByTestId('kanban-card')).toContainText('Draft the proposal');
  await expect.poll(async () => ((await page.request.get(`/api/tasks/${task.id}`).then((r) => r.json())) as { status: string }).status).toBe('in_progress');

  if (!isPhone(testInfo)) {
    // Mouse: carry it into Review.
    const from = await card('Draft the proposal').boundingBox();
    const to = await column('review').boundingBox();
    if (!from || !to) throw new Error('board not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + 30, { steps: 5 });
    await page.waitForTimeout(100);
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 20 });
    await page.waitForTimeout(200);
    await page.mouse.up();
    await expect(column('review').getByTestId('kanban-card')).toContainText('Draft the proposal');
    await expect.poll(async () => ((await page.request.get(`/api/tasks/${task.id}`).then((r) => r.json())) as { status: string }).status).toBe('review');
  }
  await page.reload();
  await expect(column(isPhone(testInfo) ? 'in_progress' : 'review').getByTestId('kanban-card')).toContainText('Draft the proposal');
  await snap(page, testInfo, '2-moved');

  // Clicking a card opens it for editing.
  await card('Pick a venue').getByTestId('kanban-card-title').click();
  await expect(page.getByRole('dialog', { name: 'Edit Task' }).getByLabel('Task Title')).toHaveValue('Pick a venue');
});
