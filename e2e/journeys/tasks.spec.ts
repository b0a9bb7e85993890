// Creating tasks (dialog and natural language), the card's actions, and drag reordering.
import { dateIn, expect, expectToast, isPhone, snap, test } from '../support/fixtures';
import { dashboardDay, dragByKeyboard, dragByMouse, dragByTouch, openNewTaskDialog, openTab, sortableTask, taskCard, titlesIn } from '../support/dashboard';

// These journeys fake api failures with page.route, which a service worker would answer around.
test.use({ serviceWorkers: 'block' });

test('create a task through the dialog with a new inline client', async ({ page, signedIn }, testInfo) => {
  void signedIn;
  const dialog = await openNewTaskDialog(page);
  await expect(dialog).toBeVisible();
  for (const section of ['Task Details', 'Configuration']) await expect(dialog.getByRole('heading', { name: section })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Delegation' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();

  await dialog.getByLabel('Task Title').fill('Prepare the quarterly report');
  await dialog.getByLabel('Description').fill('Numbers from finance, then a one-page summary for the board.');
  const client = dialog.getByRole('combobox', { name: 'Client' });
  await client.click();
  await expect(page.getByText('No clients available')).toBeVisible();
  await client.fill('Initech');
  await page.getByRole('option', { name: 'Create client: Initech' }).click();
  await expectToast(page, 'Client created');
  await expect(client).toHaveValue('Initech');

  const timeZone = (await page.request.get('/api/auth/user').then((r) => r.json())).timezone as string;
  const day = dashboardDay(timeZone);
  await dialog.getByLabel('Due date').fill(day);
  await dialog.getByLabel('Due time').fill('16:30');
  await dialog.getByLabel('Estimated time').click();
  await page.getByRole('option', { name: '1 hour' }).click();
  await dialog.getByLabel('Priority').click();
  await page.getByRole('option', { name: 'High Priority' }).click();
  await dialog.getByLabel('Repeat').click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await dialog.getByLabel('Document link 1', { exact: true }).fill('https://docs.example.com/q3');
  await snap(page, testInfo, '1-dialog');

  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expectToast(page, 'Task created');
  await expect(dialog).toBeHidden();

  const card = taskCard(page, 'Prepare the quarterly report');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('client-chip')).toHaveText('Initech');
  await expect(card.getByText('High Priority')).toBeVisible();
  await expect(card.getByTestId('task-estimate')).toHaveText('1 h');
  await expect(card.getByTestId('task-due')).toContainText('4:30 PM');
  await expect(card.getByRole('link', { name: 'Doc 1' })).toHaveAttribute('href', 'https://docs.example.com/q3');
  await expect(card.getByText('Weekly')).toBeVisible();
  await snap(page, testInfo, '2-dashboard');

  // Editing pre-fills the form.
  await card.getByTestId('task-title').click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByLabel('Task Title')).toHaveValue('Prepare the quarterly report');
  await expect(edit.getByRole('combobox', { name: 'Client' })).toHaveValue('Initech');
  await expect(edit.getByLabel('Due date')).toHaveValue(day);
  await expect(edit.getByLabel('Due time')).toHaveValue('16:30');
  await expect(edit.getByRole('button', { name: 'Update Task' })).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  // A new task starts empty again.
  const fresh = await openNewTaskDialog(page);
  await expect(fresh.getByLabel('Task Title')).toHaveValue('');
  await expect(fresh.getByRole('combobox', { name: 'Client' })).toHaveValue('');
});

test('create a task from a sentence', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  await api.createClient('Acme', '#ef4444');
  await page.reload();
  const box = page.getByRole('textbox', { name: 'Describe your task' });
  await expect(box).toHaveAttribute('placeholder', 'Describe your task naturally...');
  const submit = page.getByRole('button', { name: 'Create task from description' });
  await expect(submit).toBeDisabled();
  await box.fill('   ');
  await expect(submit).toBeDisabled();

  await box.fill('Call Acme tomorrow 3pm urgent 30 min');
  await snap(page, testInfo, '1-sentence');
  await submit.click();
  const toast = await expectToast(page, 'Task created', 'Added to Active');
  await expect(box).toHaveValue('');
  await snap(page, testInfo, '2-created');

  const timeZone = (await api.currentUser()).timezone;
  // Due tomorrow: the toast shows where the task is (journeys/capture-preview.spec.ts); open it from its card.
  await expect(toast.getByRole('button', { name: /^(Show|Open task)$/ })).toBeVisible();
  await openTab(page, 'Active');
  await taskCard(page, 'Call Acme').getByTestId('task-title').click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Task Title')).toHaveValue('Call Acme');
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveValue('Acme');
  await expect(dialog.getByLabel('Due date')).toHaveValue(dateIn(timeZone, 1));
  await expect(dialog.getByLabel('Due time')).toHaveValue('15:00');
  await expect(dialog.getByLabel('Priority')).toHaveText('Urgent');
  await expect(dialog.getByLabel('Estimated time')).toHaveText('30 minutes');
  await snap(page, testInfo, '3-opened');
});

test('complete, change priority, archive, move to backlog and restore', async ({ page, user, api }, testInfo) => {
  void user;
  const { timezone } = await api.currentUser();
  const day = dashboardDay(timezone);
  await api.createTask({ title: 'Send the invoice', priority: 'medium', dueDate: day, estimatedTime: '15min' });
  await api.createTask({ title: 'Book the venue', priority: 'low', dueDate: day, documentLinks: ['https://venue.example.com'] });
  await api.createTask({ title: 'Renew the domain', priority: 'high', estimatedTime: '30min' });
  // The day's first visit makes the server's top 3 (DECISIONS 14): the most important open tasks.
  await page.goto('/');

  const priorities = page.getByRole('region', { name: "Today's Top 3 Priorities" });
  await expect(priorities.getByTestId('priority-row')).toHaveCount(3);
  await expect(priorities.getByTestId('priority-row').first()).toContainText('Renew the domain');
  await expect(priorities.getByTestId('priority-row').first()).toContainText('Est. 30 min');
  await expect(priorities.getByRole('link', { name: 'Change priorities' })).toHaveAttribute('href', '/daily-review');
  await priorities.getByTestId('priority-row').first().getByRole('button', { name: 'Complete' }).click();
  await expectToast(page, 'Task completed');
  await expect(priorities.getByTestId('priority-row').first().getByLabel('Completed')).toBeVisible();
  await expect(priorities.getByTestId('priority-row').first().getByRole('button', { name: 'Complete' })).toHaveCount(0);

  const invoice = taskCard(page, 'Send the invoice');
  await expect(invoice).toBeVisible();
  await invoice.getByRole('checkbox').check();
  await expectToast(page, 'Task completed');
  await expect(invoice).toHaveAttribute('data-completed', 'true');
  await snap(page, testInfo, '1-completed');
  await invoice.getByRole('checkbox').uncheck();
  await expectToast(page, 'Task updated', 'Task has been updated successfully');
  await expect(invoice).toHaveAttribute('data-completed', 'false');

  await invoice.getByRole('button', { name: 'Change priority' }).click();
  await page.getByRole('menuitem', { name: 'Urgent' }).click();
  await expectToast(page, 'Priority updated', 'Task priority has been updated successfully');
  await expect(invoice.getByText('Urgent')).toBeVisible();

  const venue = taskCard(page, 'Book the venue');
  await venue.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Move to backlog' }).click();
  await expectToast(page, 'Task moved to backlog', 'The task has been moved to your backlog');
  await expect(venue).toHaveCount(0);

  await openTab(page, 'Backlog');
  const inBacklog = taskCard(page, 'Book the venue');
  await expect(inBacklog).toBeVisible();
  await expect(inBacklog.getByRole('button', { name: 'Change priority' })).toHaveCount(0);
  await snap(page, testInfo, '2-backlog');
  await inBacklog.getByRole('button', { name: 'Restore task' }).click();
  await expectToast(page, 'Task restored', 'The task has been restored from backlog');
  await expect(page.getByText('No items in backlog')).toBeVisible();

  await openTab(page, 'Active');
  await expect(page.getByRole('heading', { name: /All Tasks/ })).toBeVisible();
  await taskCard(page, 'Send the invoice').getByRole('button', { name: 'Archive task' }).click();
  await expectToast(page, 'Task archived', 'The task has been archived successfully');
  await expect(taskCard(page, 'Send the invoice')).toHaveCount(0);
  await page.getByLabel('Show Archived').check();
  await expect(page.getByRole('heading', { name: 'Archived Tasks' })).toBeVisible();
  await expect(taskCard(page, 'Send the invoice')).toBeVisible();
  await snap(page, testInfo, '3-archived');
});

test('drag a task to a new place and the order survives a reload', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  const { timezone } = await api.currentUser();
  const day = dashboardDay(timezone);
  for (const title of ['First errand', 'Second errand', 'Third errand']) await api.createTask({ title, priority: 'medium', dueDate: day });
  await page.reload();
  const list = page.getByTestId('task-list-getTodayTasks').or(page.getByTestId('task-list-getMondayTasks'));
  // The api's order for equal tasks: newest first.
  await expect.poll(() => titlesIn(list)).toEqual(['Third errand', 'Second errand', 'First errand']);
  await expect(sortableTask(page, 'Third errand')).toBeVisible();
  const reorderSaved = () => page.waitForResponse((r) => r.url().endsWith('/api/tasks/reorder') && r.request().method() === 'PATCH');

  // By mouse on the desktop, by a long press on the phone: the first card to the bottom.
  let saved = reorderSaved();
  if (isPhone(testInfo)) await dragByTouch(page, sortableTask(page, 'Third errand'), sortableTask(page, 'First errand'));
  else await dragByMouse(page, sortableTask(page, 'Third errand'), sortableTask(page, 'First errand'));
  expect((await saved).status()).toBe(200);
  await expect.poll(() => titlesIn(list)).toEqual(['Second errand', 'First errand', 'Third errand']);
  await snap(page, testInfo, '1-reordered');

  // By keyboard: the first card one place down.
  saved = reorderSaved();
  await dragByKeyboard(page, sortableTask(page, 'Second errand'), 1);
  expect((await saved).status()).toBe(200);
  await expect.poll(() => titlesIn(list)).toEqual(['First errand', 'Second errand', 'Third errand']);

  await page.reload();
  await expect.poll(() => titlesIn(list)).toEqual(['First errand', 'Second errand', 'Third errand']);

  // When the api refuses, the order goes back and says so.
  await page.route('**/api/tasks/reorder', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal_error","message":"Internal server error"}}' }),
  );
  await expect(sortableTask(page, 'First errand')).toBeVisible();
  await dragByKeyboard(page, sortableTask(page, 'First errand'), 2);
  await expectToast(page, 'Error', 'Failed to reorder tasks');
  await expect.poll(() => titlesIn(list)).toEqual(['First errand', 'Second errand', 'Third errand']);
  await snap(page, testInfo, '2-reorder-failed');
});
