// Notes (spec §2): pages and sub-pages (Enter submits their dialog), a note with a client tag, editing with
// Ctrl+Enter, search with the client filter, and markdown that executes nothing; the layout at each width
// (issue 18: one way to pick a page, the notes first on a phone, a markdown switch).
import type { Page } from '@playwright/test';
import { expect, expectToast, isPhone, snap, test, uniqueName } from '../support/fixtures';
import { choosePage, openSearch, pageAction, setMarkdown } from '../support/notes';

const CSRF = { 'x-daybook-csrf': '1' };

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
  await expect(page.getByText('No page selected')).toBeVisible();

  // A page, then a sub-page (which is selected, with its parent expanded); Enter in the title submits.
  await pageAction(page, testInfo, 'New page');
  const pageDialog = page.getByRole('dialog', { name: 'New Page' });
  await pageDialog.getByRole('button', { name: 'Create' }).click();
  await expect(pageDialog.getByText('Title is required')).toBeVisible();
  await pageDialog.getByLabel('Title').fill('  Groceries  ');
  await pageDialog.getByLabel('Title').press('Enter');
  await expectToast(page, 'Page created');
  await expect(pageDialog).toBeHidden();
  await expect(page.getByTestId('selected-page-title')).toHaveText('Groceries');

  await pageAction(page, testInfo, 'New sub-page', 'Groceries');
  const subDialog = page.getByRole('dialog', { name: 'New Sub-page' });
  await expect(subDialog).toContainText('Inside "Groceries"');
  await subDialog.getByLabel('Title').fill('Dairy');
  await subDialog.getByLabel('Title').press('Enter');
  await expectToast(page, 'Sub-page created');
  await expect(subDialog).toBeHidden();
  await expect(page.getByTestId('selected-page-title')).toHaveText('Dairy');
  // Created once each, Enter or not.
  const titles = ((await page.request.get('/api/note-lists').then((r) => r.json())) as Array<{ title: string }>).map((list) => list.title);
  expect(titles.sort()).toEqual(['Dairy', 'Groceries']);
  if (isPhone(testInfo)) {
    await expect(page.getByRole('tree')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Page' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Groceries', 'Dairy', 'Create new page']);
    await page.keyboard.press('Escape');
  } else {
    const tree = page.getByRole('tree', { name: 'Pages and sub-pages' });
    await expect(tree.getByRole('treeitem', { name: /Groceries/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(tree.getByRole('button', { name: 'Dairy', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Page' })).toHaveCount(0);
  }

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
  await openSearch(page, testInfo);
  await page.getByLabel('Search notes').fill(token);
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('heading', { name: /Search Results/ })).toContainText('1 page');
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
  await setMarkdown(page, testInfo, false);
  await expect(hostileNote.locator('.note-markdown')).toHaveCount(0);
  await expect(note).toContainText(`Buy **${token}** and bread`);
  await setMarkdown(page, testInfo, true);
  await expect(note.locator('strong')).toHaveText(token);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(0);
  expect(dialogs).toEqual([]);
  await snap(page, testInfo, '4-safe-markdown');

  // Delete the selected sub-page: the selection moves to the first page.
  await pageAction(page, testInfo, 'Delete page');
  await page.getByRole('dialog', { name: 'Delete page?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Page deleted');
  await expect(page.getByTestId('selected-page-title')).toHaveText('Groceries');
});

/** How many rows of controls (buttons, fields, links) lie between the header and `y`. */
function controlRowsAbove(page: Page, y: number): Promise<number> {
  return page.evaluate((bottom) => {
    const header = document.querySelector('header')!.getBoundingClientRect().bottom;
    const boxes = [...document.querySelectorAll<HTMLElement>('button, input:not([type=hidden]):not([aria-hidden=true]), [role=combobox], [role=switch], a[href]')]
      .filter((el) => !el.closest('header'))
      .map((el) => el.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0 && box.top >= header && box.bottom <= bottom)
      .sort((a, b) => a.top - b.top);
    // A new row where a control starts below the previous row's middle.
    let rows = 0;
    let rowMiddle = -Infinity;
    for (const box of boxes) {
      if (box.top > rowMiddle) {
        rows += 1;
        rowMiddle = box.top + box.height / 2;
      }
    }
    return rows;
  }, y);
}

test('notes layout: one way to pick a page, the notes first on a phone, a markdown switch', async ({ page, user: _user }, testInfo) => {
  const post = async <T>(url: string, data: unknown) => (await (await page.request.post(url, { data, headers: CSRF })).json()) as T;
  const meetings = await post<{ id: string }>('/api/note-lists', { title: 'Meetings' });
  await post('/api/note-lists', { title: 'Weekly', parentPageId: meetings.id });
  await post('/api/note-lists', { title: 'Recipes' });
  for (const [n, content] of ['**Monday**: plan the week with Acme', 'Call the accountant about the Q3 figures', 'Book the room for Thursday'].entries()) {
    await post(`/api/note-lists/${meetings.id}/items`, { content, sortOrder: n, clientId: null });
  }
  await page.goto('/notes');
  await expect(page.getByTestId('selected-page-title')).toHaveText('Meetings');
  const firstNote = page.getByTestId('note-item').first();
  await expect(firstNote).toContainText('Monday');
  const viewport = page.viewportSize()!;
  const noteBox = (await firstNote.boundingBox())!;

  if (isPhone(testInfo)) {
    // One compact row (list selector, Search, the menu) and the page's title; the first note within the first screen.
    expect(await controlRowsAbove(page, noteBox.y)).toBe(1);
    const controls = (await page.getByTestId('notes-controls').boundingBox())!;
    expect(controls.height).toBeLessThanOrEqual(56);
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(viewport.height);
    expect(noteBox.y).toBeLessThan(260);
    await expect(page.getByRole('combobox', { name: 'Page' })).toBeVisible();
    await expect(page.getByRole('tree')).toHaveCount(0);
    await expect(page.getByLabel('Search notes')).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await snap(page, testInfo, '1-layout');
    // The menu holds the rest: markdown (checkable, checked) and the page actions.
    await page.getByRole('button', { name: 'Notes options' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Render markdown' })).toHaveAttribute('aria-checked', 'true');
    await expect(menu.getByRole('menuitem')).toHaveText(['New page', 'New sub-page', 'Edit page', 'Delete page']);
    await snap(page, testInfo, '2-menu');
    await page.keyboard.press('Escape');
    // The list selector names every page, sub-pages after their parent.
    await page.getByRole('combobox', { name: 'Page' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Meetings', 'Weekly', 'Recipes', 'Create new page']);
    await snap(page, testInfo, '3-list-selector');
    await page.getByRole('option', { name: 'Weekly' }).click();
    await expect(page.getByTestId('selected-page-title')).toHaveText('Weekly');
    // Search opens under the row, focused; closing it ends the search.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByLabel('Search notes')).toBeFocused();
    await page.keyboard.type('accountant');
    await expect(page.getByTestId('search-results')).toContainText('1 page');
    await snap(page, testInfo, '4-search');
    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(page.getByLabel('Search notes')).toHaveCount(0);
    await expect(page.getByTestId('selected-page-title')).toHaveText('Weekly');
  } else {
    // The search row (search, Filters, the markdown switch) over the tree and the page.
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(viewport.height);
    await expect(page.getByRole('tree', { name: 'Pages and sub-pages' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Page' })).toHaveCount(0);
    const markdown = page.getByRole('switch', { name: 'Render markdown' });
    await expect(markdown).toBeChecked();
    await expect(page.getByRole('button', { name: 'Edit page' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete page' })).toBeVisible();
    await snap(page, testInfo, '1-layout');
    await markdown.click();
    await expect(markdown).not.toBeChecked();
    await expect(firstNote).toContainText('**Monday**');
    await snap(page, testInfo, '2-markdown-off');
    await choosePage(page, testInfo, 'Recipes');
  }
});
