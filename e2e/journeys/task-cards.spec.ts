// Task cards (issue 37, items 12-14): the drag handle, completed tasks leaving the open list, and Delete and
// Archive with Undo.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, expectToast, isPhone, snap, test } from '../support/fixtures';
import { dragByKeyboard, openTab, sortableTask, taskCard, titlesIn } from '../support/dashboard';

/** How long a toast (and so its Undo) shows: lib/toast.ts. */
const TOAST_MS = 5000;

const activeList = (page: Page) => page.getByTestId('task-list-getActiveTasks');

/** Carries `card` by its drag handle to the bottom of `target`: the mouse on the desktop, a long press on the phone. */
async function dragByHandle(page: Page, testInfo: TestInfo, card: Locator, target: Locator) {
  await card.scrollIntoViewIfNeeded();
  const handle = await card.getByTestId('task-drag-handle').boundingBox();
  const goal = await target.boundingBox();
  if (!handle || !goal) throw new Error('cards not laid out');
  const from = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  const toY = goal.y + goal.height - 5;
  if (!isPhone(testInfo)) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + 10, { steps: 5 });
    await page.waitForTimeout(100);
    await page.mouse.move(from.x, toY, { steps: 15 });
    await page.waitForTimeout(200);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: from.x, y }] });
  await touch('touchStart', from.y);
  await page.waitForTimeout(300);
  for (let step = 1; step <= 15; step += 1) {
    await touch('touchMove', from.y + ((toY - from.y) * step) / 15);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(200);
  await touch('touchEnd', toY);
  await cdp.detach();
}

test('a card shows a drag handle and moves by it, by keyboard too; its title selects no text', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  for (const title of ['First errand', 'Second errand', 'Third errand']) await api.createTask({ title, priority: 'medium' });
  await page.reload();
  await openTab(page, 'Active');
  // The api's order for equal tasks: newest first.
  await expect.poll(() => titlesIn(activeList(page))).toEqual(['Third errand', 'Second errand', 'First errand']);
  for (const title of ['First errand', 'Second errand', 'Third errand']) await expect(sortableTask(page, title).getByTestId('task-drag-handle')).toBeVisible();
  await snap(page, testInfo, '1-handles');

  const reorderSaved = () => page.waitForResponse((r) => r.url().endsWith('/api/tasks/reorder') && r.request().method() === 'PATCH');
  let saved = reorderSaved();
  await dragByHandle(page, testInfo, sortableTask(page, 'Third errand'), sortableTask(page, 'First errand'));
  expect((await saved).status()).toBe(200);
  await expect.poll(() => titlesIn(activeList(page))).toEqual(['Second errand', 'First errand', 'Third errand']);

  // The keyboard still lifts the focused card: Space, an arrow, Space.
  saved = reorderSaved();
  await dragByKeyboard(page, sortableTask(page, 'Second errand'), 1);
  expect((await saved).status()).toBe(200);
  await expect.poll(() => titlesIn(activeList(page))).toEqual(['First errand', 'Second errand', 'Third errand']);

  // A drag across a title selects none of it (a long press on a phone neither): the card is what moves.
  const title = sortableTask(page, 'First errand').getByTestId('task-title');
  expect(await title.evaluate((element) => getComputedStyle(element).userSelect)).toBe('none');
  if (!isPhone(testInfo)) {
    const box = (await title.boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  }
  await expect.poll(() => titlesIn(activeList(page))).toEqual(['First errand', 'Second errand', 'Third errand']);
});

test('a completed task leaves the list once its Undo is gone, into a collapsed "Completed today"', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  for (const title of ['Pay the rent', 'Book the dentist', 'Renew the passport']) await api.createTask({ title });
  await page.reload();
  await openTab(page, 'Active');
  await expect.poll(() => titlesIn(activeList(page))).toEqual(['Renew the passport', 'Book the dentist', 'Pay the rent']);

  // Undo in time: the task never left.
  await taskCard(page, 'Book the dentist').getByRole('checkbox').check();
  const undo = await expectToast(page, 'Task completed');
  await undo.getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, 'Task updated');
  await expect(taskCard(page, 'Book the dentist')).toHaveAttribute('data-completed', 'false');

  // Done: struck through in its place while the toast offers Undo, then gone from the list.
  await taskCard(page, 'Pay the rent').getByRole('checkbox').check();
  await expectToast(page, 'Task completed');
  await expect(activeList(page).getByTestId('task-card').filter({ hasText: 'Pay the rent' })).toHaveAttribute('data-completed', 'true');
  await snap(page, testInfo, '1-just-completed');
  await expect.poll(() => titlesIn(activeList(page)), { timeout: TOAST_MS + 10_000 }).toEqual(['Renew the passport', 'Book the dentist']);

  const group = page.getByRole('region', { name: 'Completed today' });
  await expect(group.getByRole('heading', { name: 'Completed today' })).toBeVisible();
  await expect(group.getByLabel('1 task')).toHaveText('1');
  const toggle = group.getByRole('button', { name: 'Show completed' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(taskCard(page, 'Pay the rent')).toHaveCount(0);
  await snap(page, testInfo, '2-collapsed');

  await toggle.click();
  await expect(group.getByRole('button', { name: 'Hide completed' })).toHaveAttribute('aria-expanded', 'true');
  await expect(group.getByTestId('task-card').filter({ hasText: 'Pay the rent' })).toHaveAttribute('data-completed', 'true');
  await snap(page, testInfo, '3-shown');

  // Opened again from the group, it goes back to the list.
  await taskCard(page, 'Pay the rent').getByRole('checkbox').uncheck();
  await expectToast(page, 'Task updated');
  await expect.poll(() => titlesIn(activeList(page))).toContain('Pay the rent');
  await expect(group).toHaveCount(0);
});

test('Delete from the card menu and from the dialog, and Archive, each with Undo', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  const bank = await api.createTask({ title: 'Call the bank', description: 'About the card', priority: 'high' });
  await api.createTask({ title: 'Water the plants' });
  await page.request.post(`/api/tasks/${bank.id}/comments`, { data: { content: 'Ask for Sam' }, headers: { 'x-daybook-csrf': '1' } });
  await page.reload();
  await openTab(page, 'Active');
  await expect(taskCard(page, 'Call the bank')).toBeVisible();

  // From the card's menu.
  await taskCard(page, 'Call the bank').getByRole('button', { name: 'More actions' }).click();
  await snap(page, testInfo, '1-menu');
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  let toast = await expectToast(page, 'Task deleted', '"Call the bank" has been deleted');
  await expect(taskCard(page, 'Call the bank')).toHaveCount(0);
  expect((await page.request.get(`/api/tasks/${bank.id}`)).status()).toBe(404);
  await snap(page, testInfo, '2-deleted');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, 'Task restored');
  await expect(taskCard(page, 'Call the bank')).toBeVisible();
  // Back as it was, with its comment.
  expect(await api.task(bank.id)).toMatchObject({ title: 'Call the bank', isCompleted: false });
  const comments = await (await page.request.get(`/api/tasks/${bank.id}/comments`)).json();
  expect(comments.map((comment: { content: string }) => comment.content)).toEqual(['Ask for Sam']);

  // From the dialog.
  await taskCard(page, 'Call the bank').getByTestId('task-title').click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog.getByLabel('Task Title')).toHaveValue('Call the bank');
  await snap(page, testInfo, '3-dialog');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  toast = await expectToast(page, 'Task deleted');
  await expect(taskCard(page, 'Call the bank')).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, 'Task restored');
  await expect(taskCard(page, 'Call the bank')).toBeVisible();

  // Archive.
  await taskCard(page, 'Water the plants').getByRole('button', { name: 'Archive task' }).click();
  toast = await expectToast(page, 'Task archived', 'The task has been archived successfully');
  await expect(taskCard(page, 'Water the plants')).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, 'Task unarchived');
  await expect(taskCard(page, 'Water the plants')).toBeVisible();
  await snap(page, testInfo, '4-restored');
});
