// Finding things on the dashboard.
import type { Locator, Page } from '@playwright/test';
import { dashboardDate } from '../../packages/shared/src/index';
import { expect, expectToast } from './fixtures';

/** The date the dashboard's day list shows now in `timeZone` (Monday in weekend mode), from the shared rule. */
export const dashboardDay = (timeZone: string) => dashboardDate(new Date(), timeZone);

export const taskCard = (page: Page, title: string): Locator => page.getByTestId('task-card').filter({ has: page.getByTestId('task-title').getByText(title, { exact: true }) });

/** The draggable wrapper of a card (present once drag and drop has loaded). */
export const sortableTask = (page: Page, title: string): Locator =>
  page.getByTestId('sortable-task').filter({ has: page.getByTestId('task-title').getByText(title, { exact: true }) });

export async function titlesIn(list: Locator): Promise<string[]> {
  return list.getByTestId('task-title').allTextContents();
}

export async function openTab(page: Page, name: 'Today' | 'Active' | 'Delegated' | 'Backlog') {
  await page.getByRole('tab', { name }).click();
}

/** Opens the new-task dialog from the header (a + icon on phones). */
export async function openNewTaskDialog(page: Page) {
  const wide = page.getByRole('button', { name: 'New Task', exact: true });
  if (await wide.isVisible()) await wide.click();
  else await page.getByRole('button', { name: 'New task', exact: true }).click();
  return page.getByRole('dialog', { name: 'Create New Task' });
}

/** The point inside a card where a drag starts: its middle, near the top (on the title, not a button). */
async function grabPoint(card: Locator) {
  const box = await card.boundingBox();
  if (!box) throw new Error('card not laid out');
  return { x: box.x + box.width / 2, y: box.y + 20, bottom: box.y + box.height - 5 };
}

/** Mouse: press, move past the 5 px threshold, carry to the bottom of `target`, release. */
export async function dragByMouse(page: Page, card: Locator, target: Locator) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const from = await grabPoint(card);
  const to = await grabPoint(target);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 10, { steps: 5 });
  await page.waitForTimeout(100);
  await page.mouse.move(to.x, to.bottom, { steps: 15 });
  await page.waitForTimeout(200);
  await page.mouse.up();
}

/** Touch: a long press (past 120 ms), then a finger move to the bottom of `target`, lift (CDP touch events). */
export async function dragByTouch(page: Page, card: Locator, target: Locator) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const from = await grabPoint(card);
  const to = await grabPoint(target);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: from.x, y }] });
  await touch('touchStart', from.y);
  await page.waitForTimeout(300);
  for (let step = 1; step <= 15; step += 1) {
    await touch('touchMove', from.y + ((to.bottom - from.y) * step) / 15);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(200);
  await touch('touchEnd', to.bottom);
  await cdp.detach();
}

/** Keyboard: focus the card, Space to lift, ArrowDown `places` times, Space to drop. */
export async function dragByKeyboard(page: Page, card: Locator, places: number) {
  await card.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(150);
  for (let i = 0; i < places; i += 1) {
    await page.keyboard.press(places > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.waitForTimeout(150);
  }
  await page.keyboard.press('Space');
}

/** Signs out from the settings dialog, as a person does, and waits for the landing page the reload brings. */
export async function signOutFromSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  const loggedOut = expectToast(page, 'Logged out');
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Logout' }).click();
  await loggedOut;
  await reloaded;
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
}
