// Notes (spec §2): pages and sub-pages, a note with a client tag, editing with Ctrl+Enter, search with the
// client filter, and markdown that executes nothing.
import { expect, expectToast, isPhone, snap, test, uniqueName } from '../support/fixtures';

test('notes: pages, sub-pages, tagged notes, editing, search and safe markdown', async ({ page, user: _user, api }, testInfo) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await api.createClient('Acme', '#2563eb');
  await api.createClient('Globex', '#16a34a');
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible();
  await expect(page.getByText('No list selected')).toBeVisible();

  // A page, then a sub-page (which is selected, with its parent expanded).
  await page.getByRole('button', { name: 'New page' }).click();
  const pageDialog = page.getByRole('dialog', { name: 'New Page' });
  await pageDialog.getByRole('button', { name: 'Create' }).click();
  await expect(pageDialog.getByText('Title is required')).toBeVisible();
  await pageDialog.getByLabel('Title').fill('  Groceries  ');
  await pageDialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Page created');
  await expect(page.getByTestId('selected-page-title')).toHaveText('Groceries');

  await page.getByRole('button', { name: 'Add sub-page to Groceries' }).click();
  const subDialog = page.getByRole('dialog', { name: 'New Sub-page' });
  await subDialog.getByLabel('Title').fill('Dairy');
  await subDialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Sub-page created');
  await expect(page.getByTestId('selected-page-title')).toHaveText('Dairy');
  const tree = page.getByRole('tree', { name: 'Pages and sub-pages' });
  await expect(tree.getByRole('treeitem', { name: /Groceries/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('button', { name: 'Dairy', exact: true })).toBeVisible();

  // A note with a client tag: the toolbar and client selector appear once text is typed.
  const token = uniqueName('oatmilk');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);
  await page.getByLabel('New note').fill(`Buy **${token}**`);
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Client tag' }).click();
  await page.getByRole('option', { name: 'Acme' }).click();
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expectToast(page, 'Note added');
  const note = page.getByTestId('note-item').filter({ hasText: token });
  await expect(note.locator('strong')).toHaveText(token);
  await expect(note.getByTestId('client-chip')).toHaveText('Acme');
  await snap(page, testInfo, '1-page-with-note');

  // Edit it and save with Ctrl+Enter (inline on wide screens, the full-screen mobile editor on phones).
  await note.getByRole('button', { name: 'Edit', exact: true }).click();
  if (isPhone(testInfo)) await expect(page.getByRole('dialog', { name: 'Edit note' })).toBeVisible();
  else await expect(page.getByRole('dialog')).toHaveCount(0);
  const editor = page.getByLabel('Note content');
  await editor.fill(`Buy **${token}** and bread`);
  await snap(page, testInfo, '2-editing');
  await editor.press('Control+Enter');
  await expect(page.getByTestId('note-editor')).toHaveCount(0);
  await expect(page.getByTestId('note-item').filter({ hasText: `${token} and bread` })).toBeVisible();

  // Search (debounced) finds it, with the client filter; another client finds nothing.
  await page.getByLabel('Search notes').fill(token);
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('heading', { name: /Search Results/ })).toContainText('1 list');
  await expect(results.getByRole('button', { name: 'Dairy' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: 'Acme' }).click();
  await expect(page.getByTestId('filters-badge')).toContainText('1');
  await expect(results.getByTestId('search-item').filter({ hasText: token }).getByTestId('client-chip')).toHaveText('Acme');
  await snap(page, testInfo, '3-search');
  await page.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: 'Globex' }).click();
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel('Search notes')).toHaveValue('');
  await expect(page.getByTestId('selected-page-title')).toHaveText('Dairy');

  // Markdown executes nothing: raw HTML is text, javascript: links are not links.
  await page.evaluate(() => ((window as unknown as { __xss?: number }).__xss = 0));
  const hostile = '<img src=x onerror="window.__xss=1;alert(1)"> [click me](javascript:window.__xss=2;alert(2)) <script>window.__xss=3</script>';
  await page.getByLabel('New note').fill(hostile);
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expectToast(page, 'Note added');
  const hostileNote = page.getByTestId('note-item').filter({ hasText: 'click me' });
  await expect(hostileNote).toContainText('<img src=x onerror=');
  await expect(hostileNote.locator('img, script, a[href^="javascript"]')).toHaveCount(0);
  await hostileNote.getByText('click me', { exact: false }).click({ position: { x: 2, y: 2 } }).catch(() => undefined);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Markdown On' }).click();
  await expect(page.getByRole('button', { name: 'Markdown Off' })).toBeVisible();
  await page.getByRole('button', { name: 'Markdown Off' }).click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(0);
  expect(dialogs).toEqual([]);
  await snap(page, testInfo, '4-safe-markdown');

  // Delete the selected sub-page: the selection moves to the first page.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete page?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'List deleted');
  await expect(page.getByTestId('selected-page-title')).toHaveText('Groceries');
});
