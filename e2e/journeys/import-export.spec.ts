// Your data, your tools (DECISIONS 30): a file that is not an export is refused and changes nothing; a
// 500-task Todoist project is previewed (nothing written yet), imported as a job and skipped the second time;
// both exports download, and the JSON export imported into a new account brings the same tasks across.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Download, Locator, Page, TestInfo } from '@playwright/test';
import { Api, expect, snap, test, uniqueName } from '../support/fixtures';

const TODOIST_CSV = path.resolve(__dirname, '../../services/api/src/modules/data-transfer/test-data/todoist-500.csv');
const TODOIST_SECTIONS = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Hooli', 'Admin & invoicing'];

interface DaybookExport {
  format: string;
  tasks: Array<{ title: string; priority: string; dueDate: string | null; clientId: string | null }>;
  clients: Array<{ id: string; name: string }>;
}

async function openImportExport(page: Page): Promise<{ settings: Locator; section: Locator }> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const section = settings.getByRole('region', { name: 'Import and export' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('button', { name: 'Choose file' })).toBeVisible();
  return { settings, section };
}

async function chooseFile(section: Locator, source: string, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await section.getByRole('radio', { name: source }).check();
  await section.getByLabel('File to import').setInputFiles(file);
}

async function download(page: Page, link: Locator): Promise<{ download: Download; text: string }> {
  const [started] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await started.path();
  return { download: started, text: readFileSync(file, 'utf8') };
}

/** What a comparison of two accounts' tasks looks at: the client by name (ids differ between accounts). */
function comparable(data: DaybookExport) {
  const names = new Map(data.clients.map((client) => [client.id, client.name]));
  return data.tasks
    .map((task) => ({ title: task.title, priority: task.priority, dueDate: task.dueDate, client: task.clientId ? names.get(task.clientId) : null }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const activeCount = async (api: Api) => (await api.tasks('active')).length;

async function snapSection(page: Page, testInfo: TestInfo, region: Locator, step: string) {
  await region.scrollIntoViewIfNeeded();
  await snap(page, testInfo, step);
}

test('import and export: a Todoist project imported once, both exports downloaded, the JSON brought into a new account', async ({ page, browser, baseURL, signedIn, api }, testInfo) => {
  void signedIn;
  test.setTimeout(120_000);
  const { section } = await openImportExport(page);

  // A file that is not a Daybook export: the api's message, no Import button, nothing written.
  await chooseFile(section, 'Daybook export (JSON)', { name: 'holiday.json', mimeType: 'application/json', buffer: Buffer.from('{"trip":"Lisbon"}') });
  await expect(section.getByRole('alert')).toContainText('This is not a Daybook export');
  await expect(section.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  expect(await activeCount(api)).toBe(0);

  // The Todoist project: what it holds, before anything is written.
  await chooseFile(section, 'Todoist project (CSV)', TODOIST_CSV);
  const preview = section.getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('The file holds 500 tasks, 66 comments, 6 clients.');
  await expect(preview).toContainText(`New clients: ${TODOIST_SECTIONS.join(', ')}.`);
  await expect(section.getByText('todoist-500', { exact: true })).toBeVisible();
  expect(await activeCount(api)).toBe(0);
  await snapSection(page, testInfo, section, '1-preview');

  // Imported as a job: its outcome is shown when it ends, and the tasks are there.
  await section.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(section.getByRole('alert')).toHaveText('Imported 500 tasks, 66 comments, 6 clients.', { timeout: 60_000 });
  await snapSection(page, testInfo, section, '2-imported');
  expect(await activeCount(api)).toBeGreaterThan(0);

  // The same file again: everything is recognised, and importing it creates nothing.
  await chooseFile(section, 'Todoist project (CSV)', TODOIST_CSV);
  await expect(preview).toContainText(/were imported before and are skipped\./);
  await section.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(section.getByRole('alert')).toContainText(/^Imported nothing\. [\d,]+ items were there already\.$/, { timeout: 60_000 });

  // Both exports download; the JSON holds the 500 tasks with their clients, the CSV a row per task.
  const json = await download(page, section.getByRole('link', { name: 'Export everything (JSON)' }));
  expect(json.download.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(json.text) as DaybookExport;
  expect(exported.format).toBe('daybook-export');
  expect(exported.tasks).toHaveLength(500);
  expect(exported.clients.map((client) => client.name).sort()).toEqual([...TODOIST_SECTIONS].sort());
  const csv = await download(page, section.getByRole('link', { name: 'Export tasks (CSV)' }));
  expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
  expect(csv.text.split(/\r?\n/)[0]).toMatch(/title/i);
  expect(csv.text).toContain('Inbox zero @admin');

  // A new account imports the JSON export and ends with the same tasks.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  const otherApi = new Api(otherPage.request);
  const username = uniqueName('mover');
  await otherApi.register(username, 'moving-house-2026');
  await otherApi.login(username, 'moving-house-2026');
  await otherPage.goto('/');
  const moved = await openImportExport(otherPage);
  await chooseFile(moved.section, 'Daybook export (JSON)', await json.download.path());
  await expect(moved.section.getByRole('region', { name: 'Import preview' })).toContainText('500 tasks');
  await moved.section.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(moved.section.getByRole('alert')).toContainText(/^Imported 500 tasks/, { timeout: 60_000 });
  const again = JSON.parse((await download(otherPage, moved.section.getByRole('link', { name: 'Export everything (JSON)' }))).text) as DaybookExport;
  expect(comparable(again)).toEqual(comparable(exported));
  await other.close();
});
