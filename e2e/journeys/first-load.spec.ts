// First load (issue 18): a first visit asks each of the first screen's reads once (started by a script of
// their own before the app's, taken by the app); a repeat visit shows the day's tasks from what the device kept before the network
// answers, then reads them again; signing out leaves nothing kept for the next user of the device.
import type { BrowserContext, Page } from '@playwright/test';
import { dateIn, expect, test, uniqueName } from '../support/fixtures';
import { signOutFromSettings } from '../support/dashboard';
import { waitForServiceWorkerControl } from '../support/serviceWorker';

/** Holds back every api answer (the page's and its service worker's) until `release`. */
async function holdApi(context: BrowserContext) {
  let letGo: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const counts = { held: 0, answered: 0 };
  await context.route('**/api/**', async (route) => {
    counts.held += 1;
    await released;
    await route.continue().catch(() => undefined); // the page may have moved on
    counts.answered += 1;
  });
  const release = async () => {
    letGo();
    await context.unroute('**/api/**');
  };
  return { counts, release };
}

/** The api answers the device keeps (the service worker's cache), by path. */
const keptAnswers = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('daybook-api'))) return [];
    return (await (await caches.open('daybook-api')).keys()).map((request) => new URL(request.url).pathname);
  });

test('a repeat visit shows the tasks kept on the device before the network answers; signing out keeps nothing', async ({ page, context, api, user: _user }) => {
  const { timezone } = await api.currentUser();
  const title = uniqueName('Kept task');
  await api.createTask({ title, dueDate: dateIn(timezone) });
  await api.markDayReviewed();

  // First visit: from the network; the service worker takes control and keeps the answers.
  await page.goto('/');
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await waitForServiceWorkerControl(page);
  await expect.poll(() => keptAnswers(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(['/api/auth/user', '/api/tasks/today']));

  // Repeat visit with the api held back: the kept tasks show at once (the service worker alone would wait
  // 5 s for the network before falling back to its cache).
  const held = await holdApi(context);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 4_000 });
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  expect(held.counts.held).toBeGreaterThan(0); // the page did ask the network…
  expect(held.counts.answered).toBe(0); // …which has not answered yet
  await held.release();
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();

  // Signing out deletes what the device kept: the next user of this browser sees none of it.
  await signOutFromSettings(page);
  // Nothing of the user is kept (the landing page has since read the public sign-in settings).
  expect((await keptAnswers(page)).filter((path) => path !== '/api/auth/config' && path !== '/api/auth/session')).toEqual([]);

  const next = { username: uniqueName('next'), password: 'next-user-password' };
  await api.register(next.username, next.password);
  await api.login(next.username, next.password);
  await api.markDayReviewed();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('No tasks for the day')).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);
});

test("a first visit asks each of the dashboard's reads once: the app takes the answers of the early reads", async ({ page, api, user: _user }) => {
  const { timezone } = await api.currentUser();
  const top = await api.createTask({ title: uniqueName('Top task'), dueDate: dateIn(timezone) });
  await api.setDailyPriorities([top.id]);
  await api.markDayReviewed();
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) asked.push(path);
  });

  await page.goto('/');
  await expect(page.getByText(top.title, { exact: true }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const times = (path: string) => asked.filter((p) => p === path).length;
  for (const path of ['/api/tasks/today', '/api/clients', '/api/daily-plan', '/api/timer']) expect(times(path), path).toBe(1);
  // The plan brings its top 3: no read of the task itself.
  expect(times(`/api/tasks/${top.id}`)).toBe(0);
  await expect(page.getByRole('region', { name: "Today's Top 3 Priorities" })).toContainText(top.title);
  // Who is signed in: the early read is the app's read on mount (spec §7), made before the first render.
  expect(times('/api/auth/user')).toBe(1);
  // The capture bar's own reads wait for its structurer's code (loaded on focus, or 8 s after load).
  for (const path of ['/api/time-increments', '/api/capture/context']) expect(times(path), path).toBe(0);
});

test("index.html: the first reads' script comes first (async), the dashboard's drag and drop is preloaded, and the stylesheet comes after the loading screen, preloaded from the head", async ({ request }) => {
  const html = await (await request.get('/')).text();
  const [head, body] = html.split('<body>') as [string, string];
  const scripts = [...head.matchAll(/<script\b[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
  expect(scripts[0]).toMatch(/^\/assets\/firstReads-[^/]+\.js$/);
  // Async: it runs as soon as it has arrived, not once the page is parsed and its stylesheet loaded.
  expect(head).toMatch(/<script type="module" async[^>]*src="\/assets\/firstReads-/);
  // The dashboard's first render waits for drag and drop: it downloads with the entry, in one chunk.
  expect(head).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/dnd-[^/"]+\.js"/);
  expect(scripts.length).toBeGreaterThan(1); // the app's own entry after it
  const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(body)?.[1];
  expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
  expect(head).not.toContain('rel="stylesheet"');
  expect(head).toContain(`<link rel="preload" as="style" crossorigin href="${stylesheet}">`);
  // The loading screen is painted before the stylesheet has loaded: it comes first in the body.
  expect(body.indexOf('Loading...')).toBeLessThan(body.indexOf('rel="stylesheet"'));
});
