// Delegation that closes the loop (DECISIONS 33): the owner shares a delegated task by a private link; the
// contact opens it signed out (a browser context with no cookies), sees only that task, proposes a new date
// and leaves a comment; the owner sees the proposal on the task and accepts it; a link turned off stops,
// and an ended link stays ended when its task is delegated again (the owner makes a new one).
import type { Page } from '@playwright/test';
import { dateIn, expect, expectToast, snap, test } from '../support/fixtures';
import { openNewTaskDialog, openTab, taskCard } from '../support/dashboard';

const ZONE = 'America/New_York';
const TITLE = 'Collect the signed lease';
const NOTES = 'Pick it up at the front desk and ask for Ms. Ortega.';
const PRIVATE = 'Private: the landlord still owes us three months';

/** 'Wednesday, Mar 17, 2027', as both pages write a date. */
const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function openTask(page: Page, title: string) {
  await openTab(page, 'Delegated');
  await taskCard(page, title).getByTestId('task-title').click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog.getByLabel('Task Title')).toHaveValue(title);
  return dialog;
}

test('share link: shared, answered signed out, the date accepted', async ({ page, browser, context, baseURL, signedIn, api }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  const due = dateIn(ZONE, 3);
  const proposed = dateIn(ZONE, 10);
  await api.createTask({ title: 'Another task of the owner', description: 'not for the contact' });

  // Delegation on, with a contact.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Task Delegation').check();
  await expectToast(page, 'Settings updated');
  await settings.getByLabel('Contact name (required)').fill('Bruno Díaz');
  await settings.getByRole('button', { name: 'Add Delegation Contact' }).click();
  await expectToast(page, 'Contact added');
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();

  // A delegated task with notes for the contact.
  const create = await openNewTaskDialog(page);
  await create.getByLabel('Task Title').fill(TITLE);
  await create.getByLabel('Description').fill(PRIVATE);
  await create.getByLabel('Due date').fill(due);
  await create.getByLabel('Delegate this task').check();
  await create.getByRole('combobox', { name: 'Delegate to' }).click();
  await page.getByRole('option', { name: 'Bruno Díaz' }).click();
  await create.getByLabel('Delegation notes').fill(NOTES);
  await create.getByRole('button', { name: 'Create Task' }).click();
  await expectToast(page, 'Task created');

  // Share it: the link is shown once, copied.
  let dialog = await openTask(page, TITLE);
  await dialog.getByRole('button', { name: 'Share with Bruno Díaz' }).click();
  const panel = dialog.getByRole('region', { name: 'New link' });
  const link = await panel.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/share/[A-Za-z0-9_-]{43}$`));
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await panel.scrollIntoViewIfNeeded();
  await snap(page, testInfo, '1-link-shown-once');
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(dialog.getByRole('listitem', { name: /^Link …/ })).toContainText('Not opened yet');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The contact: another browser, signed out, no cookies.
  const guest = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-US', timezoneId: ZONE });
  const contactPage = await guest.newPage();
  const errors: string[] = [];
  contactPage.on('pageerror', (error) => errors.push(error.message));
  const asked: string[] = [];
  contactPage.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const opened = await contactPage.goto(link);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(contactPage.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(contactPage.getByLabel('Due')).toHaveText(`Due ${longDate(due)}`);
  await expect(contactPage.getByText(NOTES)).toBeVisible();
  const pageText = await contactPage.locator('body').innerText();
  for (const secret of [PRIVATE, 'Another task of the owner', signedIn.username, 'Bruno']) expect(pageText).not.toContain(secret);
  expect(asked.filter((path) => path.startsWith('/api/'))).toEqual([new URL(link).pathname.replace('/share/', '/api/shares/')]);
  expect(await guest.cookies()).toEqual([]);
  await snap(contactPage, testInfo, '2-contact-page');

  // It proposes a new date and leaves a comment.
  const proposal = contactPage.getByRole('form', { name: 'Propose a new date' });
  await proposal.getByLabel('New date').fill(proposed);
  await proposal.getByLabel('Time (optional)').fill('10:30');
  await proposal.getByLabel('Message (optional)').fill('The office is closed that week.');
  await proposal.getByRole('button', { name: 'Send proposal' }).click();
  await expectToast(contactPage, 'Date proposed');
  await expect(contactPage.getByText(`You proposed ${longDate(proposed)} at 10:30 AM`)).toBeVisible();
  const comment = contactPage.getByRole('form', { name: 'Leave a comment' });
  await comment.getByLabel('Comment').fill('I will call them first.');
  await comment.getByRole('button', { name: 'Send comment' }).click();
  await expectToast(contactPage, 'Comment sent');
  await expect(contactPage.getByText('You commented')).toBeVisible();
  await snap(contactPage, testInfo, '3-contact-answered');

  // The owner's card says the contact answered (read again when the owner comes back: a reload here).
  await page.reload();
  await openTab(page, 'Delegated');
  const answered = taskCard(page, TITLE).getByTestId('task-answered');
  await expect(answered).toHaveText('2 answers');
  await expect(answered).toHaveAttribute('title', /^Your contact answered through the shared link, last on /);
  await snap(page, testInfo, '3b-owner-card-answered');

  // The owner sees the proposal on the task and accepts it with one click.
  dialog = await openTask(page, TITLE);
  const responses = dialog.getByRole('list', { name: 'Responses' });
  const proposalRow = responses.getByRole('listitem', { name: `Bruno Díaz proposed ${longDate(proposed)} at 10:30 AM` });
  await expect(proposalRow).toContainText('The office is closed that week.');
  await expect(responses.getByRole('listitem', { name: 'Bruno Díaz commented' })).toContainText('I will call them first.');
  await expect(dialog.getByRole('listitem', { name: /^Link …/ })).toContainText('Opened');
  await proposalRow.getByRole('button', { name: 'Accept date' }).click();
  await expectToast(page, 'Due date updated');
  await expect(proposalRow.getByText('Accepted')).toBeVisible();
  await expect(dialog.getByLabel('Due date')).toHaveValue(proposed);
  await responses.scrollIntoViewIfNeeded();
  await snap(page, testInfo, '4-owner-accepted');
  const task = (await api.tasks('active')).find((one) => one.title === TITLE)!;
  expect(await api.task(task.id)).toMatchObject({ dueDate: proposed, dueTime: '10:30' });

  // Saving the dialog keeps the accepted date; the contact's page shows it.
  await dialog.getByRole('button', { name: 'Update Task' }).click();
  await expectToast(page, 'Task updated');
  expect(await api.task(task.id)).toMatchObject({ dueDate: proposed, dueTime: '10:30' });
  await contactPage.reload();
  await expect(contactPage.getByLabel('Due')).toHaveText(`Due ${longDate(proposed)} at 10:30 AM`);

  // Turned off, the link stops at once.
  dialog = await openTask(page, TITLE);
  await dialog.getByRole('button', { name: /^Turn off link …/ }).click();
  await expectToast(page, 'Link turned off');
  await contactPage.reload();
  await expect(contactPage.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await snap(contactPage, testInfo, '5-link-turned-off');
  expect(errors).toEqual([]);
  await guest.close();
});

test('share link: an ended link stays ended when the task is delegated again, and the owner makes a new one', async ({ page, browser, baseURL, signedIn, api }, testInfo) => {
  void signedIn;
  await api.enableDelegation();
  const bruno = await api.createContact('Bruno Díaz');
  const task = await api.createTask({ title: TITLE });
  await api.updateTask(task.id, { isDelegated: true, delegatedToId: bruno.id });
  const oldPath = await api.shareTask(task.id);

  const guest = await browser.newContext({ locale: 'en-US', timezoneId: ZONE });
  const contactPage = await guest.newPage();
  await contactPage.goto(new URL(oldPath, baseURL).href);
  await expect(contactPage.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  // Un-delegated, then delegated to the same contact again: the old link does not come back.
  await api.updateTask(task.id, { isDelegated: false });
  await api.updateTask(task.id, { isDelegated: true, delegatedToId: bruno.id });
  await contactPage.reload();
  await expect(contactPage.getByRole('heading', { name: 'This link does not work' })).toBeVisible();

  // The owner sees it ended and sends a new one, which works.
  await page.reload();
  const dialog = await openTask(page, TITLE);
  const ended = dialog.getByRole('listitem', { name: /^Link …\S+ \(ended\)$/ });
  await expect(ended).toContainText('the task was no longer delegated');
  await expect(ended.getByRole('button')).toHaveCount(0);
  await expect(dialog.getByText('An ended link stays ended: share again to send Bruno Díaz a new one.')).toBeVisible();
  await ended.scrollIntoViewIfNeeded();
  await snap(page, testInfo, '6-ended-link');
  await dialog.getByRole('button', { name: 'Share with Bruno Díaz' }).click();
  const fresh = await dialog.getByRole('region', { name: 'New link' }).getByRole('textbox', { name: 'Link' }).inputValue();
  expect(new URL(fresh).pathname).not.toBe(oldPath);
  await contactPage.goto(fresh);
  await expect(contactPage.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await guest.close();
});
