/// <reference lib="webworker" />
/**
 * The service worker served at /sw.js (DECISIONS 19): the app shell precached, recent api reads kept
 * for offline use, and changes made offline queued (IndexedDB, workbox-background-sync) and replayed in
 * order when the connection returns; the pages are then told to refresh their data. It also shows the
 * push notifications of reminders and the digest, with Complete and Snooze (DECISIONS 29).
 */
import { Queue } from 'workbox-background-sync';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CSRF_HEADER, CSRF_HEADER_VALUE, OFFLINE_MADE_AT_HEADER } from '@daybook/shared';
import {
  API_CACHE,
  isKeptOffline,
  isNeverQueued,
  LOCAL_IDS_HEADER,
  newLocalIds,
  OFFLINE_QUEUED_HEADER,
  replayInOrder,
  SW_MESSAGES,
  type ChangeQueue,
  type QueuedAnswer,
} from './lib/offlineProtocol';
import { actionFailedText, actionRequest, notificationFor, readPushPayload } from './lib/pushNotifications';
import { deviceName, subscriptionBody } from './lib/push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every app path is the single-page shell; /api and the service worker itself are not.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/sw\.js$/] }));

// Reads of the api: the network first, the last answer when offline (the user, clients, the day's list
// and the first page of every list; see isKeptOffline).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isKeptOffline(url),
  new NetworkFirst({ cacheName: API_CACHE, networkTimeoutSeconds: 5 }),
);

async function notifyClients(type: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type });
}

let replaying: Promise<void> | null = null;
const queue = new Queue('daybook-changes', {
  maxRetentionTime: 7 * 24 * 60, // minutes
  onSync: async () => {
    await replay();
  },
});

/**
 * Right after the connection returns, the worker's own fetches may still fail for a moment (and a flaky
 * network fails some): a failed replay is tried again after these pauses, instead of waiting minutes for
 * the browser's next background sync.
 */
const REPLAY_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

// The real ids of the tasks made offline whose creation has replayed (local → real), kept until the queue
// is empty: a replay cut short after a creation still sends the later changes to that task to the right id.
const REPLAYED_IDS = new Request('/daybook-replayed-ids');
const IDS_CACHE = 'daybook-offline-ids';

async function replayedIds(): Promise<Record<string, string>> {
  const kept = await (await caches.open(IDS_CACHE)).match(REPLAYED_IDS);
  return kept ? ((await kept.json()) as Record<string, string>) : {};
}

async function keepReplayedIds(ids: Record<string, string>) {
  await (await caches.open(IDS_CACHE)).put(REPLAYED_IDS, new Response(JSON.stringify(ids)));
}

const workboxQueue: ChangeQueue = {
  shift: async () => {
    const entry = await queue.shiftRequest();
    if (entry) shifted.set(entry.request, entry.timestamp);
    return entry?.request;
  },
  putBack: (request) => queue.unshiftRequest({ request, timestamp: shifted.get(request) }),
};
const shifted = new WeakMap<Request, number | undefined>();

/**
 * Replays the queued changes in order (one at a time), then tells the pages to refresh; none, no news but
 * that the queue is empty (the pages then stop showing tasks made offline as waiting).
 */
function replay(): Promise<void> {
  replaying ??= (async () => {
    try {
      for (let attempt = 0; ; attempt += 1) {
        // Nothing queued: nothing to replay, and no reason to make the pages load everything again.
        if ((await queue.size()) === 0) {
          await caches.delete(IDS_CACHE);
          await notifyClients(SW_MESSAGES.drained);
          return;
        }
        try {
          await replayInOrder(workboxQueue, await replayedIds(), keepReplayedIds); // a request that fails goes back to the head of the queue
          await notifyClients(SW_MESSAGES.replayed);
          continue; // changes queued meanwhile are replayed too, then the pages hear the queue is empty
        } catch (error) {
          const delay = REPLAY_RETRY_DELAYS_MS[attempt];
          if (delay === undefined) {
            await notifyClients(SW_MESSAGES.replayed); // the changes replayed before the failure
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    } finally {
      replaying = null;
    }
  })();
  return replaying;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/api/logout')) {
    event.waitUntil(caches.delete(API_CACHE));
    return;
  }
  if (request.method === 'GET' || request.method === 'HEAD' || isNeverQueued(url)) return;
  const copy = request.clone();
  event.respondWith(
    (async () => {
      // Changes keep their order: while older ones wait, a new one waits behind them.
      if ((await queue.size()) === 0) {
        try {
          return await fetch(request);
        } catch {
          // offline: queue below
        }
      }
      // The change keeps the instant it was made: a timer started or stopped offline runs from then, not from the replay.
      const stamped = new Headers(copy.headers);
      stamped.set(OFFLINE_MADE_AT_HEADER, new Date().toISOString());
      // Tasks created offline get local ids, for the page to show them and queue their changes (issue 37).
      const localIds = newLocalIds(copy.method, url, await copy.clone().text());
      if (localIds.length > 0) stamped.set(LOCAL_IDS_HEADER, localIds.join(','));
      await queue.pushRequest({ request: new Request(copy, { headers: stamped }) });
      await notifyClients(SW_MESSAGES.queued);
      const answer: QueuedAnswer = localIds.length > 0 ? { queued: true, localIds } : { queued: true };
      return new Response(JSON.stringify(answer), {
        status: 202,
        headers: { 'Content-Type': 'application/json', [OFFLINE_QUEUED_HEADER]: '1' },
      });
    })(),
  );
});

/**
 * Reads the page made before this worker controlled it (the first visit): read again here and kept, so the
 * device holds the user and the lists for a reload offline, without the page rendering them again.
 */
async function keepAnswers(urls: unknown[]) {
  const cache = await caches.open(API_CACHE);
  await Promise.all(
    urls.map(async (href) => {
      if (typeof href !== 'string') return;
      const url = new URL(href, self.location.origin);
      if (url.origin !== self.location.origin || !isKeptOffline(url)) return;
      const answer = await callApi('GET', `${url.pathname}${url.search}`).catch(() => null);
      if (answer?.ok) await cache.put(url.href, answer);
    }),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === SW_MESSAGES.replay) event.waitUntil(replay());
  if (data?.type === SW_MESSAGES.keep && Array.isArray(data.urls)) event.waitUntil(keepAnswers(data.urls));
});

// ---------------------------------------------------------------------------------------------
// Push notifications (DECISIONS 29)

/**
 * Keeps the worker alive until `work` is done. A synthetic event (a test dispatching one) refuses
 * waitUntil: the work still runs.
 */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>) {
  const settled = work.catch((error: unknown) => console.error('[sw]', error));
  try {
    event.waitUntil(settled);
  } catch {
    // not dispatched by the browser
  }
}

/**
 * A call to the api with the session cookie and the CSRF header, as the pages make it. The worker's own
 * fetches do not pass through its fetch handler: they are never queued offline, they succeed or fail now.
 */
function callApi(method: string, path: string, body?: object): Promise<Response> {
  return fetch(path, {
    method,
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  const { title, options } = notificationFor(readPushPayload(data));
  keepAlive(event, self.registration.showNotification(title, options));
});

/**
 * Shows `url` in an open window of the app (without reloading it) and focuses it, or opens one. The path
 * goes first: a window the browser refuses to focus still shows it.
 */
async function openApp(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  open.postMessage({ type: SW_MESSAGES.open, url });
  await open.focus();
}

async function onNotificationClick(notification: Notification, action: string) {
  notification.close();
  const payload = readPushPayload(notification.data);
  const request = actionRequest(action, payload);
  if (!request) {
    await openApp(payload.url);
    return;
  }
  const answer = await callApi(request.method, request.path, request.body).catch(() => null);
  if (answer?.ok) {
    await notifyClients(SW_MESSAGES.changed);
    return;
  }
  // Offline or signed out: say so where the user is looking; a click then opens the app.
  await self.registration.showNotification(payload.title, { body: actionFailedText(action), tag: notification.tag || undefined, data: payload });
}

self.addEventListener('notificationclick', (event) => {
  keepAlive(event, onNotificationClick(event.notification, event.action));
});

/**
 * The push service replaced this browser's subscription (it expired or was revoked): subscribe again with
 * the same server key and tell the api, so reminders keep arriving without a visit to the settings.
 */
async function renewSubscription(previous: PushSubscription | null, renewed: PushSubscription | null) {
  let subscription = renewed;
  if (!subscription) {
    let key: BufferSource | string | null = previous?.options.applicationServerKey ?? null;
    if (!key) {
      const answer = await callApi('GET', '/api/notifications/push/key');
      if (!answer.ok) return;
      key = ((await answer.json()) as { publicKey: string }).publicKey;
    }
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  await callApi('POST', '/api/notifications/push-subscriptions', { ...subscriptionBody(subscription), name: deviceName(self.navigator.userAgent) });
  if (previous && previous.endpoint !== subscription.endpoint) {
    await callApi('DELETE', `/api/notifications/push-subscriptions?endpoint=${encodeURIComponent(previous.endpoint)}`);
  }
}

self.addEventListener('pushsubscriptionchange', (event) => {
  keepAlive(event, renewSubscription(event.oldSubscription, event.newSubscription));
});
