// Signing up, in and out; who sees User Management; a lost session.
import { expect, expectToast, isPhone, snap, test } from '../support/fixtures';

test('register and land on the dashboard', async ({ page, account }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Task Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Calendar & Kanban' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Backlog Management' })).toBeVisible();
  await snap(page, testInfo, '1-landing');

  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Create Account' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Username').fill(account.username);
  await page.locator('input[name="password"]').fill('short');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm password').fill('different');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await snap(page, testInfo, '2-register-errors');

  await page.locator('input[name="password"]').fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await submit.click();
  await expectToast(page, 'Registration Successful');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Active' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Backlog' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Delegated' })).toHaveCount(0);
  await expect(page.getByText('No tasks for the day')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Create Task' }).getByRole('img', { name: 'AI Powered' })).toBeVisible();
  await snap(page, testInfo, '3-dashboard');
});

test('log out and log in again', async ({ page, signedIn }, testInfo) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  // The toast shows until the page reloads: watch for both from before the click, and use the landing
  // page only once the reload has finished.
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  const loggedOut = expectToast(page, 'Logged out');
  await settings.getByRole('button', { name: 'Logout' }).click();
  await loggedOut;
  await reloaded;
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  // No pre-filled credentials (DECISIONS 6).
  await expect(page.getByLabel('Username')).toHaveValue('');
  await page.getByRole('button', { name: 'Log In', exact: true }).last().click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Username').fill(signedIn.username);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
  await expectToast(page, 'Login Failed', 'Invalid username or password');
  await snap(page, testInfo, '1-login-failed');

  await page.getByLabel('Password').fill(signedIn.password);
  await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
  await expectToast(page, 'Login Successful', 'Welcome back!');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await snap(page, testInfo, '2-signed-in');
});

test('only an admin sees User Management', async ({ page, signedIn, api }, testInfo) => {
  void signedIn;
  const nav = isPhone(testInfo) ? page.getByRole('menu') : page.getByRole('navigation', { name: 'Screens' });
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav.getByRole(isPhone(testInfo) ? 'menuitem' : 'link', { name: 'Calendar' })).toBeVisible();
  await expect(nav.getByRole(isPhone(testInfo) ? 'menuitem' : 'link', { name: 'Kanban' })).toBeVisible();
  await expect(nav.getByText('User Management')).toHaveCount(0);
  await expect(nav.getByLabel('User Management')).toHaveCount(0);
  await snap(page, testInfo, '1-user-navigation');
  if (isPhone(testInfo)) await page.keyboard.press('Escape');

  // The admin from the environment (ADMIN_USERNAME / ADMIN_PASSWORD) sees the link.
  await page.context().clearCookies();
  await api.login(process.env.E2E_ADMIN_USERNAME!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/dashboard');
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(isPhone(testInfo) ? page.getByRole('menuitem', { name: 'User Management' }) : page.getByRole('link', { name: 'User Management' })).toBeVisible();
  await snap(page, testInfo, '2-admin-navigation');
});

test('a 401 from the api logs the user out', async ({ page, user }, testInfo) => {
  void user;
  // A controllable clock, so the toast can be photographed before the redirect 500 ms later.
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
  // The session ends behind the app's back; its next call answers 401.
  await page.context().clearCookies();
  await page.getByRole('tab', { name: 'Backlog' }).click();
  await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
  await snap(page, testInfo, '1-unauthorized-toast');
  await expect(page).toHaveURL(/\/$/);
  await page.clock.runFor(600);
  await page.clock.resume();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('auth') === 'login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await snap(page, testInfo, '2-login-form');
});

test('routes: the landing page at any path signed out, a 404 page for unknown paths signed in', async ({ page, account, api }, testInfo) => {
  await page.goto('/calendar');
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();

  await api.register(account.username, account.password);
  await api.login(account.username, account.password);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for was not found.')).toBeVisible();
  await snap(page, testInfo, '1-not-found');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  if (!isPhone(testInfo)) {
    // The refresh button (wide screens only).
    await page.getByRole('button', { name: 'Refresh data' }).click();
    await expectToast(page, 'Data refreshed', 'All data has been refreshed from the server');
  } else {
    await expect(page.getByRole('button', { name: 'Refresh data' })).toBeHidden();
  }
});

test('the signed-out landing page asks nothing the api refuses (issue 37)', async ({ page }, testInfo) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  for (const path of ['/', '/dashboard', '/calendar']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(refused).toEqual([]);
  await snap(page, testInfo, '1-landing-signed-out');
});

test.describe('a browser in German (Germany)', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

  test('registers with EUR as its billing currency (issue 37)', async ({ page, account }, testInfo) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByLabel('Username').fill(account.username);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const billing = await page.request.get('/api/billing/settings');
    expect(await billing.json()).toMatchObject({ currency: 'EUR' });
    expect((await (await page.request.get('/api/auth/user')).json()) as { timezone: string }).toMatchObject({ timezone: 'Europe/Berlin' });
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Billing', exact: true }).click();
    await expect(settings.getByRole('region', { name: 'Billing' }).getByLabel('Currency')).toHaveValue('EUR');
    await snap(page, testInfo, '1-billing-in-eur');
  });
});
