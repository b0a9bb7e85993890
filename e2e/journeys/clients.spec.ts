// Client Management: create with a swatch, edit, drag order that survives a reload, delete.
import { CLIENT_COLOR_PALETTE } from '../../packages/shared/src/index';
import { expect, expectToast, snap, test } from '../support/fixtures';
import { dragByKeyboard } from '../support/dashboard';

test('clients: create with a swatch, reorder, survive a reload', async ({ page, signedIn }, testInfo) => {
  void signedIn;
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Client Management', level: 1 })).toBeVisible();
  await expect(page.getByText('No clients yet')).toBeVisible();
  await snap(page, testInfo, '1-empty');

  await page.getByRole('button', { name: 'Add Your First Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Client' });
  await dialog.getByRole('button', { name: 'Create Client' }).click();
  await expect(dialog.getByText('Client name is required')).toBeVisible();
  await dialog.getByLabel('Client name').fill('Acme');
  const red = CLIENT_COLOR_PALETTE.find((color) => color === '#ef4444') ?? CLIENT_COLOR_PALETTE[5]!;
  await dialog.getByRole('radio', { name: red }).click();
  await expect(dialog.getByLabel('Hex colour')).toHaveValue(red);
  await snap(page, testInfo, '2-dialog');
  await dialog.getByRole('button', { name: 'Create Client' }).click();
  await expectToast(page, 'Client created successfully');

  for (const [name, hex] of [
    ['Globex', '#22c55e'],
    ['Initech', '#3B82F6'],
  ] as const) {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const next = page.getByRole('dialog', { name: 'New Client' });
    await next.getByLabel('Client name').fill(name);
    await next.getByLabel('Hex colour').fill(hex);
    await next.getByRole('button', { name: 'Create Client' }).click();
    await expectToast(page, 'Client created successfully');
    await expect(next).toBeHidden();
  }
  const names = page.getByTestId('client-name');
  await expect(names).toHaveText(['Acme', 'Globex', 'Initech']);
  await expect(page.getByTestId('client-row').filter({ hasText: 'Initech' }).getByTestId('client-swatch')).toHaveAttribute('data-color', '#3b82f6');

  // Acme to the bottom by keyboard drag.
  await dragByKeyboard(page, page.getByTestId('client-row').filter({ hasText: 'Acme' }), 2);
  await expect(names).toHaveText(['Globex', 'Initech', 'Acme']);
  await expect.poll(async () => ((await page.request.get('/api/clients').then((r) => r.json())) as Array<{ name: string; sortOrder: number }>).sort((a, b) => a.sortOrder - b.sortOrder).map((c) => c.name)).toEqual(['Globex', 'Initech', 'Acme']);

  await page.reload();
  await expect(names).toHaveText(['Globex', 'Initech', 'Acme']);
  await expect(page.getByTestId('client-row').filter({ hasText: 'Acme' }).getByTestId('client-swatch')).toHaveAttribute('data-color', red);
  await snap(page, testInfo, '3-reordered');

  // Edit and delete.
  await page.getByRole('button', { name: 'Edit Globex' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await edit.getByLabel('Client name').fill('Globex Corp');
  await edit.getByRole('button', { name: 'Update Client' }).click();
  await expectToast(page, 'Client updated successfully');
  await page.getByRole('button', { name: 'Delete Initech' }).click();
  await page.getByRole('dialog', { name: 'Delete client?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Client deleted successfully');
  await expect(names).toHaveText(['Globex Corp', 'Acme']);
});
