// A page per client (DECISIONS 32): reached from the clients list and from a task's client chip; its figures,
// its open tasks in their own order (a drag moves them only among their own places), its notes and what
// happened lately.
import { dateIn, expect, expectToast, snap, test, uniqueName } from '../support/fixtures';
import { dragByKeyboard, sortableTask, taskCard, titlesIn } from '../support/dashboard';

test('client page: from the clients list and a task chip; figures, open tasks reordered among themselves, notes, activity', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  const { timezone } = await api.currentUser();
  const clientName = uniqueName('Harbor Dental');
  const client = await api.createClient(clientName, '#0ea5e9');
  const other = await api.createClient(uniqueName('Globex'));
  // Ordered in the active list: the client's tasks with another client's task between them.
  const cleaning = await api.createTask({ title: 'Schedule cleaning rota', clientId: client.id, dueDate: dateIn(timezone), estimatedTime: '2h', priority: 'high' });
  await api.createTask({ title: 'Globex invoice', clientId: other.id, dueDate: dateIn(timezone) });
  await api.createTask({ title: 'Order gloves', clientId: client.id, dueDate: dateIn(timezone), estimatedTime: '30min' });
  await api.createTask({ title: 'Update price list', clientId: client.id });
  const done = await api.createTask({ title: 'Send welcome pack', clientId: client.id });
  await page.request.patch(`/api/tasks/${done.id}/complete`, { data: { isCompleted: true }, headers: { 'x-daybook-csrf': '1' } });
  await page.request.post(`/api/tasks/${cleaning.id}/comments`, { data: { content: 'Ask Dr. Reyes about Fridays' }, headers: { 'x-daybook-csrf': '1' } });

  // From the clients list.
  await page.goto('/clients');
  await page.getByRole('link', { name: clientName }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole('heading', { name: clientName, level: 1 })).toBeVisible();
  const figures = page.getByLabel('Figures');
  await expect(figures.getByText('Open tasks')).toBeVisible();
  await expect(figures).toContainText('3'); // not the completed one, not Globex's
  await expect(figures).toContainText('of 2 h 30 min');
  const open = page.getByRole('region', { name: 'Open tasks' });
  await expect.poll(() => titlesIn(open)).toEqual(['Schedule cleaning rota', 'Order gloves', 'Update price list']);
  const activity = page.getByRole('region', { name: 'Recent activity' });
  await expect(activity).toContainText('Completed “Send welcome pack”');
  await expect(activity).toContainText('Comment on “Schedule cleaning rota”: Ask Dr. Reyes about Fridays');
  await snap(page, testInfo, '1-client-page');

  // A drag moves the client's tasks among their own places; Globex's task keeps its place in the active list.
  const before = (await api.tasks('active')).map((task) => task.title);
  await dragByKeyboard(page, sortableTask(page, 'Schedule cleaning rota'), 2);
  await expect.poll(() => titlesIn(open)).toEqual(['Order gloves', 'Update price list', 'Schedule cleaning rota']);
  await expect
    .poll(async () => (await api.tasks('active')).map((task) => task.title))
    .toEqual(before.map((title) => ({ 'Schedule cleaning rota': 'Order gloves', 'Order gloves': 'Update price list', 'Update price list': 'Schedule cleaning rota' })[title] ?? title));

  // A task's client chip on the dashboard leads to the same page, without opening the task.
  await page.goto('/dashboard');
  await taskCard(page, 'Globex invoice').getByTestId('client-chip').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Globex');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => titlesIn(page.getByRole('region', { name: 'Open tasks' }))).toEqual(['Globex invoice']);

  // "New task" on a client's page: the task dialog with that client chosen; the task joins its open tasks.
  await page.goto(`/clients/${client.id}`);
  await page.getByRole('region', { name: 'Open tasks' }).getByRole('button', { name: 'New task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveValue(clientName);
  await dialog.getByLabel('Task Title').fill('Call the lab');
  await snap(page, testInfo, '2-new-task-for-the-client');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expectToast(page, 'Task created');
  await expect(dialog).toBeHidden();
  await expect.poll(() => titlesIn(open)).toContain('Call the lab');
  const added = (await api.tasks('active')).find((task) => task.title === 'Call the lab')!;
  expect(await api.task(added.id)).toMatchObject({ clientId: client.id });
});
