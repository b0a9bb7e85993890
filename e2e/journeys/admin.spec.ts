// User Management: only for admins; create a user, find them with the search, reset their password (their
// session ends), delete them; the title fits the header at both widths.
import type { Locator } from '@playwright/test';
import { expect, expectToast, snap, test, uniqueName } from '../support/fixtures';

/** Whether an element shows all of its text (not cut with an ellipsis). */
const fullyShown = (element: Locator) => element.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth);

const CSRF = { 'x-daybook-csrf': '1' };

test('admin creates a user, resets their password and deletes them', async ({ page, browser, baseURL, signedIn, api }, testInfo) => {
  void signedIn;
  // A plain user gets the not-found page, never the list.
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();
  await expect(page.getByTestId('user-card')).toHaveCount(0);

  await page.context().clearCookies();
  await api.login(process.env.E2E_ADMIN_USERNAME!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin/users');
  const title = page.getByRole('heading', { name: 'User Management', level: 1 });
  await expect(title).toBeVisible();
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  expect(await fullyShown(title)).toBe(true);
  await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Username').fill('ab');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Password').fill('123');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  for (const message of ['Username must be at least 3 characters', 'Invalid email address', 'First name is required', 'Last name is required', 'Password must be at least 6 characters']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await snap(page, testInfo, '1-validation');
  const username = uniqueName('member');
  await dialog.getByLabel('First name').fill('Robin');
  await dialog.getByLabel('Last name').fill('Member');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Password').fill('first-password');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'User created successfully');
  const card = page.getByTestId('user-card').filter({ has: page.getByTestId('user-username').getByText(username, { exact: true }) });
  await expect(card).toContainText('Robin Member');

  // The search finds them by username, by name (any case, words in any order) and by email; nothing else matches.
  const search = page.getByRole('searchbox', { name: 'Search users' });
  const cards = page.getByTestId('user-card');
  const total = await cards.count();
  expect(total).toBeGreaterThan(1);
  for (const query of [username.toUpperCase(), `${username}@EXAMPLE.com`]) {
    await search.fill(query);
    await expect(cards).toHaveCount(1);
    await expect(card).toBeVisible();
    await expect(page.getByTestId('user-count')).toHaveText(`1 of ${total} users`);
  }
  // By name (other journeys may have their own Robin Member): only Robin Members.
  await search.fill('member ROBIN');
  await expect(card).toBeVisible();
  for (const shown of await cards.all()) await expect(shown).toContainText('Robin Member');
  await snap(page, testInfo, '2-created');
  await search.fill(`${username} nobody-has-this`);
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('No users found')).toBeVisible();
  await search.fill(username);
  await expect(cards).toHaveCount(1);

  // The new user signs in on their own device.
  const theirs = await browser.newContext({ baseURL });
  try {
    expect((await theirs.request.post('/api/login', { data: { username, password: 'first-password' }, headers: CSRF })).ok()).toBe(true);
    expect((await theirs.request.get('/api/tasks/today')).status()).toBe(200);

    await card.getByRole('button', { name: 'Reset Password' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByLabel('New password').fill('12');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(reset.getByText('Password must be at least 6 characters')).toBeVisible();
    await reset.getByLabel('New password').fill('second-password');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset successfully');

    // Their old session has ended; the old password no longer works, the new one does.
    expect((await theirs.request.get('/api/tasks/today')).status()).toBe(401);
    expect((await theirs.request.post('/api/login', { data: { username, password: 'first-password' }, headers: CSRF })).ok()).toBe(false);
    expect((await theirs.request.post('/api/login', { data: { username, password: 'second-password' }, headers: CSRF })).ok()).toBe(true);
  } finally {
    await theirs.close();
  }

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user?' });
  await expect(confirm).toContainText('This cannot be undone');
  await expect(confirm).toContainText("All of the user's data");
  await snap(page, testInfo, '3-delete');
  await confirm.getByRole('button', { name: 'Delete User' }).click();
  await expectToast(page, 'User deleted successfully');
  await expect(card).toHaveCount(0);
  const gone = await browser.newContext({ baseURL });
  try {
    expect((await gone.request.post('/api/login', { data: { username, password: 'second-password' }, headers: CSRF })).ok()).toBe(false);
  } finally {
    await gone.close();
  }
});

test('admin changes a user’s role to admin and back (issue 37)', async ({ page, api }, testInfo) => {
  await api.login(process.env.E2E_ADMIN_USERNAME!, process.env.E2E_ADMIN_PASSWORD!);
  const username = uniqueName('promoted');
  const created = await page.request.post('/api/admin/users', {
    data: { username, firstName: 'Pat', lastName: 'Promoted', password: 'pat-password', role: 'user' },
    headers: CSRF,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const roleOf = async () => ((await (await page.request.get('/api/admin/users')).json()) as { id: string; role: string }[]).find((u) => u.id === id)?.role;

  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
  const card = page.getByTestId('user-card').filter({ has: page.getByTestId('user-username').getByText(username, { exact: true }) });
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  const role = card.getByRole('combobox', { name: `Role of ${username}` });
  await expect(role).toHaveText('User');
  await snap(page, testInfo, '1-role-user');

  await role.click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await expectToast(page, 'Role updated', `${username} is now an admin.`);
  await expect(role).toHaveText('Admin');
  await expect.poll(roleOf).toBe('admin');
  await snap(page, testInfo, '2-role-admin');

  // The change is in the audit log, by the admin.
  const audit = await page.request.get(`/api/admin/audit?userId=${id}&type=admin_user_changed`);
  expect(((await audit.json()) as { items: { details: { role?: string } }[] }).items.map((e) => e.details.role)).toEqual(['admin']);

  await role.click();
  await page.getByRole('option', { name: 'User' }).click();
  await expectToast(page, 'Role updated', `${username} is now a user.`);
  await expect(role).toHaveText('User');
  await expect.poll(roleOf).toBe('user');
});
