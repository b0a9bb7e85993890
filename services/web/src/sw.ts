/// <reference lib="webworker" />
/**
 * The service worker served at /sw.js (DECISIONS 19): the app shell precached, recent api reads kept
 * for offline use, and changes made offline queued (IndexedDB, workbox-background-sync) and replayed in
 * order when the connection returns; the pages are then told to refresh their data.
 */
import { Queue } from 'workbox-background-sync';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isKeptOffline, OFFLINE_QUEUED_HEADER, SW_MESSAGES } from './lib/offlineProtocol';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const API_CACHE = 'daybook-api';

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

/** Replays the queued changes in order (one at a time), then tells the pages to refresh; none, no news. */
function replay(): Promise<void> {
  replaying ??= (async () => {
    try {
      for (let attempt = 0; ; attempt += 1) {
        // Nothing queued: nothing to replay, and no reason to make the pages load everything again.
        if ((await queue.size()) === 0) return;
        try {
          await queue.replayRequests(); // a request that fails goes back to the head of the queue
          await notifyClients(SW_MESSAGES.replayed);
          return;
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

// Sign-in and sign-out are never queued (signing out forgets the cached data), nor is a model's review
// of a capture: it is a question for now, not a change to replay later.
const NOT_QUEUED = /^\/api\/(login|register|logout|ai\/)/;

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/api/logout')) {
    event.waitUntil(caches.delete(API_CACHE));
    return;
  }
  if (request.method === 'GET' || request.method === 'HEAD' || NOT_QUEUED.test(url.pathname)) return;
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
      await queue.pushRequest({ request: copy });
      await notifyClients(SW_MESSAGES.queued);
      return new Response(JSON.stringify({ queued: true }), {
        status: 202,
        headers: { 'Content-Type': 'application/json', [OFFLINE_QUEUED_HEADER]: '1' },
      });
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === SW_MESSAGES.replay) event.waitUntil(replay());
});
