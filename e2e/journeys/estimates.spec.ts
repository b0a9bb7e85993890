// Estimates keep what the user said (DECISIONS 18): "20 min" typed in the capture box is saved as 20min,
// shown as "20 minutes" on the chip and in the task dialog, and opening and saving the task keeps it.
import { expect, expectToast, snap, test, type Api, type TaskSeen } from '../support/fixtures';
import { captureBox, chip, typeInBox } from '../support/capture';
import { openTab, taskCard } from '../support/dashboard';

const estimateOf = async (api: Api, id: string) => ((await api.task(id)) as TaskSeen & { estimatedTime: string | null }).estimatedTime;

test('a stated length is kept as said: capture chip, saved task, task dialog', async ({ page, signedIn: _signedIn, api }, testInfo) => {
  const title = 'Draft the Globex memo';
  await typeInBox(page, `${title} 20 min`);
  await expect(chip(page, 'estimate')).toHaveText('20 minutes');
  await expect(page.getByTestId('capture-title')).toHaveText(title);
  await snap(page, testInfo, '1-chip');

  await captureBox(page).press('Enter');
  const created = await expectToast(page, 'Task created');
  await created.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(created).toBeHidden();
  const saved = (await api.tasks('active')).find((task) => task.title === title);
  expect(saved).toBeDefined();
  expect(await estimateOf(api, saved!.id)).toBe('20min');

  // The dialog names it like the increments, chosen in its place among them.
  await openTab(page, 'Active');
  await taskCard(page, title).getByTestId('task-title').click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  const estimate = dialog.getByLabel('Estimated time');
  await expect(estimate).toHaveText('20 minutes');
  await estimate.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText(['No estimate', '15 minutes', '20 minutes', '30 minutes', '45 minutes', '1 hour', '2 hours', '4 hours', '1 day']);
  await expect(page.getByRole('option', { name: '20 minutes' })).toHaveAttribute('aria-selected', 'true');
  await snap(page, testInfo, '2-dialog-choices');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await snap(page, testInfo, '3-dialog');

  await dialog.getByRole('button', { name: 'Update Task' }).click();
  await expectToast(page, 'Task updated');
  await expect(dialog).toBeHidden();
  expect(await estimateOf(api, saved!.id)).toBe('20min');
});
