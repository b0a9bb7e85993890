// The calendar (issue 18) in the user's own timezone: at 1280 px a readable week (all-day row and time
// grid, one-line day headers, clamped titles, earlier weeks' overdue tasks on today), tasks dragged to
// another day and time and moved from the keyboard (optimistic, back on failure); at 390 px a day and a
// 3-day view moved by swipes and buttons, a task dragged by a finger. Every move is checked in the api.
import type { Locator, Page } from '@playwright/test';
import { addDays, formatShortDate, weekdayNameOf, weekdayOf, weekRangeLabel, weekStartOf } from '../../packages/shared/src/index';
import { HOUR_HEIGHT } from '../../services/web/src/features/calendar/calendarLayout';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { dateIn, expect, expectToast, isPhone, snap, test } from '../support/fixtures';

// The failure case fakes an api answer with page.route, which a service worker would answer around.
test.use({ serviceWorkers: 'block' });

const TIME_ZONE = 'Asia/Tokyo';
const LONG_TITLE = 'Prepare the quarterly board presentation with the revenue numbers from finance, the hiring plan and the risks';

const header = (page: Page, date: string) => page.locator(`[data-testid="calendar-day-header"][data-date="${date}"]`);
const allDay = (page: Page, date: string) => page.locator(`[data-testid="calendar-all-day"][data-date="${date}"]`);
const column = (page: Page, date: string) => page.locator(`[data-testid="calendar-day-column"][data-date="${date}"]`);
/** A task in the calendar, or in one day's all-day row or column. */
function task(scope: Page | Locator, title: string) {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByTestId('calendar-task').filter({ has: page.getByTestId('calendar-task-title').getByText(title, { exact: true }) });
}

async function useTokyo(page: Page) {
  const response = await page.request.patch('/api/auth/user/timezone', { data: { timezone: TIME_ZONE }, headers: { 'x-daybook-csrf': '1' } });
  expect(response.ok()).toBe(true);
}

/** Scrolls the time grid so that `hour` is at its top. */
async function scrollGridTo(page: Page, hour: number) {
  await page.getByTestId('calendar-time-grid').evaluate((grid, top) => (grid.scrollTop = top), hour * HOUR_HEIGHT);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The mouse presses a card 6 px below its top, carries it past the 5 px threshold to (x, y) (the card's new top is 6 px above), and lets go. */
async function dragByMouse(page: Page, card: Locator, x: number, y: number) {
  const from = await box(card);
  const start = { x: from.x + Math.min(from.width / 2, 40), y: from.y + 6 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 8, start.y + 8, { steps: 4 });
  await page.mouse.move(x, y + 6, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/** A point in a day's column at a time of day (the grid must show that hour, away from its edges). */
async function pointAt(page: Page, date: string, hour: number) {
  const col = await box(column(page, date));
  const point = { x: col.x + col.width / 2, y: col.y + hour * HOUR_HEIGHT };
  // Clear of the edges where the grid scrolls by itself while a drag rests there.
  const grid = await box(page.getByTestId('calendar-time-grid'));
  expect(point.y).toBeGreaterThan(grid.y + 50);
  expect(point.y).toBeLessThan(grid.y + grid.height - 50);
  return point;
}

test('calendar week at 1280: a readable grid, overdue tasks on today, drag to another day and time, move by keyboard', async ({ page, signedIn, api }, testInfo) => {
  test.skip(isPhone(testInfo), 'the week is the desktop view; phones get a day and 3 days (next journey)');
  void signedIn;
  await useTokyo(page);
  const today = dateIn(TIME_ZONE);
  const weekStart = weekStartOf(today);
  // Two other days of this week.
  const otherDay = addDays(weekStart, (weekdayOf(today) + 3) % 7);
  const thirdDay = addDays(weekStart, (weekdayOf(today) + 5) % 7);
  const standup = await api.createTask({ title: 'Tokyo standup', description: 'Daily sync with the Tokyo office', dueDate: today, dueTime: '09:00', priority: 'high', estimatedTime: '30 min' });
  await api.createTask({ title: LONG_TITLE, dueDate: today, priority: 'medium', estimatedTime: '30min' });
  const proposal = await api.createTask({ title: 'Draft proposal', dueDate: otherDay, priority: 'low', estimatedTime: '2h' });
  const invoice = await api.createTask({ title: 'Chase unpaid invoice', dueDate: dateIn(TIME_ZONE, -10), priority: 'urgent' });
  await api.createTask({ title: 'Quarterly review', dueDate: dateIn(TIME_ZONE, 7) });
  await api.createTask({ title: 'Client workshop', description: 'Walk through the new onboarding flow with the design team', dueDate: today, dueTime: '10:00', estimatedTime: '2h', priority: 'high' });
  await api.createTask({ title: 'Quick call with the accountant', dueDate: today, dueTime: '10:30', priority: 'low' });
  await api.createTask({ title: 'Design review', description: 'Screens for the March release, with the accessibility notes', dueDate: otherDay, dueTime: '13:00', estimatedTime: '2h' });

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  const range = page.getByTestId('calendar-range');
  await expect(range).toHaveText(weekRangeLabel(weekStart));
  await expect(page.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('calendar-day-header')).toHaveCount(7);
  await expect(header(page, today)).toHaveAttribute('data-today', 'true');

  // Day headers: one line each, ~160 px wide.
  for (const date of [weekStart, today]) {
    const cell = await box(header(page, date));
    expect(cell.height).toBeLessThanOrEqual(42);
    expect(cell.width).toBeGreaterThan(150);
    expect((await box(header(page, date).locator('h3'))).height).toBeLessThanOrEqual(28);
  }

  // Tasks without a time in the all-day row, a long title clamped to 2 lines; priority a named dot;
  // estimate and status apart.
  const long = task(allDay(page, today), LONG_TITLE);
  await expect(long).toBeVisible();
  const title = long.getByTestId('calendar-task-title');
  expect((await box(title)).height).toBeLessThanOrEqual(34);
  expect(await title.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(long.getByRole('img', { name: 'Medium Priority' })).toBeVisible();
  await expect(long.getByTestId('calendar-task-estimate')).toHaveText('30 min');
  await expect(long.getByTestId('calendar-task-status')).toHaveText('todo');
  const gap = (await box(long.getByTestId('calendar-task-status'))).x - ((await box(long.getByTestId('calendar-task-estimate'))).x + (await box(long.getByTestId('calendar-task-estimate'))).width);
  expect(gap).toBeGreaterThan(8);

  // An earlier week's overdue task on today, marked overdue.
  const carried = task(allDay(page, today), 'Chase unpaid invoice');
  await expect(carried).toHaveAttribute('data-carried', 'true');
  await expect(carried.getByTestId('calendar-task-overdue')).toHaveText('10 days overdue');
  await expect(header(page, today).getByTestId('day-count')).toHaveText('5 tasks');

  // The timed task in the time grid at its hour, 30 minutes high.
  const standupBlock = task(column(page, today), 'Tokyo standup');
  await expect(standupBlock).toHaveAttribute('data-time', '09:00');
  await scrollGridTo(page, 8);
  const col = await box(column(page, today));
  const block = await box(standupBlock);
  expect(Math.abs(block.y - (col.y + 9 * HOUR_HEIGHT))).toBeLessThanOrEqual(2);
  expect(Math.abs(block.height - HOUR_HEIGHT / 2)).toBeLessThanOrEqual(2);
  // Overlapping tasks side by side, each half the column; a 2-hour block alone shows its description.
  const workshop = await box(task(column(page, today), 'Client workshop'));
  const quickCall = await box(task(column(page, today), 'Quick call with the accountant'));
  expect(Math.abs(workshop.height - 2 * HOUR_HEIGHT)).toBeLessThanOrEqual(2);
  expect(workshop.width).toBeLessThan(col.width / 2);
  expect(quickCall.width).toBeLessThan(col.width / 2);
  expect(quickCall.x).toBeGreaterThanOrEqual(workshop.x + workshop.width);
  expect(Math.abs(quickCall.y - (col.y + 10.5 * HOUR_HEIGHT))).toBeLessThanOrEqual(2);
  await expect(task(column(page, otherDay), 'Design review').getByTestId('calendar-task-description')).toHaveText('Screens for the March release, with the accessibility notes');
  await expect(task(column(page, otherDay), 'Design review').getByTestId('calendar-task-description')).toBeVisible();
  await expect(task(page, 'Quarterly review')).toHaveCount(0);
  await snap(page, testInfo, '1-this-week');
  await expectNoSeriousAxeViolations(page);

  // Drag the timed task to 14:00 on another day…
  await scrollGridTo(page, 8);
  const at = await pointAt(page, thirdDay, 14);
  await dragByMouse(page, standupBlock, at.x, at.y);
  const moved = task(column(page, thirdDay), 'Tokyo standup');
  await expect(moved).toHaveAttribute('data-time', '14:00');
  await expect.poll(async () => api.task(standup.id)).toMatchObject({ dueDate: thirdDay, dueTime: '14:00' });
  expect(Math.abs((await box(moved)).y - ((await box(column(page, thirdDay))).y + 14 * HOUR_HEIGHT))).toBeLessThanOrEqual(2);
  // …and the all-day task to today's all-day row.
  const target = await box(allDay(page, today));
  await dragByMouse(page, task(page, 'Draft proposal'), target.x + target.width / 2, target.y + target.height - 16);
  await expect(task(allDay(page, today), 'Draft proposal')).toBeVisible();
  await expect.poll(async () => (await api.task(proposal.id)).dueDate).toBe(today);
  // An overdue task dragged into the time grid of today gets that time.
  await scrollGridTo(page, 15);
  const evening = await pointAt(page, today, 17);
  await dragByMouse(page, carried, evening.x, evening.y);
  await expect(task(column(page, today), 'Chase unpaid invoice')).toHaveAttribute('data-time', '17:00');
  await expect.poll(async () => api.task(invoice.id)).toMatchObject({ dueDate: today, dueTime: '17:00' });
  await snap(page, testInfo, '2-after-drags');

  // By keyboard: the Move menu. When the api refuses, the task goes back and says so.
  await page.route(`**/api/tasks/${proposal.id}`, (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal_error","message":"Internal server error"}}' }) : route.continue(),
  );
  const moveButton = task(page, 'Draft proposal').getByRole('button', { name: 'Move Draft proposal' });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Move to…' });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Choose date and time…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move task' });
  await dialog.getByLabel('Date').fill(otherDay);
  await dialog.getByLabel('Time').fill('11:30');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Error', 'Failed to update task');
  await expect(task(allDay(page, today), 'Draft proposal')).toBeVisible();
  expect(await api.task(proposal.id)).toMatchObject({ dueDate: today, dueTime: null });
  await page.unroute(`**/api/tasks/${proposal.id}`);

  await task(page, 'Draft proposal').getByRole('button', { name: 'Move Draft proposal' }).focus();
  await page.keyboard.press('Enter');
  await menu.getByRole('menuitem', { name: 'Choose date and time…' }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Date').fill(otherDay);
  await dialog.getByLabel('Time').fill('11:30');
  await page.keyboard.press('Enter');
  await expect(task(column(page, otherDay), 'Draft proposal')).toHaveAttribute('data-time', '11:30');
  await expect.poll(async () => api.task(proposal.id)).toMatchObject({ dueDate: otherDay, dueTime: '11:30' });

  // The day view at desktop width too; back to the week.
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(page.getByTestId('calendar-day-header')).toHaveCount(1);
  await expect(range).toHaveText(`${weekdayNameOf(today)}, ${formatShortDate(today)}`);
  await expect(task(page, 'Client workshop')).toBeVisible();
  await snap(page, testInfo, '3-day-view');
  await page.getByRole('button', { name: 'Week' }).click();
  await expect(range).toHaveText(weekRangeLabel(weekStart));

  // Week navigation (spec §2): by 7 days; Today comes back.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(range).toHaveText(weekRangeLabel(addDays(weekStart, 7)));
  await expect(task(page, 'Quarterly review')).toBeVisible();
  await expect(page.locator('[data-testid="calendar-day-header"][data-today]')).toHaveCount(0);
  await snap(page, testInfo, '4-next-week');
  for (let i = 0; i < 4; i += 1) await page.getByRole('button', { name: 'Previous' }).click();
  await expect(range).toHaveText(weekRangeLabel(addDays(weekStart, -21)));
  await expect(page.getByText('No tasks scheduled')).toHaveCount(7);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(range).toHaveText(weekRangeLabel(weekStart));

  // Clicking a task opens it for editing.
  await task(page, 'Draft proposal').getByTestId('calendar-task-open').click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByLabel('Task Title')).toHaveValue('Draft proposal');
  await expect(edit.getByLabel('Due date')).toHaveValue(otherDay);
  await edit.getByLabel('Task Title').fill('Draft proposal v2');
  await edit.getByRole('button', { name: 'Update Task' }).click();
  await expect(edit).toBeHidden();
  await expect(task(column(page, otherDay), 'Draft proposal v2')).toBeVisible();
});

test('calendar on a phone: a day and 3 days, swipes and buttons, a finger drags a task to another time', async ({ page, signedIn, api }, testInfo) => {
  test.skip(!isPhone(testInfo), 'the phone views');
  void signedIn;
  await useTokyo(page);
  const today = dateIn(TIME_ZONE);
  const tomorrow = dateIn(TIME_ZONE, 1);
  const visit = await api.createTask({ title: 'Site visit', dueDate: today, dueTime: '10:00', estimatedTime: '1h', priority: 'high' });
  await api.createTask({ title: 'Call the plumber', dueDate: tomorrow, priority: 'medium', estimatedTime: '15min' });
  await api.createTask({ title: 'Send the overdue report', dueDate: dateIn(TIME_ZONE, -9), priority: 'urgent' });

  await page.goto('/calendar');
  const range = page.getByTestId('calendar-range');
  await expect(page.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Week' })).toHaveCount(0);
  await expect(page.getByTestId('calendar-day-header')).toHaveCount(1);
  await expect(header(page, today)).toHaveAttribute('data-today', 'true');
  await expect(task(allDay(page, today), 'Send the overdue report').getByTestId('calendar-task-overdue')).toHaveText('9 days overdue');
  const visitBlock = task(column(page, today), 'Site visit');
  await scrollGridTo(page, 9);
  const col = await box(column(page, today));
  expect(Math.abs((await box(visitBlock)).y - (col.y + 10 * HOUR_HEIGHT))).toBeLessThanOrEqual(2);
  expect(Math.abs((await box(visitBlock)).height - HOUR_HEIGHT)).toBeLessThanOrEqual(2);
  expect(col.width).toBeGreaterThan(280);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, testInfo, '1-day');

  // Swipe left: tomorrow; swipe right: back.
  const todayLabel = await range.textContent();
  await swipe(page, -150);
  await expect(header(page, tomorrow)).toBeVisible();
  await expect(task(allDay(page, tomorrow), 'Call the plumber')).toBeVisible();
  await swipe(page, 150);
  await expect(range).toHaveText(todayLabel!);

  // 3 days: today and the next two, moved by 3.
  await page.getByRole('button', { name: '3 days' }).click();
  await expect(page.getByTestId('calendar-day-header')).toHaveCount(3);
  await expect(range).toHaveText(weekRangeLabel(today, 3));
  expect((await box(column(page, today))).width).toBeGreaterThan(90);
  await expect(task(page, 'Call the plumber')).toBeVisible();
  await scrollGridTo(page, 9);
  await snap(page, testInfo, '2-three-days');

  // A long press and a finger drag: Site visit to 13:00 tomorrow.
  const at = await pointAt(page, tomorrow, 13);
  await dragByTouch(page, visitBlock, at.x, at.y);
  await expect(task(column(page, tomorrow), 'Site visit')).toHaveAttribute('data-time', '13:00');
  await expect.poll(async () => api.task(visit.id)).toMatchObject({ dueDate: tomorrow, dueTime: '13:00' });
  await snap(page, testInfo, '3-after-drag');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(range).toHaveText(weekRangeLabel(dateIn(TIME_ZONE, 3), 3));
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(range).toHaveText(weekRangeLabel(today, 3));
  await expectNoSeriousAxeViolations(page);
});

test('calendar: a task dragged by the mouse, held by its middle, lands in the 11:00 slot it is let go in', async ({ page, signedIn, api }, testInfo) => {
  // Issue 37: aimed at 11:00, it landed at 10:45 (the card's top, not the pointer, named the time).
  void signedIn;
  await useTokyo(page);
  const today = dateIn(TIME_ZONE);
  const review = await api.createTask({ title: 'Budget review', dueDate: today, dueTime: '09:00', estimatedTime: '1h' });
  await page.goto('/calendar');
  const block = task(column(page, today), 'Budget review');
  await expect(block).toHaveAttribute('data-time', '09:00');
  await scrollGridTo(page, 8);

  // The mouse presses the hour-long card in its middle and lets go a few px into the 11:00 slot.
  const from = await box(block);
  const grab = { x: from.x + Math.min(from.width / 2, 40), y: from.y + from.height / 2 };
  const eleven = await pointAt(page, today, 11);
  const drop = { x: eleven.x, y: eleven.y + HOUR_HEIGHT / 8 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 8, grab.y + 8, { steps: 4 });
  await page.mouse.move(drop.x, drop.y, { steps: 12 });
  const preview = column(page, today).getByTestId('calendar-drop-preview');
  await expect(preview).toContainText('11:00');
  await snap(page, testInfo, '1-dragging-to-eleven');
  await page.mouse.up();

  await expect(block).toHaveAttribute('data-time', '11:00');
  await expect.poll(async () => api.task(review.id)).toMatchObject({ dueDate: today, dueTime: '11:00' });
  expect(Math.abs((await box(block)).y - ((await box(column(page, today))).y + 11 * HOUR_HEIGHT))).toBeLessThanOrEqual(2);
  await snap(page, testInfo, '2-at-eleven');
});

/** A finger swipes sideways across the time grid (CDP touch events). */
async function swipe(page: Page, dx: number) {
  const grid = await box(page.getByTestId('calendar-time-grid'));
  const y = grid.y + 120;
  const x0 = grid.x + grid.width / 2 - dx / 2;
  await touch(page, [
    ['touchStart', x0, y],
    ...Array.from({ length: 8 }, (_, i) => ['touchMove', x0 + (dx * (i + 1)) / 8, y] as const),
    ['touchEnd', x0 + dx, y],
  ]);
}

/** A long press (past 120 ms) on a card 6 px below its top, then the finger moves to (x, y + 6) and lifts. */
async function dragByTouch(page: Page, card: Locator, x: number, y: number) {
  const from = await box(card);
  const start = { x: from.x + 30, y: from.y + 6 };
  const steps = 12;
  await touch(page, [
    ['touchStart', start.x, start.y],
    ['wait', 300, 0],
    ...Array.from({ length: steps }, (_, i) => ['touchMove', start.x + ((x - start.x) * (i + 1)) / steps, start.y + ((y + 6 - start.y) * (i + 1)) / steps] as const),
    ['wait', 150, 0],
    ['touchEnd', x, y + 6],
  ]);
}

type TouchStep = readonly ['touchStart' | 'touchMove' | 'touchEnd' | 'wait', number, number];

async function touch(page: Page, steps: TouchStep[]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  for (const [type, x, y] of steps) {
    if (type === 'wait') {
      await page.waitForTimeout(x);
      continue;
    }
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await page.waitForTimeout(20);
  }
  await cdp.detach();
}
