// Task comments (spec §3 task_comments, issue 37): a task imported from Todoist with its comment, delegated
// and shared, and the contact's comment sent through the link; the task dialog lists both oldest first with
// their authors; the owner adds a comment and deletes one, and the list is the same when the task opens again.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, snap, test } from '../support/fixtures';
import { openTab, taskCard } from '../support/dashboard';

const TITLE = 'Renew the office lease';
const CONTACT = 'Bruno Díaz';
const IMPORTED = 'Landlord wants the signed copy by Friday';
const CONTACTS = 'I will pick up the signed copy on Thursday.';
const MINE = 'Signed copy is on my desk, in the blue folder.';

/** A Todoist project of one task with a comment posted on Nov 20, 2026 at 9:15 in New York. */
const TODOIST_CSV = [
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
  `task,${TITLE},,4,1,Anna (1),,,en,America/New_York`,
  `note,${IMPORTED},,,,Anna (1),,2026-11-20 09:15,en,America/New_York`,
].join('\n');

/** Imports the project through the api (the import journey drives the Settings screen) and waits for it. */
async function importTodoist(request: APIRequestContext, csv: string) {
  const started = await request.post('/api/imports?source=todoist&name=Office', { data: csv, headers: { 'x-daybook-csrf': '1', 'content-type': 'text/csv' } });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/imports/${id}`)).json()) as { state: string }).state, { timeout: 60_000 })
    .toBe('done');
}

const comments = (page: Page) => page.getByRole('dialog', { name: 'Edit Task' }).getByRole('region', { name: 'Comments' });

async function openTask(page: Page) {
  await openTab(page, 'Delegated');
  await taskCard(page, TITLE).getByTestId('task-title').click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog.getByLabel('Task Title')).toHaveValue(TITLE);
  return dialog;
}

test('task comments: imported and the contact’s listed oldest first, one added, one deleted', async ({ page, browser, baseURL, signedIn, api }, testInfo) => {
  void signedIn;
  test.setTimeout(120_000);
  await api.enableDelegation();
  const contact = await api.createContact(CONTACT);
  await importTodoist(page.request, TODOIST_CSV);
  const task = (await api.tasks('active')).find((one) => one.title === TITLE)!;
  await api.updateTask(task.id, { isDelegated: true, delegatedToId: contact.id });

  // The contact answers through the link: no account, no cookies.
  const sharePath = await api.shareTask(task.id);
  const guest = await browser.newContext({ baseURL });
  const sent = await guest.request.post(`/api${sharePath.replace('/share/', '/shares/')}/comments`, { data: { text: CONTACTS } });
  expect(sent.status()).toBe(201);
  await guest.close();

  // Oldest first, each with its author and time.
  await page.reload();
  let dialog = await openTask(page);
  const section = comments(page);
  await section.scrollIntoViewIfNeeded();
  const rows = section.getByTestId('task-comment');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAccessibleName('Comment by Imported from Todoist');
  await expect(rows.nth(0)).toContainText(`Nov 20, 2026, 9:15 AM${IMPORTED}`);
  await expect(rows.nth(1)).toHaveAccessibleName(`Comment by ${CONTACT}`);
  await expect(rows.nth(1)).toContainText(CONTACTS);
  await expect(rows.nth(1).getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
  await snap(page, testInfo, '1-imported-and-contact');

  // Add one: it comes last, by you.
  await section.getByRole('textbox', { name: 'Comment' }).fill(MINE);
  await section.getByRole('button', { name: 'Add comment' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toHaveAccessibleName('Comment by You');
  await expect(rows.nth(2)).toContainText(MINE);
  await expect(section.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  await rows.nth(2).scrollIntoViewIfNeeded();
  await snap(page, testInfo, '2-added');

  // Delete the imported one, after asking.
  await rows.nth(0).getByRole('button', { name: 'Delete comment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete comment?' });
  await snap(page, testInfo, '3-delete-asked');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAccessibleName(`Comment by ${CONTACT}`);

  // Opened again, the task has the same comments.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openTask(page);
  await comments(page).scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(CONTACTS);
  await expect(rows.nth(1)).toContainText(MINE);
  await snap(page, testInfo, '4-reopened');
});
