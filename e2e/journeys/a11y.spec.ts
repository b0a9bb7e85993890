// Accessibility (issue 18): an axe-core pass on every screen at both widths, with real data, dialogs and
// menus open (no serious or critical violation), and the main actions reached with Tab and used with Enter.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { openNewTaskDialog, openTab, taskCard } from '../support/dashboard';
import { dateIn, expect, isPhone, snap, test, type Api } from '../support/fixtures';

const ZONE = 'America/New_York';

/** Tab presses allowed to reach a control from where the focus is. */
const MAX_TABS = 80;

/** Presses Tab (or Shift+Tab, backwards) until `target` has the focus: it is in the page's tab order. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error(`${target} not reached in ${MAX_TABS} Tab presses`);
}

/** Starts the Tab order from the top of the page. */
async function focusFromTop(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.locator('body').focus();
}

/** The page, settled, its screenshot taken, through the axe-core pass. */
async function check(page: Page, testInfo: TestInfo, step: string) {
  // Lists and their figures load after the heading; a screen that keeps polling never idles: go on then.
  await page.waitForLoadState('networkidle', { timeout: 1_500 }).catch(() => undefined);
  await snap(page, testInfo, step);
  await expectNoSeriousAxeViolations(page, step);
}

/** Tasks with clients, priorities, due dates (overdue ones too), time estimates; three of them today's top 3. */
async function seedTasks(api: Api) {
  const acme = await api.createClient('Acme Corp', '#1565c0');
  const globex = await api.createClient('Globex', '#f9a825');
  const today = dateIn(ZONE);
  const tasks = [
    await api.createTask({ title: 'Send the quarterly invoice', clientId: acme.id, priority: 'urgent', dueDate: today, dueTime: '10:00', estimatedTime: '30 min' }),
    await api.createTask({ title: 'Review the contract draft', description: 'Clauses 4 to 9, with the legal notes', clientId: globex.id, priority: 'high', dueDate: today, estimatedTime: '1h' }),
    await api.createTask({ title: 'Call the accountant', priority: 'medium', dueDate: today }),
    await api.createTask({ title: 'File the expense report', clientId: acme.id, priority: 'high', dueDate: dateIn(ZONE, -3) }),
    await api.createTask({ title: 'Renew the domain', priority: 'low', dueDate: dateIn(ZONE, -1), documentLinks: ['https://docs.example.com/domains'] }),
    await api.createTask({ title: 'Plan the offsite', clientId: globex.id, dueDate: dateIn(ZONE, 4) }),
  ];
  await api.setDailyPriorities(tasks.slice(0, 3).map((task) => task.id));
  const backlog = await api.createTask({ title: 'Someday: rewrite the handbook', priority: 'low' });
  await api.updateTask(backlog.id, { isBacklog: true });
  const done = await api.createTask({ title: 'Old archived task', clientId: acme.id });
  await api.completeTask(done.id);
  await api.archiveTask(done.id);
  return { acme, tasks };
}

/** Delegation on, a contact, and a task delegated to them. */
async function seedDelegation(api: Api) {
  await api.enableDelegation();
  const contact = await api.createContact('Bruno Díaz');
  const task = await api.createTask({ title: 'Collect the signed lease', dueDate: dateIn(ZONE, 2) });
  await api.updateTask(task.id, { isDelegated: true, delegatedToId: contact.id });
  return task;
}

test('signed out: the landing page, log in, registration and a shared task pass axe', async ({ page, api, account }, testInfo) => {
  await api.register(account.username, account.password);
  await api.login(account.username, account.password);
  const delegated = await seedDelegation(api);
  const sharePath = await api.shareTask(delegated.id);
  await page.context().clearCookies();

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await check(page, testInfo, '1-landing');
  // The landing page's actions from the keyboard.
  await focusFromTop(page);
  await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Log In' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await check(page, testInfo, '2-log-in');
  await page.getByRole('button', { name: 'Log In', exact: true }).last().click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await check(page, testInfo, '3-log-in-errors');

  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await check(page, testInfo, '4-register');

  await page.goto(sharePath);
  await expect(page.getByRole('heading', { name: 'Collect the signed lease', level: 1 })).toBeVisible();
  await check(page, testInfo, '5-shared-task');
});

test('dashboard: Today with real data, the review, the task dialog and menus pass axe; the main actions by keyboard', async ({ page, signedIn, api }, testInfo) => {
  // Walking the page with Tab takes a while on a loaded machine.
  test.setTimeout(120_000);
  void signedIn;
  await seedTasks(api);
  await seedDelegation(api);
  // The review is opened from the banner below (it would open by itself a second after the first visit).
  await api.markDayReviewed();
  await page.reload();
  await expect(taskCard(page, 'Send the quarterly invoice').first()).toBeVisible();
  const banner = page.getByTestId('overdue-banner');
  await expect(banner).toBeVisible();
  await check(page, testInfo, '1-today');

  // The Overdue Tasks Review and the priorities dialog after it, from the keyboard.
  await focusFromTop(page);
  await tabTo(page, banner.getByRole('button', { name: 'Review', exact: true }));
  await page.keyboard.press('Enter');
  const review = page.getByRole('dialog', { name: 'Overdue Tasks Review' });
  await expect(review.getByTestId('overdue-task').first()).toBeVisible();
  await check(page, testInfo, '1a-overdue-review');
  await tabTo(page, review.getByRole('button', { name: 'Continue to Dashboard' }));
  await page.keyboard.press('Enter');
  const priorities = page.getByRole('dialog', { name: 'Set Your Daily Priorities' });
  await expect(priorities.getByTestId('priority-order-row').first()).toBeVisible();
  await check(page, testInfo, '1b-priorities-dialog');
  await page.keyboard.press('Escape');
  await expect(priorities).toBeHidden();

  // The capture bar, a card's title (opens the task), its menu: all from the keyboard.
  await focusFromTop(page);
  const capture = page.getByRole('textbox', { name: 'Describe your task' });
  await tabTo(page, capture);
  await page.keyboard.type('Book the venue tomorrow');
  await tabTo(page, page.getByRole('button', { name: 'Create task from description' }));
  await capture.fill('');

  const card = taskCard(page, 'Review the contract draft').last();
  await tabTo(page, card.getByRole('checkbox'));
  await tabTo(page, card.getByTestId('task-title'));
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByLabel('Task Title')).toHaveValue('Review the contract draft');
  await check(page, testInfo, '2-edit-dialog');
  // The dialog's buttons, at its end, are in its tab order (the focus stays inside it).
  await tabTo(page, edit.getByRole('button', { name: 'Update Task' }), 'Shift+Tab');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  await card.getByRole('button', { name: 'More actions' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await check(page, testInfo, '3-more-actions-menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  if (!isPhone(testInfo)) {
    await card.getByRole('button', { name: 'Change priority' }).focus();
    await page.keyboard.press('Enter');
    // The focus moves into the menu (on the current priority), where the arrows and Enter work.
    await expect(page.getByRole('menuitem', { name: 'High' })).toBeFocused();
    await page.keyboard.press('Escape');
  }

});

test('dashboard: the other tabs, the new-task dialog and the settings pass axe', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  await seedTasks(api);
  await seedDelegation(api);
  await api.markDayReviewed();
  await page.reload();
  await expect(taskCard(page, 'Send the quarterly invoice').first()).toBeVisible();

  for (const [tab, title] of [
    ['Active', 'Plan the offsite'],
    ['Delegated', 'Collect the signed lease'],
    ['Backlog', 'Someday: rewrite the handbook'],
  ] as const) {
    await openTab(page, tab);
    await expect(taskCard(page, title).first()).toBeVisible();
    await check(page, testInfo, `4-${tab.toLowerCase()}`);
  }
  // A delegated task's dialog, with its delegation and sharing sections.
  await openTab(page, 'Delegated');
  await taskCard(page, 'Collect the signed lease').first().getByTestId('task-title').click();
  const delegated = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(delegated.getByRole('button', { name: 'Share with Bruno Díaz' })).toBeVisible();
  await check(page, testInfo, '4a-delegated-task-dialog');
  await page.keyboard.press('Escape');
  await expect(delegated).toBeHidden();

  const create = await openNewTaskDialog(page);
  await expect(create.getByLabel('Task Title')).toBeVisible();
  await check(page, testInfo, '5-new-task-dialog');
  await create.getByRole('button', { name: 'Create Task' }).click();
  await expect(create.getByText('Title is required')).toBeVisible();
  await check(page, testInfo, '6-new-task-errors');
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();

  await focusFromTop(page);
  await tabTo(page, page.getByRole('button', { name: 'Settings' }));
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await check(page, testInfo, '7-settings');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // Narrower screens reach the other screens through a menu.
  if (isPhone(testInfo)) {
    await focusFromTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Open navigation' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await check(page, testInfo, '8-navigation-menu');
  }
});

test('the other screens pass axe with real data; their main actions by keyboard', async ({ page, signedIn, api }, testInfo) => {
  // Eight screens, each checked at rest and with a dialog open: longer than one journey's budget on a loaded machine.
  test.setTimeout(120_000);
  void signedIn;
  const { acme, tasks } = await seedTasks(api);
  // An hour on an Acme task in the middle of last month, for the billing report.
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 12, 15)).toISOString();
  await api.addTimeEntry({ taskId: tasks[0]!.id, startedAt: lastMonth, durationSeconds: 3600, note: 'Drafting the invoice' });
  const handbook = await api.createNotePage('Handbook');
  await api.createNotePage('Onboarding', handbook.id);
  await api.createNote(handbook.id, '# Welcome\n\nRead the **house rules** first.');
  await api.createNote(handbook.id, 'Ask for a desk on day one');

  await page.goto('/daily-review');
  await expect(page.getByRole('heading', { name: 'Set Your Daily Priorities', level: 1 })).toBeVisible();
  await check(page, testInfo, '1-daily-review');
  // A priority is chosen and saved from the keyboard.
  await focusFromTop(page);
  await tabTo(page, page.getByRole('checkbox', { name: 'Plan the offsite' }));
  await tabTo(page, page.getByRole('button', { name: 'Save Priorities' }));

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('calendar-task').first()).toBeVisible();
  await check(page, testInfo, '2-calendar');
  // A task's move action from the keyboard.
  await focusFromTop(page);
  await tabTo(page, page.getByRole('button', { name: 'Move Send the quarterly invoice' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await check(page, testInfo, '3-calendar-move-menu');
  await page.keyboard.press('Escape');

  await page.goto('/kanban');
  await expect(page.getByRole('heading', { name: 'Kanban', level: 1 })).toBeVisible();
  await expect(page.getByText('Send the quarterly invoice').first()).toBeVisible();
  await check(page, testInfo, '4-kanban');
  // A card opens from the keyboard.
  await focusFromTop(page);
  await tabTo(page, page.getByTestId('kanban-card-title').filter({ hasText: 'Send the quarterly invoice' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Edit Task' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Client Management', level: 1 })).toBeVisible();
  await expect(page.getByText('Globex').first()).toBeVisible();
  await check(page, testInfo, '5-clients');
  await focusFromTop(page);
  await tabTo(page, page.getByRole('button', { name: 'New', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'New Client' })).toBeVisible();
  await check(page, testInfo, '5a-new-client');
  await page.keyboard.press('Escape');

  await page.goto(`/clients/${acme.id}`);
  await expect(page.getByRole('heading', { name: 'Acme Corp', level: 1 })).toBeVisible();
  await check(page, testInfo, '6-client');
  await focusFromTop(page);
  await tabTo(page, page.getByRole('button', { name: 'Edit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Edit Client' })).toBeVisible();
  await check(page, testInfo, '6a-edit-client');
  await page.keyboard.press('Escape');

  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible();
  await expect(page.getByText('Ask for a desk on day one')).toBeVisible();
  await check(page, testInfo, '7-notes');
  // A note is edited from the keyboard with its Edit button.
  await focusFromTop(page);
  const note = page.getByTestId('note-item').filter({ hasText: 'Ask for a desk on day one' });
  await tabTo(page, note.getByRole('button', { name: 'Edit', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Note content' })).toHaveValue('Ask for a desk on day one');
  await check(page, testInfo, '7a-note-editing');
  if (isPhone(testInfo)) {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notes options' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check(page, testInfo, '7b-notes-options');
    await page.keyboard.press('Escape');
  }

  await page.goto('/archived');
  await expect(page.getByRole('heading', { name: 'Archived Tasks', level: 1 })).toBeVisible();
  await expect(page.getByText('Old archived task')).toBeVisible();
  await check(page, testInfo, '8-archived');
  await focusFromTop(page);
  await tabTo(page, taskCard(page, 'Old archived task').getByRole('button', { name: 'Unarchive task' }));

  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await page.getByLabel('Client').selectOption({ label: 'Acme Corp' });
  await page.getByLabel('Period').selectOption({ label: 'Last month' });
  await expect(page.getByRole('table', { name: 'By task' }).getByText('Send the quarterly invoice')).toBeVisible();
  await check(page, testInfo, '9-billing');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();
  await check(page, testInfo, '10-not-found');
});

test('user management passes axe for an admin', async ({ page, api }, testInfo) => {
  await api.login(process.env.E2E_ADMIN_USERNAME!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  await check(page, testInfo, '1-users');
  await focusFromTop(page);
  await tabTo(page, page.getByRole('button', { name: 'Add User' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
  await check(page, testInfo, '2-add-user');
});
