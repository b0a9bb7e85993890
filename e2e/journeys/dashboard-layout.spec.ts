// The dashboard that puts the day's tasks first (issue 18 points 1–4): where the first task card starts,
// toasts clear of controls, overdue texts, figures that agree with the list, and Undo after completing.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { dateIn, expect, expectToast, isPhone, snap, test } from '../support/fixtures';
import { dashboardDay, openTab, taskCard } from '../support/dashboard';

const CSRF = { 'x-daybook-csrf': '1' };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Control extends Box {
  name: string;
}

async function call(request: APIRequestContext, method: 'post' | 'patch', url: string, data: unknown = {}) {
  const response = await request[method](url, { data, headers: CSRF });
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<{ id: string }>;
}

/** Today's review done: the Overdue Tasks Review does not open by itself. */
const markReviewed = (page: Page) => call(page.request, 'post', '/api/daily-plan/reviewed');

/** The current time of day in the zone, HH:mm. */
const timeIn = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());

/** The day list on screen (Monday's in weekend mode). */
const dayList = (page: Page) => page.getByTestId('task-list-getTodayTasks').or(page.getByTestId('task-list-getMondayTasks'));

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const CONTROLS = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"], [role="tab"], [role="checkbox"], [role="combobox"], [role="menuitem"]';

/** The boxes of the visible controls in `scope` (the toast's own excepted), clipped by scrolled containers and the viewport. */
async function controlsIn(scope: Locator): Promise<Control[]> {
  return scope.locator(CONTROLS).evaluateAll((elements) =>
    elements
      .filter((element) => !element.closest('[data-testid="toast-area"]') && getComputedStyle(element).visibility !== 'hidden')
      .map((element) => {
        const rect = element.getBoundingClientRect();
        let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom];
        const clip = (r: { left: number; top: number; right: number; bottom: number }) => {
          [left, top, right, bottom] = [Math.max(left, r.left), Math.max(top, r.top), Math.min(right, r.right), Math.min(bottom, r.bottom)];
        };
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const { overflowX, overflowY } = getComputedStyle(parent);
          if (overflowX !== 'visible' || overflowY !== 'visible') clip(parent.getBoundingClientRect());
        }
        clip({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight });
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40) || element.tagName;
        return { name, x: left, y: top, width: right - left, height: bottom - top };
      })
      .filter((control) => control.width > 0 && control.height > 0),
  );
}

/** Nothing sticks out sideways (no horizontal scrolling): the elements that pass the right edge, if any. */
async function expectNoSidewaysScroll(page: Page) {
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !element.closest('[style*="overflow"], ul'))
      .slice(0, 5)
      .map((element) => `${element.tagName}.${element.className.toString().slice(0, 60)} ${Math.round(element.getBoundingClientRect().right)}`);
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), outside.join('\n')).toBeLessThanOrEqual(0);
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** The toast on screen, inside the viewport, over none of `controls` (nor any of the `areas`). */
async function expectToastClearOf(page: Page, controls: Control[], areas: Control[] = []) {
  await page.waitForTimeout(300); // its entrance (180 ms) and a move clear of a dialog
  const toast = await boxOf(page.getByTestId('toast'));
  const viewport = page.viewportSize();
  expect(toast.y).toBeGreaterThanOrEqual(0);
  expect(toast.y + toast.height).toBeLessThanOrEqual(viewport?.height ?? 0);
  const covered = [...controls, ...areas].filter((control) => overlaps(toast, control)).map((control) => control.name);
  expect(covered, `covered by the toast at ${JSON.stringify(toast)}`).toEqual([]);
  expect(controls.length).toBeGreaterThan(0);
  return toast;
}

test('the day’s tasks come first: the first card high on every tab, the overdue banner once, on Today', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  const day = dashboardDay(timezone);
  const client = await api.createClient('Acme');
  for (const [index, title] of ['Send the invoice', 'Renew the domain', 'Book the venue', 'Call the accountant'].entries())
    await api.createTask({ title, priority: 'medium', dueDate: dateIn(timezone, -(index + 1)), estimatedTime: '30min' });
  for (const [index, title] of ['Draft the proposal', 'Review the contract', 'Plan the sprint', 'Reply to Dana', 'Water the plants'].entries())
    await api.createTask({ title, priority: index < 2 ? 'high' : 'low', dueDate: day, estimatedTime: '1h', clientId: index === 0 ? client.id : null });
  const parked = await api.createTask({ title: 'Learn the cello', priority: 'low' });
  await call(page.request, 'patch', `/api/tasks/${parked.id}/backlog`);
  await call(page.request, 'patch', '/api/auth/user/settings', { enableDelegation: true });
  const contact = await call(page.request, 'post', '/api/delegation-contacts', { name: 'Pat Jones' });
  await call(page.request, 'post', '/api/tasks', { title: 'Collect the signed forms', isDelegated: true, delegatedToId: contact.id });
  await markReviewed(page);

  await page.goto('/');
  const firstCard = dayList(page).getByTestId('task-card').first();
  await expect(firstCard).toBeVisible();
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByTestId('priority-row')).toHaveCount(3);
  await expect(page.getByTestId('overdue-banner')).toHaveCount(1);
  await expect(overview.getByTestId('overdue-banner')).toContainText('4 overdue tasks');
  await expect(overview.getByTestId('overdue-banner')).toContainText('+1 more overdue task');
  await expect(overview.getByTestId('day-capacity')).toBeVisible();

  const today = await boxOf(firstCard);
  testInfo.annotations.push({ type: 'first card y, Today', description: String(Math.round(today.y)) });
  // Within the first screen on a phone (844 px high), and on the desktop too.
  expect(today.y).toBeLessThan(600);
  await expectNoSidewaysScroll(page);
  await snap(page, testInfo, '1-today');

  // The compact capture bar: one line, its hint only once it has focus.
  const bar = await boxOf(page.getByTestId('nl-box'));
  expect(bar.height).toBeLessThan(60);
  await expect(page.getByTestId('capture-bar-hint')).toBeHidden();
  await expect(page.getByRole('img', { name: 'AI Powered' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Describe your task' }).focus();
  await expect(page.getByTestId('capture-bar-hint')).toContainText("Describe what you need to do and I'll organize it for you");
  await snap(page, testInfo, '1b-capture-focused');
  // The click that takes the focus away lands where it was aimed: the hint leaves nothing to move under it.
  await openTab(page, 'Active');
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');

  for (const [tab, title] of [
    ['Active', 'All Tasks'],
    ['Backlog', 'Backlog'],
    ['Delegated', 'Delegated Tasks'],
  ] as const) {
    await openTab(page, tab);
    const list = page.getByRole('region', { name: title });
    const card = list.getByTestId('task-card').first();
    await expect(card).toBeVisible();
    // The banner is the Today tab's only.
    await expect(page.getByTestId('overdue-banner')).toHaveCount(0);
    const { y } = await boxOf(card);
    testInfo.annotations.push({ type: `first card y, ${tab}`, description: String(Math.round(y)) });
    if (!isPhone(testInfo)) expect(y).toBeLessThan(300);
    else expect(y).toBeLessThan(844);
    await snap(page, testInfo, `2-${tab.toLowerCase()}`);
  }
  await openTab(page, 'Today');
  await expect(page.getByTestId('overdue-banner')).toHaveCount(1);
});

test('overdue texts: "Overdue since" for today’s late task, no "Move to Today" for it, singular and plural right', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  const now = timeIn(timezone);
  test.skip(now < '00:03' || now > '23:57', 'needs a minute of today behind and ahead');
  const today = dateIn(timezone);
  await api.createTask({ title: 'Send the invoice', dueDate: dateIn(timezone, -2) });
  await api.createTask({ title: 'Renew the domain', dueDate: dateIn(timezone, -1) });
  const late = await api.createTask({ title: 'Call the bank', dueDate: today, dueTime: '00:01' });

  await page.goto('/');
  const banner = page.getByTestId('overdue-banner');
  await expect(banner).toContainText('3 overdue tasks');
  await expect(banner).toContainText('2 days overdue');
  await expect(banner).toContainText('1 day overdue');
  await expect(banner).toContainText('Overdue since 12:01 AM');
  await expect(banner).not.toContainText('more overdue');
  await expect(page.getByText('0 days overdue')).toHaveCount(0);

  // The review opens by itself (not yet reviewed today).
  const dialog = page.getByRole('dialog', { name: 'Overdue Tasks Review' });
  await expect(dialog).toBeVisible();
  const lateRow = dialog.getByTestId('overdue-task').filter({ hasText: 'Call the bank' });
  await expect(lateRow).toContainText('Overdue since 12:01 AM');
  await expect(lateRow.getByRole('button', { name: 'Move to Today' })).toHaveCount(0);
  await expect(lateRow.getByRole('button', { name: 'Move to Tomorrow' })).toBeVisible();
  await expect(dialog.getByTestId('overdue-task').filter({ hasText: 'Renew the domain' }).getByRole('button', { name: 'Move to Today' })).toBeVisible();
  await expect(dialog).not.toContainText('0 days overdue');
  await snap(page, testInfo, '1-review');

  // A later time today: no longer overdue.
  await lateRow.getByRole('button', { name: 'Change Time' }).click();
  await lateRow.getByLabel('New due time today').fill('23:59');
  await expectToast(page, 'Task updated');
  await expect.poll(async () => (await api.task(late.id)).dueTime).toBe('23:59');
  await expect(dialog.getByTestId('overdue-task')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Skip for Now' }).click();
  await expect(banner).toContainText('2 overdue tasks');

  // One, then two beyond the first 3.
  await api.createTask({ title: 'Book the venue', dueDate: dateIn(timezone, -3) });
  await api.createTask({ title: 'Pay the rent', dueDate: dateIn(timezone, -4) });
  await page.reload();
  await expect(banner).toContainText('4 overdue tasks');
  await expect(banner).toContainText('+1 more overdue task');
  await expect(banner).not.toContainText('+1 more overdue tasks');
  await snap(page, testInfo, '2-banner');
  await api.createTask({ title: 'File the taxes', dueDate: dateIn(timezone, -5) });
  await page.reload();
  await expect(banner).toContainText('+2 more overdue tasks');
});

test('the Today figures agree with the list; completed tasks go last; Undo brings one back', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  const day = dashboardDay(timezone);
  await api.createTask({ title: 'Draft the proposal', dueDate: day, estimatedTime: '30min', priority: 'high' });
  await api.createTask({ title: 'Review the contract', dueDate: day, estimatedTime: '1h' });
  await api.createTask({ title: 'Plan the sprint', dueDate: day, estimatedTime: '2h', priority: 'low' });
  await api.createTask({ title: 'Send the invoice', dueDate: dateIn(timezone, -1), estimatedTime: '1h' });
  const done = await api.createTask({ title: 'Water the plants', dueDate: day, estimatedTime: '15min', priority: 'urgent' });
  await call(page.request, 'patch', `/api/tasks/${done.id}/complete`, { isCompleted: true });
  await markReviewed(page);

  await page.goto('/');
  const list = dayList(page);
  const tasksDue = page.getByRole('region', { name: 'Tasks Due' });
  const completed = page.getByRole('region', { name: 'Completed' });
  await expect(list.getByTestId('task-card')).toHaveCount(4);
  // Due = the open tasks of the day, the overdue one included = the list's count; Est. Time the same tasks;
  // the completed one counted apart, in its group after the list.
  await expect(page.getByTestId('figure-Due')).toHaveText('4');
  await expect(tasksDue.getByLabel('4 tasks')).toHaveText('4');
  await expect(page.getByTestId('figure-Overdue')).toHaveText('1');
  await expect(page.getByTestId('figure-Est. Time')).toHaveText('4 h 30 min');
  await expect(page.getByTestId('completed-count')).toHaveText('1');
  await expect(completed.getByTestId('task-card')).toHaveCount(1);
  await expect(completed).toContainText('Water the plants');
  // The completed group comes after the list.
  expect((await boxOf(completed)).y).toBeGreaterThan((await boxOf(list)).y);
  await snap(page, testInfo, '1-figures');

  // Completing moves the card to the end; the toast offers Undo, which reopens it through the api. The
  // toast leaves after 5 s, so Undo comes before the screenshot, which can take seconds on a busy machine.
  const card = taskCard(page, 'Review the contract');
  const complete = () => card.getByRole('checkbox', { name: 'Mark "Review the contract" complete' }).click();
  const expectCompleted = async () => {
    await expect(completed.getByTestId('task-card')).toHaveCount(2);
    await expect(completed).toContainText('Review the contract');
    await expect(page.getByTestId('figure-Due')).toHaveText('3');
    await expect(tasksDue.getByLabel('3 tasks')).toHaveText('3');
    await expect(page.getByTestId('figure-Est. Time')).toHaveText('3 h 30 min');
    await expect(page.getByTestId('completed-count')).toHaveText('2');
  };
  await complete();
  const toast = await expectToast(page, 'Task completed');
  await expectCompleted();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, 'Task updated');
  await expect(list.getByTestId('task-card').filter({ hasText: 'Review the contract' })).toHaveCount(1);
  await expect(page.getByTestId('figure-Due')).toHaveText('4');
  await expect(page.getByTestId('completed-count')).toHaveText('1');
  const tasks = await api.tasks('today');
  const reopened = tasks.find((task) => task.title === 'Review the contract') as { isCompleted?: boolean } | undefined;
  expect(reopened?.isCompleted).toBe(false);

  // The top 3's Complete offers Undo too.
  const firstPriority = page.getByTestId('priority-row').first();
  const title = (await firstPriority.getByRole('button').first().textContent()) ?? '';
  await firstPriority.getByRole('button', { name: 'Complete' }).click();
  await (await expectToast(page, 'Task completed')).getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, 'Task updated');
  await expect(list.getByTestId('task-card').filter({ hasText: title })).toHaveCount(1);

  // The completed state, for the screenshot.
  await complete();
  await expectCompleted();
  await snap(page, testInfo, '2-completed');
});

test('toasts never cover controls: the header, dialogs’ buttons, the notes controls, the Kanban board', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  const day = dashboardDay(timezone);
  for (const title of ['Draft the proposal', 'Review the contract', 'Plan the sprint']) await api.createTask({ title, dueDate: day, estimatedTime: '1h' });
  await api.createTask({ title: 'Send the invoice', dueDate: dateIn(timezone, -2) });
  await api.createTask({ title: 'Renew the domain', dueDate: dateIn(timezone, -1) });

  // 1. A dialog: the Overdue Tasks Review opens by itself; moving a task says 'Task updated'.
  await page.goto('/');
  const review = page.getByRole('dialog', { name: 'Overdue Tasks Review' });
  await expect(review).toBeVisible();
  await page.waitForTimeout(600); // the drawer's slide
  await review.getByTestId('overdue-task').filter({ hasText: 'Send the invoice' }).getByRole('button', { name: 'Move to Tomorrow' }).click();
  await expectToast(page, 'Task updated');
  await expectToastClearOf(page, await controlsIn(review));
  await snap(page, testInfo, '1-dialog');
  await review.getByRole('button', { name: 'Skip for Now' }).click();
  await expect(review).toBeHidden();

  // 2. The dashboard: the header (and its buttons), the capture bar, the tabs, the overview.
  await taskCard(page, 'Draft the proposal').getByRole('checkbox', { name: 'Mark "Draft the proposal" complete' }).click();
  await expectToast(page, 'Task completed');
  const header = page.locator('header').first();
  await expectToastClearOf(page, [...(await controlsIn(header)), ...(await controlsIn(page.getByRole('region', { name: 'Create Task' }))), ...(await controlsIn(page.getByRole('tablist')))], [
    { name: 'header', ...(await boxOf(header)) },
    { name: 'Overview', ...(await boxOf(page.getByRole('region', { name: 'Overview' }))) },
  ]);
  await snap(page, testInfo, '2-dashboard');

  // 3. A tall dialog: settings, adding a client says 'Client added'.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await page.waitForTimeout(600);
  await settings.getByLabel('New client name').fill('Initech');
  await settings.getByRole('button', { name: 'Add Client' }).click();
  await expectToast(page, 'Client added');
  await expectToastClearOf(page, await controlsIn(settings));
  await snap(page, testInfo, '3-settings');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // 4. Notes: the back link, search, Filters, Markdown and every other control on screen.
  const list = await call(page.request, 'post', '/api/note-lists', { title: 'Groceries' });
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Groceries' })).toBeVisible();
  const note = page.getByPlaceholder(/Write a note/);
  await note.fill('Buy oat milk');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expectToast(page, 'Note added');
  await expectToastClearOf(page, await controlsIn(page.locator('body')));
  await snap(page, testInfo, '4-notes');
  void list;

  // 5. Kanban: the Completed column and every control on the board.
  await page.goto('/kanban');
  await expect(page.getByRole('heading', { name: 'Kanban', level: 1 })).toBeVisible();
  const card = page.getByTestId('kanban-draggable').filter({ hasText: 'Review the contract' });
  await expect(card).toBeVisible();
  await page.waitForTimeout(500); // drag and drop loads after the board
  await card.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(400);
  await page.keyboard.press('Space');
  await expectToast(page, 'Task updated', 'Moved to In Progress');
  await expectToastClearOf(page, await controlsIn(page.locator('body')), [{ name: 'Completed column', ...(await boxOf(page.getByTestId('kanban-column-completed'))) }]);
  await snap(page, testInfo, '5-kanban');
});
