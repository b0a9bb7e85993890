// Billing (DECISIONS 31): a default rate in settings and a client's own rate in the client dialog; last
// month's time entries (made through time tracking's api) reported to the cent, by task and by day; the
// CSV downloaded and compared with the report; "Mark as billed" brings the unbilled total to zero, on the
// report and on the clients list.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { dateIn, expect, expectToast, isPhone, snap, test } from '../support/fixtures';

const CSRF = { 'x-daybook-csrf': '1' };
const TIME_ZONE = 'America/New_York';

/** Days 2 and 3 of last month in New York, and an instant at about noon there on each. */
function lastMonthDays() {
  const [year, month] = dateIn(TIME_ZONE).split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month - 2, 1));
  const ym = last.toISOString().slice(0, 7);
  return { day2: `${ym}-02`, day3: `${ym}-03`, noon: (date: string, minutes = 0) => new Date(Date.parse(`${date}T16:00:00Z`) + minutes * 60_000).toISOString() };
}

async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data, headers: CSRF });
  if (!response.ok()) throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

test('billing: rates, last month’s report to the cent, the CSV, mark as billed', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  test.setTimeout(120_000);

  // Settings → Billing: US dollars, 100.00 an hour by default.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const billing = settings.getByRole('region', { name: 'Billing' });
  await billing.scrollIntoViewIfNeeded();
  await expect(billing.getByLabel('Currency')).toHaveValue('USD');
  await billing.getByLabel('Default hourly rate').fill('100');
  await billing.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Billing settings saved');
  await snap(page, testInfo, '1-settings');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // Acme gets its own rate in the client dialog; Globex keeps the default.
  const acme = await api.createClient('Acme');
  const globex = await api.createClient('Globex');
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Edit Acme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(dialog.getByText('Empty: your default rate ($100.00)')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Billable by default' })).toBeChecked();
  await dialog.getByLabel('Hourly rate').fill('85.50');
  await snap(page, testInfo, '2-client-rate');
  await dialog.getByRole('button', { name: 'Update Client' }).click();
  await expectToast(page, 'Client updated successfully');

  // Last month's time, through time tracking's api: Acme 1 h 30 + 20 min on Design, 7 min on no task,
  // 10 min not billable; Globex 30 min.
  const { day2, day3, noon } = lastMonthDays();
  const design = await api.createTask({ title: 'Design', clientId: acme.id });
  const entries = [
    { taskId: design.id, startedAt: noon(day2), durationSeconds: 5400, note: 'Wireframes' },
    { taskId: design.id, startedAt: noon(day2, 120), durationSeconds: 1200, note: 'Review, with "notes"' },
    { clientId: acme.id, startedAt: noon(day3), durationSeconds: 420, note: '=call' },
    { clientId: acme.id, startedAt: noon(day3, 60), durationSeconds: 600, billable: false, note: 'Coffee chat' },
    { clientId: globex.id, startedAt: noon(day3, 120), durationSeconds: 1800 },
  ];
  for (const entry of entries) await post(page, '/api/time-entries', entry);

  // The report, from the clients page: Acme, last month.
  await page.reload();
  await page.getByRole('link', { name: 'Billing report' }).click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await page.getByLabel('Client').selectOption({ label: 'Acme' });
  await page.getByLabel('Period').selectOption({ label: 'Last month' });
  await expect(page.getByTestId('billing-range')).toContainText(/^Acme, /);
  await expect(page.getByTestId('billing-tracked-hours')).toHaveText('2.12 h');
  await expect(page.getByTestId('billing-billable-hours')).toHaveText('1.95 h');
  await expect(page.getByTestId('billing-unbilled-amount')).toHaveText('$166.73');
  const byTask = page.getByRole('table', { name: 'By task' });
  const taskRows = byTask.getByTestId('billing-by-task-row');
  await expect(taskRows).toHaveCount(2); // Design, no task (and the totals row)
  await expect(taskRows.nth(0)).toContainText('Design');
  await expect(taskRows.nth(0)).toContainText('$156.75');
  await expect(taskRows.nth(1)).toContainText('No task');
  await expect(taskRows.nth(1)).toContainText('$9.98');
  await expect(byTask.getByTestId('billing-by-task-total')).toContainText('$166.73');
  const byDay = page.getByRole('table', { name: 'By day' });
  await expect(byDay.getByTestId('billing-by-day-row')).toHaveCount(2);
  await snap(page, testInfo, '3-report');

  // The CSV: the report's lines and totals, exactly.
  const report = await (await page.request.get(`/api/billing/report?clientId=${acme.id}&period=last-month`)).json();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^daybook-billing-acme-\d{4}-\d\d-01-\d{4}-\d\d-\d\d\.csv$/);
  const rows = parse(readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
  expect(rows[0]).toEqual(['Date', 'Task', 'Note', 'Hours', 'Rate', 'Amount', 'Client', 'Currency']);
  expect(rows.slice(1)).toEqual([
    [day2, 'Design', 'Wireframes', '1.50', '85.50', '128.25', 'Acme', 'USD'],
    [day2, 'Design', 'Review, with "notes"', '0.33', '85.50', '28.50', 'Acme', 'USD'],
    [day3, '', "'=call", '0.12', '85.50', '9.98', 'Acme', 'USD'],
    ['Total', '', '', '1.95', '85.50', '166.73', 'Acme', 'USD'],
  ]);
  expect(Math.round(Number(rows.at(-1)![5]) * 100)).toBe(report.totals.unbilledAmountMinor);
  expect(Number(rows.at(-1)![3])).toBe(report.totals.unbilledHours);

  // Mark as billed: the unbilled total goes to zero, the period is listed.
  await page.getByRole('button', { name: 'Mark as billed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark as billed?' });
  await expect(confirm).toContainText('1.95 h for $166.73');
  await snap(page, testInfo, '4-confirm');
  await confirm.getByRole('button', { name: 'Mark as billed' }).click();
  await expectToast(page, 'Marked as billed');
  await expect(page.getByTestId('billing-unbilled-amount')).toHaveText('$0.00');
  await expect(page.getByTestId('billing-unbilled-hours')).toHaveText('0.00 h');
  await expect(page.getByTestId('billing-billable-amount')).toHaveText('$166.73');
  await expect(page.getByRole('button', { name: 'Mark as billed' })).toBeDisabled();
  await expect(page.getByTestId('billed-period')).toContainText('1.95 h · $166.73');
  await snap(page, testInfo, '5-billed');

  // All clients: Globex's half hour at the default rate is what is left to bill.
  await page.getByLabel('Client').selectOption({ label: 'All clients' });
  await expect(page.getByTestId('billing-unbilled-amount')).toHaveText('$50.00');
  await expect(page.getByTestId('billing-billable-amount')).toHaveText('$216.73');
  // Each task names its client; the totals row has none, and shows no empty "Client" line (a phone's cards).
  const allByTask = page.getByRole('table', { name: 'By task' });
  await expect(allByTask.getByTestId('billing-by-task-row').first().locator('td').nth(1)).toBeVisible();
  const total = allByTask.getByTestId('billing-by-task-total');
  await expect(total.locator('td').nth(1)).toBeEmpty();
  // A phone leaves the empty cell out; a table keeps its column.
  if (isPhone(testInfo)) await expect(total.locator('td').nth(1)).toBeHidden();
  else await expect(total.locator('td').nth(1)).toBeVisible();
  await total.scrollIntoViewIfNeeded();
  await snap(page, testInfo, '5b-all-clients-total');

  // The clients list: Globex's unbilled total, none for Acme.
  await page.goto('/clients');
  await expect(page.getByTestId('client-unbilled')).toHaveCount(1);
  await expect(page.getByTestId('client-row').filter({ hasText: 'Globex' }).getByTestId('client-unbilled')).toHaveText('Unbilled $50.00 · 0.50 h');
  await snap(page, testInfo, '6-clients');
});
