// Where you are signed in, and what happened (DECISIONS 48): a user sees their other device in Settings and
// signs it out (it is signed out at its next request), then all others; the user reads their recent
// activity; the admin reads everyone's audit log, filtered by user, event and period.
import type { Browser, Page } from '@playwright/test';
import { expect, expectToast, snap, test } from '../support/fixtures';

const CSRF = { 'x-daybook-csrf': '1' };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';

/** Another browser of the same person, signed in with its own session. */
async function signInElsewhere(browser: Browser, baseURL: string, userAgent: string, username: string, password: string) {
  const context = await browser.newContext({ baseURL, userAgent });
  const response = await context.request.post('/api/login', { data: { username, password }, headers: CSRF });
  expect(response.ok()).toBe(true);
  return context;
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  return settings;
}

test('see and sign out another session, then all others', async ({ page, browser, baseURL, signedIn }, testInfo) => {
  const phone = await signInElsewhere(browser, baseURL!, IPHONE, signedIn.username, signedIn.password);
  try {
    expect((await phone.request.get('/api/auth/user')).status()).toBe(200);

    const settings = await openSettings(page);
    const section = settings.getByRole('region', { name: "Where you're signed in" });
    const sessions = section.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const here = sessions.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(here).toHaveCount(1);
    await expect(here).toContainText('Active now');
    const iphone = sessions.getByRole('listitem', { name: 'Safari 17 on iOS 17.1 · Apple iPhone' });
    await expect(iphone).toBeVisible();
    await expect(iphone).toContainText(/Signed in .* · Last active just now/);
    await section.scrollIntoViewIfNeeded();
    await snap(page, testInfo, '1-sessions');

    await iphone.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.1 · Apple iPhone' }).click();
    await expectToast(page, 'Session signed out', 'Safari 17 on iOS 17.1 · Apple iPhone');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    // The phone is signed out at its next request; this browser goes on.
    expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  } finally {
    await phone.close();
  }

  // Two more devices; "Sign out all other sessions" ends both and keeps this one.
  const laptop = await signInElsewhere(browser, baseURL!, FIREFOX_WINDOWS, signedIn.username, signedIn.password);
  const tablet = await signInElsewhere(browser, baseURL!, IPHONE, signedIn.username, signedIn.password);
  try {
    // Settings open again (once closed): the list is read afresh.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
    const settings = await openSettings(page);
    const section = settings.getByRole('region', { name: "Where you're signed in" });
    await expect(section.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(3);
    await expect(section.getByRole('listitem', { name: 'Firefox 120 on Windows 10' })).toBeVisible();
    await section.getByRole('button', { name: 'Sign out all other sessions' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out all other sessions?' });
    await expect(confirm).toContainText('2 other sessions will be signed out at once.');
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await expectToast(page, 'Signed out of your other sessions');
    await expect(section.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
    await expect(section.getByRole('button', { name: 'Sign out all other sessions' })).toHaveCount(0);
    expect((await laptop.request.get('/api/auth/user')).status()).toBe(401);
    expect((await tablet.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);

    // Both show in the recent activity.
    const activity = settings.getByRole('list', { name: 'Recent activity' });
    await expect(activity.getByTestId('audit-event').filter({ hasText: 'Other sessions signed out' })).toContainText('2 sessions');
    await expect(activity.getByTestId('audit-event').filter({ hasText: 'Session signed out' }).first()).toContainText('Safari 17 on iOS 17.1');
  } finally {
    await laptop.close();
    await tablet.close();
  }
});

test('read the audit log as a user and as the admin', async ({ page, browser, baseURL, signedIn, api }, testInfo) => {
  // A plain user has no way into everyone's log.
  expect((await page.request.get('/api/admin/audit')).status()).toBe(403);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();

  // Someone guesses the password from elsewhere; the user exports their tasks.
  const guesser = await browser.newContext({ baseURL });
  try {
    const refused = await guesser.request.post('/api/login', { data: { username: signedIn.username, password: 'not-the-password' }, headers: CSRF });
    expect(refused.status()).toBe(401);
  } finally {
    await guesser.close();
  }
  expect((await page.request.get('/api/export/tasks.csv')).status()).toBe(200);

  await page.goto('/');
  const settings = await openSettings(page);
  const activity = settings.getByRole('list', { name: 'Recent activity' });
  const events = activity.getByTestId('audit-event');
  await expect(events.filter({ hasText: 'Sign-in refused' })).toContainText('wrong username or password');
  await expect(events.filter({ hasText: 'Data exported' })).toContainText('tasks.csv');
  await expect(events.filter({ hasText: 'Signed in' }).first()).toBeVisible();
  // The password tried is nowhere.
  await expect(activity).not.toContainText('not-the-password');
  await activity.scrollIntoViewIfNeeded();
  await snap(page, testInfo, '1-recent-activity');

  // The admin: everyone's log, from User Management.
  await page.keyboard.press('Escape');
  await page.context().clearCookies();
  await api.login(process.env.E2E_ADMIN_USERNAME!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const log = page.getByRole('list', { name: 'Audit log' });
  await expect(log.getByTestId('audit-event').first()).toBeVisible();

  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel('User').selectOption({ label: signedIn.username });
  await expect(log.getByTestId('audit-event').filter({ hasText: 'Sign-in refused' })).toHaveCount(1);
  for (const account of await log.getByTestId('audit-account').all()) await expect(account).toHaveText(signedIn.username);
  await filters.getByLabel('Events').selectOption({ label: 'Sign-in refused' });
  await expect(log.getByTestId('audit-event')).toHaveCount(1);
  await expect(log.getByTestId('audit-event')).toContainText('wrong username or password');
  await filters.getByLabel('Period').selectOption({ label: 'Last 24 hours' });
  await expect(log.getByTestId('audit-event')).toHaveCount(1);
  await filters.getByLabel('Events').selectOption({ label: 'All events' });
  await expect(log.getByTestId('audit-event').filter({ hasText: 'Data exported' })).toBeVisible();
  await snap(page, testInfo, '2-admin-audit-log');
});
