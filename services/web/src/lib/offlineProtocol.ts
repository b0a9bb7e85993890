/** Messages between the pages and the service worker (src/sw.ts). */
export const SW_MESSAGES = {
  /** page → worker: the connection is back, replay the queued changes now. */
  replay: 'daybook:replay',
  /** worker → pages: a change was queued while offline. */
  queued: 'daybook:queued',
  /** worker → pages: the queue was replayed; refresh the data. */
  replayed: 'daybook:replayed',
} as const;

/** Set on the 202 answer the worker gives for a change it queued. */
export const OFFLINE_QUEUED_HEADER = 'x-daybook-offline-queued';
