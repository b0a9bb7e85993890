// Two-step sign-in (DECISIONS 47): an authenticator app set up in Settings and used to sign in (its codes
// computed here with otplib, as the app would), a recovery code; a passkey made and used by Chromium's
// virtual authenticator (DevTools protocol), as the second step and without a password.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, expectToast, snap, test, type Account } from '../support/fixtures';

const CSRF = { 'x-daybook-csrf': '1' };

async function openTwoStep(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  const section = settings.getByRole('region', { name: 'Two-step sign-in' });
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** A screenshot with `region` scrolled into the dialog's view. */
async function snapRegion(page: Page, testInfo: TestInfo, region: Locator, step: string) {
  await region.scrollIntoViewIfNeeded();
  await snap(page, testInfo, step);
}

/** Signs out on the server and opens the landing page's login form (the logout button has its own journey). */
async function signOutToLogin(page: Page, origin = '') {
  expect((await page.request.post(`${origin}/api/logout`, { headers: CSRF })).ok()).toBe(true);
  await page.goto(`${origin}/?auth=login`);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
}

async function passwordStep(page: Page, account: Account) {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).last().click();
}

const onDashboard = (page: Page) => expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

test('an authenticator app: set up in Settings, then asked for after the password; a recovery code works once', async ({ page, signedIn }, testInfo) => {
  const section = await openTwoStep(page);
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('listitem', { name: 'Authenticator app' }).getByRole('button', { name: 'Set up' }).click();
  const setup = section.getByRole('region', { name: 'Set up an authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await setup.getByRole('textbox', { name: 'Setup key' }).inputValue()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snapRegion(page, testInfo, setup, '1-setup');
  await expectNoSeriousAxeViolations(page, 'setting up an authenticator app');

  // A wrong code leaves it off; the app's code turns it on and shows the recovery codes once.
  await setup.getByRole('textbox', { name: '6-digit code' }).fill('12345');
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await setup.getByRole('textbox', { name: '6-digit code' }).fill(generateSync({ secret }));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expectToast(page, 'Authenticator app added');
  const codesPanel = section.getByRole('region', { name: 'Recovery codes' });
  const codes = (await codesPanel.getByRole('textbox', { name: 'Recovery codes' }).inputValue()).split('\n');
  expect(codes).toHaveLength(10);
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await snapRegion(page, testInfo, codesPanel, '2-recovery-codes');
  await codesPanel.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('listitem', { name: 'Recovery codes' })).toContainText('10 of 10 left');
  await expect(section.getByRole('listitem', { name: 'Authenticator app' })).toContainText('Added');
  await snapRegion(page, testInfo, section, '3-on');

  // The password alone no longer signs in: the second step asks for a code.
  await signOutToLogin(page);
  await passwordStep(page, signedIn);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await snap(page, testInfo, '4-second-step');
  await expectNoSeriousAxeViolations(page, 'the second step');
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Login Failed', 'Invalid authentication code');
  // The code that turned the app on is used: the app's next code (one step ahead is still accepted).
  await page.getByLabel('Authentication code').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Login Successful');
  await onDashboard(page);

  // A lost phone: a recovery code signs in once.
  await signOutToLogin(page);
  await passwordStep(page, signedIn);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await snap(page, testInfo, '5-recovery-code');
  await page.getByRole('button', { name: 'Verify' }).click();
  await onDashboard(page);
  await signOutToLogin(page);
  await passwordStep(page, signedIn);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Login Failed', 'Invalid recovery code');
  await page.getByRole('button', { name: 'Cancel and sign in again' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('a passkey: made by the browser in Settings, then signing in without a password and as the second step', async ({ page, context, baseURL, account }, testInfo) => {
  // WebAuthn needs a host name (an address such as 127.0.0.1 is no relying party): the same stack, by name.
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  for (const path of ['/api/register', '/api/login']) {
    expect((await page.request.post(`${origin}${path}`, { data: account, headers: CSRF })).ok()).toBe(true);
  }
  await page.goto(`${origin}/`);
  await onDashboard(page);

  const section = await openTwoStep(page);
  await section.getByRole('button', { name: 'Add passkey' }).click();
  await expect(section.getByText('Name your passkey, such as "Laptop" or "Phone"')).toBeVisible();
  await section.getByLabel('Passkey name').fill('Laptop');
  await section.getByRole('button', { name: 'Add passkey' }).click();
  await expectToast(page, 'Passkey added');
  const codesPanel = section.getByRole('region', { name: 'Recovery codes' });
  expect((await codesPanel.getByRole('textbox', { name: 'Recovery codes' }).inputValue()).split('\n')).toHaveLength(10);
  await codesPanel.getByRole('button', { name: 'Done' }).click();
  const passkey = section.getByRole('listitem', { name: 'Passkey Laptop' });
  await expect(passkey).toContainText('not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await snapRegion(page, testInfo, section, '1-passkey-added');

  // Without a password: the browser offers the passkey it holds for this site.
  await signOutToLogin(page, origin);
  await snap(page, testInfo, '2-login-with-passkey-button');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'Login Successful');
  await onDashboard(page);

  // With the password, the passkey is the second step.
  await signOutToLogin(page, origin);
  await passwordStep(page, account);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page.getByText('Use your passkey to finish signing in.')).toBeVisible();
  await snap(page, testInfo, '3-second-step-passkey');
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expectToast(page, 'Login Successful');
  await onDashboard(page);
  const reopened = await openTwoStep(page);
  await expect(reopened.getByRole('listitem', { name: 'Passkey Laptop' })).toContainText('last used');
});

test('removing the authenticator app asks for the current password: a wrong one is said in the dialog, the right one removes it', async ({ page, user }, testInfo) => {
  // The app is turned on through the api (the first journey shows the screens).
  const { secret } = (await (await page.request.post('/api/auth/second-factor/totp', { headers: CSRF })).json()) as { secret: string };
  expect((await page.request.post('/api/auth/second-factor/totp/confirm', { data: { code: generateSync({ secret }) }, headers: CSRF })).ok()).toBe(true);
  await page.goto('/');
  await onDashboard(page);

  const section = await openTwoStep(page);
  await section.getByRole('button', { name: 'Remove authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove authenticator app?' });
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('Your current password is not correct')).toBeVisible();
  await snap(page, testInfo, '1-remove-asks-for-password');
  await expectNoSeriousAxeViolations(page, 'removing a factor');
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Authenticator app removed', 'Two-step sign-in is off.');
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
});

test('an admin resets a lost second factor: the user is signed out everywhere and signs in with the password again', async ({ page, browser, baseURL, user }, testInfo) => {
  // The user turns an authenticator app on (through the api: the first journey shows the screens).
  const setup = await page.request.post('/api/auth/second-factor/totp', { headers: CSRF });
  const { secret } = (await setup.json()) as { secret: string };
  expect((await page.request.post('/api/auth/second-factor/totp/confirm', { data: { code: generateSync({ secret }) }, headers: CSRF })).ok()).toBe(true);
  await page.goto('/');
  await onDashboard(page);

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  expect(
    (await admin.request.post('/api/login', { data: { username: process.env.E2E_ADMIN_USERNAME, password: process.env.E2E_ADMIN_PASSWORD }, headers: CSRF })).ok(),
  ).toBe(true);
  await admin.goto('/admin/users');
  const requirement = admin.getByRole('region', { name: 'Two-step sign-in' });
  await expect(requirement.getByRole('combobox', { name: 'Two-step sign-in' })).toContainText('Not required');
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(user.username);
  const card = admin.getByTestId('user-card').filter({ hasText: user.username });
  await expect(card).toHaveCount(1);
  await snap(admin, testInfo, '1-user-management');
  await card.getByRole('button', { name: 'Reset second factor' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Reset second factor?' });
  await expect(dialog).toContainText(`Remove every authenticator app, passkey and recovery code of ${user.username}?`);
  await snap(admin, testInfo, '2-confirm-reset');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expectToast(admin, 'Second factor reset', 'The user was signed out everywhere and 0 API tokens were ended.');
  await expect(card.getByRole('button', { name: 'Reset second factor' })).toHaveCount(0);
  await adminContext.close();

  // The user's session has ended; the password alone signs in now.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await page.goto('/?auth=login');
  await passwordStep(page, user);
  await onDashboard(page);
});
