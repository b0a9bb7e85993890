// The service worker's push notifications (DECISIONS 29), driven without a push service: a message is
// delivered through Chromium's DevTools protocol (ServiceWorker.deliverPushMessage), the notifications
// it shows are read in the worker, and a button is pressed by dispatching a notificationclick there.
//
// Two things Chromium does that these helpers allow for:
// - a push delivered just after the worker started may be dropped (the protocol can still report it
//   installing while the page sees it active): a push is delivered again until it shows a notification;
// - getNotifications() read while a notification is still being put on screen can lose it for good:
//   the notifications are read only once the worker's showNotification has settled.
import type { CDPSession, Page, Worker } from '@playwright/test';
import type { NotificationPayload } from '../../packages/shared/src/index';
import { waitForServiceWorkerControl } from './serviceWorker';

/** A notification as the worker shows it: what the user reads and the ids of its buttons. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  actions: string[];
}

/**
 * The worker's global scope as the helpers use it, typed by hand (the e2e project has the DOM's types,
 * not the worker's); `actions` is missing from TypeScript's Notification.
 */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
  dispatchEvent(event: Event): boolean;
  /** How many showNotification calls have settled since the helpers started counting. */
  settledNotifications?: number;
};
type NotificationWithActions = Notification & { actions: ReadonlyArray<{ action: string }> };

/**
 * A task's reminder as the worker sends it: the shape reminderMessage (services/ai-worker/src/notify/
 * messages.ts) builds, here with a plain body. (Importing the builder would type-check the worker's
 * sources under the DOM's types, which its fetch calls do not satisfy.)
 */
export function reminderPush(task: { id: string; title: string }, reminderId: string): NotificationPayload {
  return { kind: 'reminder', title: task.title, body: 'Due today', taskId: task.id, reminderId, late: false, url: `/?task=${task.id}` };
}

/** Waits until /sw.js is active and controls the page (it registers after the page has loaded); returns it. */
export async function serviceWorkerReady(page: Page): Promise<Worker> {
  await waitForServiceWorkerControl(page);
  const isApp = (candidate: Worker) => candidate.url().endsWith('/sw.js');
  return page.context().serviceWorkers().find(isApp) ?? page.context().waitForEvent('serviceworker', isApp);
}

/** The count of the worker's settled showNotification calls (the method is wrapped on the first call). */
function settledNotifications(worker: Worker): Promise<number> {
  return worker.evaluate(() => {
    const scope = self as unknown as WorkerScope;
    if (scope.settledNotifications === undefined) {
      scope.settledNotifications = 0;
      const show = ServiceWorkerRegistration.prototype.showNotification;
      ServiceWorkerRegistration.prototype.showNotification = function (this: ServiceWorkerRegistration, ...args: Parameters<typeof show>) {
        return show.apply(this, args).finally(() => {
          scope.settledNotifications! += 1;
        });
      };
    }
    return scope.settledNotifications;
  });
}

/** The id of the app's service worker registration, as the protocol reports it once its domain is enabled. */
function registrationOf(cdp: CDPSession, origin: string): Promise<string> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
}

/** True once `check` holds, polled every 100 ms for at most `ms`; false after. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

const PUSH_ATTEMPTS = 5;

/**
 * Delivers `payload` to the app's service worker as a push message, as a push service would, and returns
 * once the notification is shown. A message the browser dropped (see above) is delivered again; should a
 * slow first one show after all, the second replaces it (the same tag): one notification still.
 */
export async function deliverPush(page: Page, worker: Worker, payload: NotificationPayload): Promise<void> {
  const settledBefore = await settledNotifications(worker);
  const shown = async () => (await settledNotifications(worker)) > settledBefore;
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  try {
    const registration = registrationOf(cdp, origin);
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    for (let attempt = 0; attempt < PUSH_ATTEMPTS; attempt += 1) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
      if (await within(3_000, shown)) return;
    }
    throw new Error(`the push message showed no notification after ${PUSH_ATTEMPTS} deliveries`);
  } finally {
    await cdp.detach();
  }
}

/** The notifications the worker shows now. */
export function shownNotifications(worker: Worker): Promise<ShownNotification[]> {
  return worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const notifications = (await scope.registration.getNotifications()) as NotificationWithActions[];
    return notifications.map(({ title, body, tag, actions }) => ({ title, body, tag, actions: actions.map(({ action }) => action) }));
  });
}

/**
 * Presses a button of the shown notification tagged `tag` ('' for the notification itself): the worker's
 * notificationclick handler runs as it would for a click, but on a synthetic event (neither a page nor
 * the protocol can click a notification; the browser then refuses the worker's focus() of a window).
 */
export async function pressNotification(worker: Worker, tag: string, action: string): Promise<void> {
  const found = await worker.evaluate(
    async ({ tag: wanted, action: pressed }) => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications({ tag: wanted });
      if (!notification) return false;
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification, action: pressed }));
      return true;
    },
    { tag, action },
  );
  if (!found) throw new Error(`no notification tagged ${tag} is shown`);
}
