import { baseApi, TAG_TYPES } from '../api/baseApi';
import { readsSoFar } from '../api/firstAnswers';
import { showOfflineTasks } from '../api/tasksApi';
import type { AppStore } from '../app/store';
import { isCreatedInDeviceQueue, replayDeviceQueue } from './deviceQueue';
import { SW_MESSAGES } from './offlineProtocol';
import { forgetOfflineTasks } from './offlineTasks';

/** A clicked notification's path, shown in this page without a reload (the router follows popstate). */
function showPath(url: string) {
  if (!url.startsWith('/') || url.startsWith('//')) return;
  if (`${window.location.pathname}${window.location.search}` === url) return;
  window.history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * Registers /sw.js once the page has loaded (DECISIONS 19), asks it to replay queued changes when the
 * connection returns (and replays the page's own queue), refreshes every list once it has replayed some or
 * a notification's button changed a task, and shows the path of a clicked notification.
 */
export function registerServiceWorker(store: AppStore): void {
  const refreshAll = () => store.dispatch(baseApi.util.invalidateTags([...TAG_TYPES]));
  // A queue has been replayed: the tasks made offline that no queue holds any more are on the server now.
  const forgetSynced = () => {
    forgetOfflineTasks(isCreatedInDeviceQueue);
    showOfflineTasks(store.dispatch, store.getState());
  };
  // The page's own queue (changes made offline before a service worker controlled it; deviceQueue.ts).
  const replayOnDevice = () => {
    void replayDeviceQueue().then((sent) => {
      if (!sent) return;
      forgetSynced();
      refreshAll();
    });
  };
  window.addEventListener('online', replayOnDevice);
  if (navigator.onLine) replayOnDevice();

  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;

  const askReplay = () => {
    void container.ready.then((registration) => registration.active?.postMessage({ type: SW_MESSAGES.replay }));
  };

  container.addEventListener('message', (event: MessageEvent<{ type?: string; url?: unknown } | null>) => {
    const type = event.data?.type;
    if (type === SW_MESSAGES.drained) forgetSynced();
    if (type === SW_MESSAGES.replayed || type === SW_MESSAGES.changed) refreshAll();
    if (type === SW_MESSAGES.open && typeof event.data?.url === 'string') showPath(event.data.url);
  });
  // When a worker takes control of the page (the first visit, or a new version), it reads again what the
  // page has read, so the device holds the user and the lists for a reload offline. The page itself does
  // not read and render them all again in the middle of its first load (issue 18).
  container.addEventListener('controllerchange', () => container.controller?.postMessage({ type: SW_MESSAGES.keep, urls: readsSoFar() }));
  container.startMessages(); // deliver the worker's messages now, not only after the document has loaded
  window.addEventListener('online', askReplay);

  const register = () => {
    container
      .register('/sw.js', { scope: '/' })
      .then(() => {
        if (navigator.onLine) askReplay();
      })
      .catch(() => {
        // No service worker (plain http on a LAN address, private mode): the app still works online.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
