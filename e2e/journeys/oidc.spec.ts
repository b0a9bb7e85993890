// Single sign-on with OpenID Connect (DECISIONS 30) against the loopback provider the harness starts
// (services/api/src/test/oidc-provider.mjs): its development login form takes any login.
import type { Page } from '@playwright/test';
import { expect, snap, test, uniqueName } from '../support/fixtures';
import { signOutFromSettings } from '../support/dashboard';

const dashboard = (page: Page) => page.getByRole('heading', { name: 'Dashboard', level: 1 });

/** From the landing page through the provider to the dashboard; the provider asks for the login only while the browser is not signed in there. */
async function signInWithProvider(page: Page, login: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('link', { name: 'Sign in with Test Provider' }).click();
  const loginField = page.locator('input[name="login"]');
  await expect(dashboard(page).or(loginField)).toBeVisible();
  if (await loginField.isVisible()) {
    await loginField.fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }
  await expect(dashboard(page)).toBeVisible();
}

const currentUser = async (page: Page) => (await (await page.request.get('/api/auth/user')).json()) as { id: string; username: string; email: string | null };

test('sign in with OpenID Connect: the account is created, and signing in again reaches the same account', async ({ page }, testInfo) => {
  const login = uniqueName('oidc');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('link', { name: 'Sign in with Test Provider' })).toBeVisible();
  // The password form stays beside it (PASSWORD_LOGIN_ENABLED is on).
  await expect(page.getByLabel('Password')).toBeVisible();
  await snap(page, testInfo, '1-login-with-sso');
  await page.getByRole('button', { name: 'Back' }).click();

  await signInWithProvider(page, login);
  const created = await currentUser(page);
  expect(created).toMatchObject({ username: login, email: `${login}@example.test` });
  await snap(page, testInfo, '2-signed-in');

  // Sign out, as a person does.
  await signOutFromSettings(page);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await signInWithProvider(page, login);
  expect((await currentUser(page)).id).toBe(created.id);
});

test('a refused single sign-on ends on the landing page with the reason', async ({ page }, testInfo) => {
  // A callback this browser never started (no flow, a made-up state).
  await page.goto('/api/auth/oidc/callback?code=made-up&state=made-up');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This sign-in was started elsewhere or has already been used. Please sign in again.');
  await snap(page, testInfo, '1-refused');
});
