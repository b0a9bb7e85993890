// Waiting on the service worker and on what it keeps. Each polls page.evaluate: page.waitForFunction given
// an async predicate resolves at once (the promise it returns is truthy), which once let the offline
// journeys cut the network before the worker had finished installing.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Until /sw.js is installed, active and controls the page (it registers after the page has loaded). */
export async function waitForServiceWorkerControl(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/');
          return registration?.active?.state === 'activated' && registration.active.scriptURL.endsWith('/sw.js') && navigator.serviceWorker.controller !== null;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Until the device holds the signed-in user and a list that shows `title` (the worker stores an answer just after handing it to the page). */
export async function waitForKeptAnswers(page: Page, title: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async (shown) => {
          const cache = await caches.open('daybook-api');
          const answers = await Promise.all((await cache.keys()).map(async (request) => ({ url: request.url, body: await (await cache.match(request))!.text() })));
          return answers.some((answer) => answer.url.endsWith('/api/auth/user')) && answers.some((answer) => answer.body.includes(shown));
        }, title),
      { timeout: 15_000 },
    )
    .toBe(true);
}
