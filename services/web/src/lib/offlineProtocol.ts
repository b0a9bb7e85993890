/** Messages between the pages and the service worker (src/sw.ts). */
export const SW_MESSAGES = {
  /** page → worker: the connection is back, replay the queued changes now. */
  replay: 'daybook:replay',
  /** worker → pages: a change was queued while offline. */
  queued: 'daybook:queued',
  /** worker → pages: the queue was replayed; refresh the data. */
  replayed: 'daybook:replayed',
  /** worker → pages: its queue is empty (replayed, or nothing was queued): no task made offline waits in it. */
  drained: 'daybook:drained',
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

/**
 * The body of that answer: the change waits on the device, nothing was created yet. A queued creation of
 * tasks names the ids the tasks go by until it is replayed (`localIds`, one per task), so that later
 * changes to them can be queued behind it; the replay puts the real ids in their place.
 */
export interface QueuedAnswer {
  queued: true;
  localIds?: string[];
}

export const isQueuedAnswer = (answer: unknown): answer is QueuedAnswer =>
  typeof answer === 'object' && answer !== null && (answer as { queued?: unknown }).queued === true;

/** On a queued creation (the request kept on the device): its local ids, comma-separated. */
export const LOCAL_IDS_HEADER = 'x-daybook-local-ids';

const LOCAL_ID_PREFIX = 'local-';

/** True for the id of a task made offline and not replayed yet. */
export const isLocalId = (id: string): boolean => id.startsWith(LOCAL_ID_PREFIX);

/** The local ids a queued change gets: one per task for a creation of tasks (POST /api/tasks, /api/tasks/batch), none otherwise. */
export function newLocalIds(method: string, url: URL, body: string): string[] {
  if (method !== 'POST') return [];
  let count = 0;
  if (url.pathname === '/api/tasks') count = 1;
  if (url.pathname === '/api/tasks/batch') {
    try {
      const tasks = (JSON.parse(body) as { tasks?: unknown }).tasks;
      count = Array.isArray(tasks) ? tasks.length : 0;
    } catch {
      count = 0;
    }
  }
  return Array.from({ length: count }, () => `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`);
}

/** The local ids → real ids, from the answer of a replayed creation (a task, or `{tasks}` of a batch). */
export function realIdsOf(localIds: readonly string[], answer: unknown): Record<string, string> {
  const created = (answer as { tasks?: unknown } | null)?.tasks ?? [answer];
  const ids: Record<string, string> = {};
  if (!Array.isArray(created)) return ids;
  localIds.forEach((localId, index) => {
    const id = (created[index] as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') ids[localId] = id;
  });
  return ids;
}

/** `text` (a queued change's address or body) with the local ids already replayed replaced by the real ones. */
export const withRealIds = (text: string, ids: Readonly<Record<string, string>>): string =>
  text.replace(/local-[0-9a-f-]{36}/g, (localId) => ids[localId] ?? localId);

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

/** A queue of changes kept on the device, oldest first: the service worker's, or the page's (deviceQueue.ts). */
export interface ChangeQueue {
  /** Takes the oldest change out; undefined when none is left. */
  shift(): Promise<Request | undefined>;
  /** Puts a change that could not be sent back at the head. */
  putBack(request: Request): Promise<void>;
}

/**
 * Sends the queued changes one at a time, in order, with the real ids of the tasks made offline in place
 * of their local ids (`ids`, local → real, grows as creations replay; `keepIds` stores it so a replay cut
 * short goes on where it stopped). A change that cannot be sent goes back to the head and the error is
 * thrown; one the server refuses (a 4xx) is dropped, as it would be online.
 */
export async function replayInOrder(queue: ChangeQueue, ids: Record<string, string>, keepIds: (ids: Record<string, string>) => Promise<void> | void): Promise<void> {
  for (let request = await queue.shift(); request; request = await queue.shift()) {
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : withRealIds(await request.clone().text(), ids);
    let answer: Response;
    try {
      answer = await fetch(new Request(withRealIds(request.url, ids), { method: request.method, headers: request.headers, body, credentials: 'same-origin' }));
    } catch (error) {
      await queue.putBack(request);
      throw error;
    }
    const localIds = request.headers.get(LOCAL_IDS_HEADER)?.split(',').filter(Boolean) ?? [];
    if (localIds.length > 0 && answer.ok) {
      Object.assign(ids, realIdsOf(localIds, await answer.json().catch(() => null)));
      await keepIds(ids);
    }
  }
}
