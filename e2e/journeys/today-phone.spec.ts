// Today on a phone and the one screen header (issue 37 items 9–11): the running timer in the same header on
// every signed-in screen, Notes included; Today at 390 px with a timer, an overdue banner, a full top 3 and a
// long name, with nothing cut mid-word and the day's cards on the first screen; a capture for another day
// says once where the task went, covers no tab, and leaves Today's empty state true.
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { dashboardDay } from '../support/dashboard';
import { dateIn, expect, expectToast, isPhone, snap, test, uniqueName, type Account } from '../support/fixtures';

const CSRF = { 'x-daybook-csrf': '1' };
const LONG_FIRST_NAME = 'Maximiliana Josephine';

async function call(page: Page, method: 'post' | 'put' | 'patch', url: string, data: unknown = {}) {
  const response = await page.request[method](url, { data, headers: CSRF });
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<{ id: string }>;
}

/** A fresh account with a long first name, signed in (the page still blank). */
async function signUpWithLongName(page: Page): Promise<Account> {
  const account = { username: uniqueName('user'), password: `pw-${uniqueName('x')}` };
  await call(page, 'post', '/api/register', { ...account, firstName: LONG_FIRST_NAME });
  await call(page, 'post', '/api/login', account);
  return account;
}

/**
 * The texts in `root` that the eye cannot read whole: wider than a box that clips them (an ellipsis), past
 * the edge of an ancestor that clips or fades them out (a scrolled row, a mask), or past the screen's edge.
 * Visually hidden texts (for screen readers) are left out.
 */
async function cutTexts(root: Locator): Promise<string[]> {
  return root.evaluate((scope) => {
    const cut: string[] = [];
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
    const fades = (style: CSSStyleDeclaration) => [style.maskImage, style.getPropertyValue('-webkit-mask-image')].some((mask) => mask && mask !== 'none');
    for (const element of [scope, ...Array.from(scope.querySelectorAll('*'))]) {
      const text = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!text) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.visibility === 'hidden' || box.width <= 1 || box.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(element);
      const drawn = range.getBoundingClientRect();
      const name = `"${text.slice(0, 50)}"`;
      if (clips(style) && element.scrollWidth > element.clientWidth + 1) cut.push(`${name} is wider than its box`);
      if (drawn.right > window.innerWidth + 1) cut.push(`${name} passes the screen's edge`);
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent);
        if (!clips(parentStyle) && !fades(parentStyle)) continue;
        const frame = parent.getBoundingClientRect();
        // A fade (mask) leaves its last 16 px half-drawn: a text reaching into it is cut too.
        const edge = fades(parentStyle) ? 16 : 0;
        if (drawn.right > frame.right - edge + 1 || drawn.left < frame.left - 1) cut.push(`${name} is cut by ${parent.tagName}.${parent.className.toString().slice(0, 40)}`);
      }
    }
    return cut;
  });
}

/** The viewport as the user sees it first (the journeys' snap() saves the whole page). */
async function snapFirstScreen(page: Page, testInfo: TestInfo, step: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const journey = testInfo.titlePath.slice(1).join(' ').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  await page.screenshot({ path: path.resolve(__dirname, '..', 'screenshots', testInfo.project.name, `${journey}--${step}.png`) });
}

const runningTimer = (page: Page) => page.getByRole('group', { name: 'Running timer' });

test('the running timer shows in the same header on every signed-in screen, Notes included', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  const task = await api.createTask({ title: 'Draft the proposal', dueDate: dashboardDay(timezone) });
  await call(page, 'post', '/api/timer', { taskId: task.id });
  await api.createNotePage('Groceries');
  await api.markDayReviewed();

  for (const [url, title] of [
    ['/notes', 'Notes'],
    ['/calendar', 'Calendar'],
    ['/kanban', 'Kanban'],
    ['/clients', 'Client Management'],
    ['/billing', 'Billing'],
    ['/archived', 'Archived Tasks'],
  ] as const) {
    await page.goto(url);
    const header = page.getByTestId('screen-header');
    await expect(header, `${url} has the screens' header`).toHaveCount(1);
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(header.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
    await expect(header.getByRole('group', { name: 'Running timer' }), `${url} shows the running timer`).toContainText('Draft the proposal');
  }
  await page.goto('/notes');
  await expect(runningTimer(page)).toBeVisible();
  await expect(page.getByTestId('selected-page-title')).toHaveText('Groceries');
  await snap(page, testInfo, '1-notes-with-timer');
});

test('Today with a timer, overdue tasks, a full top 3 and a long name: nothing cut mid-word, the day’s cards on the first screen', async ({ page, api }, testInfo) => {
  await signUpWithLongName(page);
  const { timezone } = await api.currentUser();
  const day = dashboardDay(timezone);
  const northwind = await api.createClient('Northwind Traders', '#2563eb');
  const globex = await api.createClient('Globex Corporation', '#16a34a');
  for (const [index, title] of ['Send the invoice', 'Renew the domain', 'Book the venue', 'Call the accountant'].entries())
    await api.createTask({ title, dueDate: dateIn(timezone, -(4 - index)), estimatedTime: '30min' });
  const dayTasks = [];
  for (const [index, title] of ['Draft the quarterly proposal', 'Review the supplier contract', 'Plan the sprint', 'Reply to Dana', 'Water the plants'].entries())
    dayTasks.push(await api.createTask({ title, priority: index < 2 ? 'high' : 'medium', dueDate: day, estimatedTime: '1h 30min', clientId: index % 2 === 0 ? northwind.id : globex.id }));
  await api.setDailyPriorities(dayTasks.slice(0, 3).map((task) => task.id));
  await api.markDayReviewed();
  await call(page, 'post', '/api/timer', { taskId: dayTasks[0]?.id });

  await page.goto('/');
  const list = page.getByTestId('task-list-getTodayTasks').or(page.getByTestId('task-list-getMondayTasks'));
  await expect(list.getByTestId('task-card').first()).toBeVisible();
  await expect(runningTimer(page)).toBeVisible();
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByTestId('priority-row')).toHaveCount(3);
  await expect(overview.getByTestId('priority-row').first()).toContainText('Northwind Traders');
  await expect(overview.getByTestId('priority-row').first()).toContainText('Est. 1 h 30 min');
  const banner = overview.getByTestId('overdue-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('4 days overdue');
  await page.waitForTimeout(500); // drag and drop wraps the cards anew after the first paint

  // The greeting whole, the banner's count on screen, and no text anywhere cut.
  const greeting = page.getByText(/^Good (morning|afternoon|evening), /);
  await expect(greeting).toHaveText(new RegExp(`, ${LONG_FIRST_NAME}$`));
  const count = banner.getByText('4 overdue tasks', { exact: true });
  const countBox = await count.boundingBox();
  expect(countBox?.width ?? 0, 'the overdue count is on screen, not hidden').toBeGreaterThan(40);
  expect(await cutTexts(page.locator('header').first()), 'cut in the header').toEqual([]);
  expect(await cutTexts(page.locator('main')), 'cut on Today').toEqual([]);

  // The day's cards on the first screen: two whole on a phone (844 px high); on the desktop (800 px) the first whole, the second begun.
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const cards = await list.getByTestId('task-card').evaluateAll((all) => all.map((card) => card.getBoundingClientRect()).map(({ top, bottom }) => ({ top, bottom })));
  const whole = cards.filter(({ bottom }) => bottom <= viewport.height).length;
  testInfo.annotations.push({ type: 'whole cards on the first screen', description: `${whole}; first card at ${Math.round(cards[0]?.top ?? 0)} px` });
  if (isPhone(testInfo)) expect(whole).toBeGreaterThanOrEqual(2);
  else {
    expect(whole).toBeGreaterThanOrEqual(1);
    expect(cards[1]?.top ?? Infinity).toBeLessThan(viewport.height - 40);
  }

  await snapFirstScreen(page, testInfo, '1-first-screen');
  await snap(page, testInfo, '2-today');
});

test('a task captured for another day: told once where it went, the tabs clear, Today’s empty state true', async ({ page, user, api }, testInfo) => {
  void user;
  await api.markDayReviewed();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Tasks Due' }).getByText('No tasks for the day')).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Describe your task' });
  await box.click();
  await expect(page.getByTestId('capture-box')).toHaveAttribute('data-engine', 'ready');
  await box.fill('Clean the garage in 2 weeks');
  await expect(page.getByTestId('capture-title')).toHaveText('Clean the garage');
  await box.press('Enter');

  // One toast says where the task went, with Show.
  const toast = await expectToast(page, 'Task created', 'Added to Active');
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(box).toBeFocused();

  // Nothing floats over the tabs: each tab is what the eye and the pointer find at its centre.
  await expect(page.getByTestId('capture-bar-hint')).toBeHidden();
  const tablist = page.getByRole('tablist', { name: 'Task views' });
  const covering = await tablist.evaluate((tabs) => {
    const frame = tabs.getBoundingClientRect();
    return Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => {
        if (tabs.contains(element) || element.contains(tabs) || element.closest('[data-testid="toast-area"]')) return false;
        const style = getComputedStyle(element);
        if (style.display === 'none' || style.visibility === 'hidden' || !['absolute', 'fixed'].includes(style.position)) return false;
        const box = element.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && box.left < frame.right && frame.left < box.right && box.top < frame.bottom && frame.top < box.bottom;
      })
      .map((element) => `${element.tagName}.${element.className.toString().slice(0, 40)} ${element.textContent?.slice(0, 40)}`);
  });
  expect(covering, 'drawn over the tabs').toEqual([]);
  for (const tab of await tablist.getByRole('tab').all()) {
    const hit = await tab.evaluate((element) => {
      const { left, top, width, height } = element.getBoundingClientRect();
      const found = document.elementFromPoint(left + width / 2, top + height / 2);
      return Boolean(found && element.contains(found));
    });
    expect(hit, `${await tab.textContent()} is reachable`).toBe(true);
  }

  // Today's empty state tells the truth: the new task is in Active, not 'create a new task'.
  const tasksDue = page.getByRole('region', { name: 'Tasks Due' });
  await expect(tasksDue).toContainText('Your new task was added to Active.');
  await expect(tasksDue).not.toContainText('Create a new task');
  await snap(page, testInfo, '1-after-capture');

  // Show opens the tab that holds it.
  await toast.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'All Tasks' }).getByText('Clean the garage', { exact: true })).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await snap(page, testInfo, '2-shown');
});
