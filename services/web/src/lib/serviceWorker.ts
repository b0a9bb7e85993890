import { baseApi, TAG_TYPES } from '../api/baseApi';
import type { AppStore } from '../app/store';
import { SW_MESSAGES } from './offlineProtocol';

/**
 * Registers /sw.js once the page has loaded (DECISIONS 19), asks it to replay queued changes when the
 * connection returns, and refreshes every list once it has replayed some.
 */
export function registerServiceWorker(store: AppStore): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;

  const askReplay = () => {
    void container.ready.then((registration) => registration.active?.postMessage({ type: SW_MESSAGES.replay }));
  };

  container.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === SW_MESSAGES.replayed) store.dispatch(baseApi.util.invalidateTags([...TAG_TYPES]));
  });
  // When a worker takes control of the page (the first visit, or a new version), read everything again
  // through it, so the device holds the user and the lists for a reload offline.
  container.addEventListener('controllerchange', () => store.dispatch(baseApi.util.invalidateTags([...TAG_TYPES])));
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
