/** Messages between the pages and the service worker (src/sw.ts). */
export const SW_MESSAGES = {
  /** page → worker: the connection is back, replay the queued changes now. */
  replay: 'daybook:replay',
  /** worker → pages: a change was queued while offline. */
  queued: 'daybook:queued',
  /** worker → pages: the queue was replayed; refresh the data. */
  replayed: 'daybook:replayed',
  /** worker → pages: a notification's button changed a task (Complete, Snooze); refresh the data. */
  changed: 'daybook:changed',
  /** worker → a page: show this path of the app (`url`), a notification was clicked. */
  open: 'daybook:open',
  /** page → worker: keep the answers of these api reads (`urls`), which the page made before it took control. */
  keep: 'daybook:keep',
} as const;

/**
 * The worker's cache of api reads (the last answers, for offline use); the pages also start from it on a
 * repeat visit (src/api/firstAnswers.ts) and delete it on sign-out.
 */
export const API_CACHE = 'daybook-api';

/** Set on the 202 answer the worker gives for a change it queued. */
export const OFFLINE_QUEUED_HEADER = 'x-daybook-offline-queued';

/** True for the body of that answer (`{queued: true}`): the change waits on the device, nothing was created yet. */
export const isQueuedAnswer = (answer: unknown): boolean =>
  typeof answer === 'object' && answer !== null && (answer as { queued?: unknown }).queued === true;

// Reads never kept: search and the calendar stay live (spec §7, §9: never cached); logout is no data; a
// shared task's link (DECISIONS 33) is someone else's view, live so that a revoked link stops at once.
const NEVER_CACHED = [/^\/api\/notes\/search/, /^\/api\/tasks\/calendar/, /^\/api\/logout/, /^\/api\/shares\//];

/**
 * The api reads the worker keeps (the last answer, for offline use): the user, clients, the day's list
 * and the first page of every list. Not search or the calendar, and not a list's further pages (a
 * `cursor`): a cursor names a place in a list that moves with every change, so keeping each would grow the
 * cache without end (DECISIONS 22), while the first page is what a device shows offline.
 */
export function isKeptOffline(url: URL): boolean {
  return url.pathname.startsWith('/api/') && !url.searchParams.has('cursor') && !NEVER_CACHED.some((re) => re.test(url.pathname));
}

// Never queued offline: sign-in and sign-out (signing out forgets the cached data), a model's review of a
// capture, and notifications (DECISIONS 29): a channel's test, this device's push subscription and a
// snooze are questions for now, not changes to replay later, and the settings answer what they saved; a
// shared task's answers (DECISIONS 33) are sent now or not at all.
const NOT_QUEUED = [/^\/api\/(login|register|logout|ai\/|notifications\/|shares\/)/, /^\/api\/tasks\/[^/]+\/snooze$/];

/** True for an api change the service worker must send now or let fail, never keep for later. */
export const isNeverQueued = (url: URL): boolean => NOT_QUEUED.some((re) => re.test(url.pathname));
