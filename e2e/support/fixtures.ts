// The journeys' test object: the stack's address, unique users, api shortcuts for setting up data, and
// screenshots at the project's width (desktop 1280 px, phone 390 px).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test as base, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { ReminderSpec, ScheduledReminder } from '../../packages/shared/src/index';

export { expect };

const CSRF = { 'x-daybook-csrf': '1' };
const screenshotRoot = path.resolve(__dirname, '..', 'screenshots');

export interface TaskSeed {
  title: string;
  description?: string;
  priority?: 'low' | 'medium' | 'high' | 'urgent';
  dueDate?: string | null;
  dueTime?: string | null;
  estimatedTime?: string | null;
  clientId?: string | null;
  documentLinks?: string[];
  reminders?: ReminderSpec[];
}

/** A task as the api answers it: the fields the journeys read. */
export interface TaskSeen {
  id: string;
  title: string;
  dueDate: string | null;
  dueTime: string | null;
  isCompleted: boolean;
}

/** Calls of the real api with the browser context's cookies (so a user signed in here is signed in there). */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  private async send<T>(method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, data?: unknown): Promise<T> {
    const response = await this.request[method](url, { data, headers: CSRF });
    if (!response.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  }

  register(username: string, password: string) {
    return this.send('post', '/api/register', { username, password });
  }
  login(username: string, password: string) {
    return this.send('post', '/api/login', { username, password });
  }
  currentUser() {
    return this.send<{ id: string; username: string; timezone: string; role: string }>('get', '/api/auth/user');
  }
  createClient(name: string, color?: string) {
    return this.send<{ id: string; name: string }>('post', '/api/clients', { name, color });
  }
  createTask(task: TaskSeed) {
    return this.send<TaskSeen>('post', '/api/tasks', task);
  }
  task(id: string) {
    return this.send<TaskSeen>('get', `/api/tasks/${id}`);
  }
  /** The task's scheduled reminders with their state (DECISIONS 29). */
  taskReminders(id: string) {
    return this.send<ScheduledReminder[]>('get', `/api/tasks/${id}/reminders`);
  }
  /** The day's list, or the first page of the active or backlog list (DECISIONS 22: they load in pages). */
  async tasks(list: 'today' | 'active' | 'backlog') {
    if (list === 'today') return this.send<Array<{ id: string; title: string }>>('get', '/api/tasks/today');
    return (await this.send<{ items: Array<{ id: string; title: string }> }>('get', `/api/tasks/${list}?limit=200`)).items;
  }
  updateTask(id: string, changes: Partial<TaskSeed> & { isDelegated?: boolean; delegatedToId?: string | null; isBacklog?: boolean; status?: string }) {
    return this.send<TaskSeen>('patch', `/api/tasks/${id}`, changes);
  }
  completeTask(id: string) {
    return this.send<TaskSeen>('patch', `/api/tasks/${id}/complete`, { isCompleted: true });
  }
  archiveTask(id: string) {
    return this.send<TaskSeen>('patch', `/api/tasks/${id}/archive`);
  }
  enableDelegation(on = true) {
    return this.send('patch', '/api/auth/user/settings', { enableDelegation: on });
  }
  createContact(name: string) {
    return this.send<{ id: string; name: string }>('post', '/api/delegation-contacts', { name });
  }
  /** A delegated task's private link (DECISIONS 33): its path, /share/<token>. */
  async shareTask(id: string) {
    return (await this.send<{ path: string }>('post', `/api/tasks/${id}/shares`, {})).path;
  }
  /** Tracked time on a task or a client (`startedAt` an ISO instant). */
  addTimeEntry(entry: { taskId?: string; clientId?: string; startedAt: string; durationSeconds: number; note?: string }) {
    return this.send<{ id: string }>('post', '/api/time-entries', entry);
  }
  /** Today's review done: the Overdue Tasks Review does not open by itself. */
  markDayReviewed() {
    return this.send('post', '/api/daily-plan/reviewed', { reviewed: true });
  }
  /** Today's top priorities, in order (at most 3). */
  setDailyPriorities(taskIds: string[]) {
    return this.send('put', '/api/daily-plan', { priorityTaskIds: taskIds });
  }
  createNotePage(title: string, parentPageId?: string) {
    return this.send<{ id: string; title: string }>('post', '/api/note-lists', { title, parentPageId });
  }
  createNote(pageId: string, content: string) {
    return this.send<{ id: string }>('post', `/api/note-lists/${pageId}/items`, { content });
  }
}

export interface Account {
  username: string;
  password: string;
}

/** Today (and the days after it) on the wall clock of `timeZone`, as YYYY-MM-DD. */
export function dateIn(timeZone: string, daysFromToday = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = parts.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + daysFromToday));
  return date.toISOString().slice(0, 10);
}

export const uniqueName = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** Saves a full-page screenshot as e2e/screenshots/<project>/<journey>--<step>.png. */
export async function snap(page: Page, testInfo: TestInfo, step: string) {
  const dir = path.join(screenshotRoot, testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  const journey = testInfo.titlePath.slice(1).join(' ').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  // Let transitions (dialogs, toasts) settle.
  await page.waitForTimeout(350);
  // A dialog covers the viewport only: show what the user sees then; otherwise the whole page.
  const dialogOpen = await page.getByRole('dialog').first().isVisible().catch(() => false);
  // A full-page shot of a scrolled page would paint the sticky header half-way down.
  if (!dialogOpen) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${journey}--${step}.png`), fullPage: !dialogOpen });
}

/** Waits for the toast with this title (and description), the only one on screen (spec §9). */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast').filter({ has: page.getByTestId('toast-title').getByText(title, { exact: true }) });
  await expect(toast).toBeVisible();
  if (description) await expect(toast.getByTestId('toast-description')).toHaveText(description);
  return toast;
}

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

export const test = base.extend<{ api: Api; account: Account; user: Account; signedIn: Account; pageErrors: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys with e2e/playwright.config.ts (its global setup starts the stack)');
    await use(url);
  },
  /** Any uncaught exception in the page fails the journey. */
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
      await use();
      expect(errors, 'uncaught exceptions in the page').toEqual([]);
    },
    { auto: true },
  ],
  api: async ({ page }, use) => {
    await use(new Api(page.request));
  },
  /** A fresh account nobody signed in with yet. */
  // eslint-disable-next-line no-empty-pattern -- as above
  account: async ({}, use) => {
    await use({ username: uniqueName('user'), password: `pw-${randomBytes(6).toString('hex')}` });
  },
  /** A fresh account, registered and signed in (cookies in the page's context); the page is still blank. */
  user: async ({ api, account }, use) => {
    await api.register(account.username, account.password);
    await api.login(account.username, account.password);
    await use(account);
  },
  /** The same, on the dashboard. */
  signedIn: async ({ page, user: account }, use) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await use(account);
  },
});
