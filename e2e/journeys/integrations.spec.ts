// Your data, your tools (DECISIONS 30): an API token made in the settings works for a script (Playwright's
// request API, no cookies) until it is revoked; the private calendar feed lists a task with a due date, and
// a new link ends the old one at once.
import { request, type Locator, type Page, type TestInfo } from '@playwright/test';
import { dateIn, expect, expectToast, snap, test, uniqueName } from '../support/fixtures';

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  return settings;
}

/** A screenshot with `region` scrolled into the dialog's view. */
async function snapRegion(page: Page, testInfo: TestInfo, region: Locator, step: string) {
  await region.scrollIntoViewIfNeeded();
  await snap(page, testInfo, step);
}

test('integrations: an API token for scripts, revoked; the calendar feed, given a new link', async ({ page, context, baseURL, signedIn, api }, testInfo) => {
  void signedIn;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  const { timezone } = await api.currentUser();
  const settings = await openSettings(page);

  // A read-write token: its secret is shown once, with Copy and an example.
  const tokens = settings.getByRole('region', { name: 'API tokens' });
  await expect(tokens.getByText('No tokens yet.')).toBeVisible();
  const form = tokens.getByRole('form', { name: 'Create a token' });
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByText('Token name is required')).toBeVisible();
  await form.getByLabel('Token name').fill('Shortcuts');
  await form.getByRole('combobox', { name: 'Access' }).click();
  await page.getByRole('option', { name: 'Read and write' }).click();
  await form.getByRole('button', { name: 'Create token' }).click();
  await expectToast(page, 'Token created');
  const panel = tokens.getByRole('region', { name: 'New token' });
  const secret = await panel.getByRole('textbox', { name: 'Token', exact: true }).inputValue();
  expect(secret).toMatch(/^dbk_[A-Za-z0-9_-]{32}$/);
  await expect(panel.getByRole('textbox', { name: 'Example command' })).toHaveValue(`curl -H "Authorization: Bearer ${secret}" ${baseURL}/api/tasks/today`);
  await panel.getByRole('button', { name: 'Copy token' }).click();
  await expectToast(page, 'Token copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await snapRegion(page, testInfo, tokens, '1-token-created');
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toHaveCount(0);
  const card = tokens.getByRole('listitem', { name: 'Shortcuts' });
  await expect(card).toContainText('Read and write');
  await expect(card).toContainText('Last used Never');

  // A script with the token (no cookies, no CSRF header) makes a task with a due date.
  const script = await request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${secret}` } });
  const title = uniqueName('Water the plants');
  const created = await script.post('/api/tasks', { data: { title, dueDate: dateIn(timezone, 1) } });
  expect(created.status()).toBe(201);
  // Back in the app (a reload here; a person coming back from a terminal refocuses the window): its use shows.
  await page.reload();
  await openSettings(page);
  await expect(card).toContainText(/Last used (just now|\d+ minutes? ago)/);
  await snapRegion(page, testInfo, tokens, '2-token-used');

  // Revoked: the same request gets 401.
  await card.getByRole('button', { name: 'Revoke Shortcuts' }).click();
  await page.getByRole('dialog', { name: 'Revoke token?' }).getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'Token revoked');
  await expect(card).toHaveCount(0);
  expect((await script.post('/api/tasks', { data: { title: uniqueName('Too late') } })).status()).toBe(401);
  await script.dispose();

  // The calendar feed: off until turned on; the link lists the task; a new link ends the old one.
  const feed = settings.getByRole('region', { name: 'Calendar feed' });
  await feed.scrollIntoViewIfNeeded();
  await feed.getByRole('button', { name: 'Turn on calendar feed' }).click();
  await expectToast(page, 'Calendar feed on');
  const link = feed.getByRole('textbox', { name: 'Calendar feed link' });
  const firstUrl = await link.inputValue();
  expect(firstUrl).toMatch(new RegExp(`^${baseURL}/api/calendar/[A-Za-z0-9_-]{32}\\.ics$`));
  await expect(feed.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', firstUrl.replace(/^https?:/, 'webcal:'));
  await snapRegion(page, testInfo, feed, '3-feed-on');
  const calendar = await request.newContext();
  const first = await calendar.get(firstUrl);
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toContain('text/calendar');
  expect(await first.text()).toContain(`SUMMARY:${title}`);

  await feed.getByRole('button', { name: 'Get a new link' }).click();
  await page.getByRole('dialog', { name: 'Get a new link?' }).getByRole('button', { name: 'Get a new link' }).click();
  await expectToast(page, 'New link ready', 'The old link no longer works.');
  await expect(link).not.toHaveValue(firstUrl);
  const secondUrl = await link.inputValue();
  expect((await calendar.get(firstUrl)).status()).toBe(404);
  expect(await (await calendar.get(secondUrl)).text()).toContain(`SUMMARY:${title}`);

  // Off: the link ends too.
  await feed.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog', { name: 'Turn off calendar feed?' }).getByRole('button', { name: 'Turn off' }).click();
  await expectToast(page, 'Calendar feed off');
  await expect(feed.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
  expect((await calendar.get(secondUrl)).status()).toBe(404);
  await calendar.dispose();
});
