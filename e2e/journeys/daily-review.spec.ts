// Daily priorities (the review screen and the dashboard's top 3 on another device) and the overdue review.
import { dateIn, expect, expectToast, snap, test } from '../support/fixtures';

const CSRF = { 'x-daybook-csrf': '1' };

test('daily review picks 3 and a second device shows them in order', async ({ page, browser, baseURL, user, api }, testInfo) => {
  for (const title of ['Write the report', 'Call the bank', 'Book flights', 'Water the plants']) await api.createTask({ title, priority: 'medium' });
  await page.goto('/daily-review');
  await expect(page.getByRole('heading', { name: 'Set Your Daily Priorities', level: 1 })).toBeVisible();
  // Pre-filled from today's plan (the first open tasks); start from an empty choice.
  await expect(page.getByText('3/3 priorities selected')).toBeVisible();
  const checked = page.getByRole('checkbox', { checked: true });
  for (let left = 3; left > 0; left -= 1) {
    await checked.first().click();
    await expect(checked).toHaveCount(left - 1);
  }
  await expect(page.getByText('0/3 priorities selected')).toBeVisible();

  for (const title of ['Book flights', 'Write the report', 'Water the plants']) await page.getByRole('checkbox', { name: title }).click();
  await page.getByRole('checkbox', { name: 'Call the bank' }).click(); // a 4th is ignored
  await expect(page.getByText('3/3 priorities selected')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Call the bank' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Write the report' })).toContainText('2');
  await snap(page, testInfo, '1-chosen');

  await page.getByRole('button', { name: 'Save Priorities' }).click();
  await expectToast(page, 'Priorities saved!');
  await expect(page).toHaveURL(/\/dashboard$/);
  const rows = page.getByTestId('priority-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Book flights');

  // Another device of the same user: the same top 3, same order (DECISIONS 14).
  const other = await browser.newContext({ baseURL, viewport: testInfo.project.use.viewport ?? undefined });
  try {
    const response = await other.request.post('/api/login', { data: { username: user.username, password: user.password }, headers: CSRF });
    expect(response.ok()).toBe(true);
    const phone = await other.newPage();
    await phone.goto('/');
    const otherRows = phone.getByTestId('priority-row');
    await expect(otherRows).toHaveCount(3);
    await expect(otherRows.nth(0)).toContainText('Book flights');
    await expect(otherRows.nth(1)).toContainText('Write the report');
    await expect(otherRows.nth(2)).toContainText('Water the plants');
    await snap(phone, testInfo, '2-second-device');
  } finally {
    await other.close();
  }
});

test('review rows show due date, client and estimate; picked rows are marked and no row looks disabled', async ({ page, user: _user, api }, testInfo) => {
  const { timezone } = await api.currentUser();
  const acme = await api.createClient('Acme', '#16a34a');
  await api.createTask({ title: 'Send the invoice', priority: 'high', dueDate: dateIn(timezone, -2), clientId: acme.id, estimatedTime: '30min' });
  await api.createTask({ title: 'Draft the proposal', priority: 'urgent', dueDate: dateIn(timezone), dueTime: '23:59', estimatedTime: '2h', clientId: acme.id });
  await api.createTask({ title: 'Plan the offsite', priority: 'low', dueDate: dateIn(timezone, 20), estimatedTime: '1.5h' });
  await api.createTask({ title: 'Tidy the desk', priority: 'medium' });
  await page.goto('/daily-review');
  await expect(page.getByRole('heading', { name: 'Set Your Daily Priorities', level: 1 })).toBeVisible();

  const row = (title: string) => page.getByRole('checkbox', { name: title });
  const invoice = row('Send the invoice');
  await expect(invoice.getByText('High Priority')).toBeVisible();
  await expect(invoice.getByTestId('review-due')).toContainText('(overdue)');
  await expect(invoice.getByTestId('client-chip')).toHaveText('Acme');
  await expect(invoice.getByTestId('review-estimate')).toHaveText('Est. 30 min');
  await expect(row('Draft the proposal').getByTestId('review-due')).toContainText('11:59 PM');
  await expect(row('Draft the proposal').getByTestId('review-estimate')).toHaveText('Est. 2 h');
  await expect(row('Plan the offsite').getByTestId('review-due')).toBeVisible();
  await expect(row('Plan the offsite').getByTestId('client-chip')).toHaveCount(0);
  await expect(row('Tidy the desk').getByTestId('review-due')).toHaveCount(0);
  // Everything in a row stays inside it at this width.
  for (const title of ['Send the invoice', 'Draft the proposal']) {
    const [rowBox, metaBox] = await Promise.all([row(title).boundingBox(), row(title).getByTestId('review-meta').boundingBox()]);
    expect(metaBox!.x + metaBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
  }

  // Start from none picked, then pick 3: picked rows are marked (rank, tint, border); a 4th is refused with a word why.
  const picked = page.getByRole('checkbox', { checked: true });
  for (let left = await picked.count(); left > 0; left -= 1) {
    await picked.first().click();
    await expect(picked).toHaveCount(left - 1);
  }
  for (const title of ['Draft the proposal', 'Send the invoice', 'Plan the offsite']) await row(title).click();
  await expect(page.getByText('3/3 priorities selected')).toBeVisible();
  await row('Tidy the desk').click();
  await expect(row('Tidy the desk')).not.toBeChecked();
  await expect(page.getByTestId('selection-hint')).toHaveText('Unpick one of your 3 to choose another.');
  await expect(row('Draft the proposal').getByTestId('priority-number')).toHaveText('1');
  const looks = await page.getByTestId('review-row').evaluateAll((rows) =>
    rows.map((el) => {
      const title = el.querySelector('p')!;
      return { picked: el.getAttribute('data-picked'), opacity: getComputedStyle(el).opacity, titleOpacity: getComputedStyle(title).opacity, titleColor: getComputedStyle(title).color, border: getComputedStyle(el).borderTopColor, background: getComputedStyle(el).backgroundColor };
    }),
  );
  expect(looks.filter((look) => look.picked === 'true')).toHaveLength(3);
  for (const look of looks) {
    expect(look.opacity).toBe('1');
    expect(look.titleOpacity).toBe('1');
    expect(look.titleColor).toBe('rgb(31, 41, 55)'); // the theme's text colour, never greyed
  }
  const [pickedLook, otherLook] = [looks.find((look) => look.picked === 'true')!, looks.find((look) => look.picked === 'false')!];
  expect(pickedLook.border).not.toBe(otherLook.border);
  expect(pickedLook.background).not.toBe(otherLook.background);
  await snap(page, testInfo, '1-rows');
});

test('the overdue review opens once a day and moves a task to tomorrow', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  const late = await api.createTask({ title: 'Send the invoice', dueDate: dateIn(timezone, -2) });
  await api.createTask({ title: 'Renew the domain', dueDate: dateIn(timezone, -1) });
  await page.goto('/');

  const banner = page.getByTestId('overdue-banner');
  await expect(banner).toContainText('2 overdue tasks');
  await expect(banner).toContainText('2 days overdue');
  await expect(banner).toContainText('1 day overdue');

  const dialog = page.getByRole('dialog', { name: 'Overdue Tasks Review' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('overdue-task')).toHaveCount(2);
  await snap(page, testInfo, '1-review');
  await dialog.getByTestId('overdue-task').filter({ hasText: 'Send the invoice' }).getByRole('button', { name: 'Move to Tomorrow' }).click();
  await expectToast(page, 'Task updated');
  await expect(dialog.getByTestId('overdue-task')).toHaveCount(1);
  const saved = (await page.request.get(`/api/tasks/${late.id}`).then((r) => r.json())) as { dueDate: string };
  expect(saved.dueDate).toBe(dateIn(timezone, 1));

  // Continue to Dashboard: the priorities dialog follows.
  await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
  const priorities = page.getByRole('dialog', { name: 'Set Your Daily Priorities' });
  await expect(priorities).toBeVisible();
  await expect(priorities.getByTestId('priority-order-row').first()).toBeVisible();
  await snap(page, testInfo, '2-priorities');
  await priorities.getByRole('button', { name: 'Cancel' }).click();
  await expect(priorities).toBeHidden();
  await expect(banner).toContainText('1 overdue task');

  // Reviewed today: it does not open again, on this device or any other.
  await expect.poll(async () => ((await page.request.get('/api/daily-plan').then((r) => r.json())) as { reviewed: boolean }).reviewed).toBe(true);
  await page.reload();
  await expect(banner).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(dialog).toBeHidden();
});
