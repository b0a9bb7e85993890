import { OFFLINE_MADE_AT_HEADER } from '@daybook/shared';
import { forgetOfflineTasks } from './offlineTasks';
import { isNeverQueued, LOCAL_IDS_HEADER, newLocalIds, OFFLINE_QUEUED_HEADER, replayInOrder, type ChangeQueue, type QueuedAnswer } from './offlineProtocol';

/**
 * The page's own queue of changes made offline while no service worker controls it (the first visit
 * before the worker has installed, or a browser that refuses workers; issue 37): kept in localStorage and
 * replayed in order, like the worker's queue (sw.ts), when the connection returns.
 */
interface KeptChange {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: string;
}

const QUEUE_KEY = 'daybook:device-queue';
const IDS_KEY = 'daybook:device-queue-ids';

function readJson<T>(key: string, empty: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T | null) ?? empty;
  } catch {
    return empty;
  }
}

function writeJson(key: string, value: unknown, empty: boolean) {
  if (empty) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

const keptChanges = () => readJson<KeptChange[]>(QUEUE_KEY, []);
const keepChanges = (changes: KeptChange[]) => writeJson(QUEUE_KEY, changes, changes.length === 0);

const toRequest = (change: KeptChange) => new Request(change.url, { method: change.method, headers: change.headers, body: change.body || undefined });
const toChange = async (request: Request): Promise<KeptChange> => ({
  url: request.url,
  method: request.method,
  headers: [...request.headers.entries()],
  body: await request.clone().text(),
});

const pageQueue: ChangeQueue = {
  shift: async () => {
    const [first, ...rest] = keptChanges();
    if (!first) return undefined;
    keepChanges(rest);
    return toRequest(first);
  },
  putBack: async (request) => keepChanges([await toChange(request), ...keptChanges()]),
};

/** True while changes wait in the page's queue. */
export const hasDeviceQueue = (): boolean => keptChanges().length > 0;

/** True for a task whose creation still waits in the page's queue. */
export const isCreatedInDeviceQueue = (id: string): boolean =>
  keptChanges().some((change) => new Headers(change.headers).get(LOCAL_IDS_HEADER)?.split(',').includes(id));

const canQueue = (request: Request) => request.method !== 'GET' && request.method !== 'HEAD' && !isNeverQueued(new URL(request.url));

/**
 * A fetch that keeps a change on the device when it cannot be sent for want of a connection and no
 * service worker controls the page, answering as the worker does (202 `{queued: true}`, with local ids
 * for created tasks). While changes wait, a new one waits behind them.
 */
export function withDeviceQueue(send: (request: RequestInfo, init?: RequestInit) => Promise<Response>) {
  return async (request: RequestInfo, init?: RequestInit): Promise<Response> => {
    // fetchBaseQuery passes a Request
    if (typeof request === 'string' || !canQueue(request) || navigator.serviceWorker?.controller) return send(request, init);
    const copy = request.clone();
    if (!hasDeviceQueue()) {
      try {
        return await send(request);
      } catch (error) {
        if (navigator.onLine) throw error;
      }
    }
    const change = await toChange(copy);
    const localIds = newLocalIds(change.method, new URL(change.url), change.body);
    change.headers.push([OFFLINE_MADE_AT_HEADER, new Date().toISOString()]);
    if (localIds.length > 0) change.headers.push([LOCAL_IDS_HEADER, localIds.join(',')]);
    keepChanges([...keptChanges(), change]);
    const answer: QueuedAnswer = localIds.length > 0 ? { queued: true, localIds } : { queued: true };
    return new Response(JSON.stringify(answer), { status: 202, headers: { 'Content-Type': 'application/json', [OFFLINE_QUEUED_HEADER]: '1' } });
  };
}

let replaying: Promise<boolean> | null = null;

/** Replays the page's queue in order; true when it has sent some (then every list should be read again). */
export function replayDeviceQueue(): Promise<boolean> {
  replaying ??= (async () => {
    if (!hasDeviceQueue()) return false;
    try {
      await replayInOrder(pageQueue, readJson<Record<string, string>>(IDS_KEY, {}), (ids) => writeJson(IDS_KEY, ids, false));
    } catch {
      // the connection went again: the rest waits for the next 'online'
    }
    if (!hasDeviceQueue()) localStorage.removeItem(IDS_KEY);
    return true;
  })().finally(() => {
    replaying = null;
  });
  return replaying;
}

/** Forgets the changes the page kept and the tasks made offline: the next user of this device sees none of them. */
export function forgetDeviceChanges(): void {
  keepChanges([]);
  localStorage.removeItem(IDS_KEY);
  forgetOfflineTasks(() => false);
}
