import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';
import { forgetDeviceChanges } from '../lib/deviceQueue';
import { API_CACHE } from '../lib/offlineProtocol';
import { forgetFirstNetworkReads, takeFirstNetworkRead } from './firstNetworkReads';

/**
 * The first screen's answers before the network's (issue 18): on a repeat visit, the last answers the
 * service worker kept on this device (its api cache, src/sw.ts), each taken once by the base query. The
 * screen shows them at once, then `revalidateLocalAnswers` asks the network and keeps them only when the
 * same user is still signed in. Any other request, and every later one, goes to the network.
 */

const USER_PATH = '/api/auth/user';

interface LocalAnswers {
  /** The signed-in user the answers belong to (the kept answer of /api/auth/user). */
  userId: string;
  byUrl: Map<string, Response>;
  /** True once a list (not only the user) was shown from them: it must be read again. */
  listsServed: boolean;
}

let local: Promise<LocalAnswers | null> = Promise.resolve(null);

const urlOf = (path: string) => new URL(path, window.location.origin).href;

/** The first screen's reads besides who is signed in and the top 3 (read by id, from the daily plan). */
const FIRST_SCREEN_PATHS = ['/api/tasks/today', '/api/tasks/monday', '/api/daily-plan', '/api/clients'];

async function readApiCache(): Promise<LocalAnswers | null> {
  // Only a service worker keeps answers: without one in control (a first visit) nothing is looked up,
  // which would hold up the first reads while the browser opens its cache storage.
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return null;
  if (typeof caches === 'undefined' || !(await caches.has(API_CACHE))) return null;
  const cache = await caches.open(API_CACHE);
  const kept = async (path: string) => {
    const answer = await cache.match(urlOf(path));
    return answer ? { answer, body: (await answer.clone().json().catch(() => null)) as Record<string, unknown> | null } : null;
  };
  const user = await kept(USER_PATH);
  if (!user || typeof user.body?.id !== 'string') return null;
  const byUrl = new Map<string, Response>([[urlOf(USER_PATH), user.answer]]);
  const plan = await kept('/api/daily-plan');
  const priorityIds = Array.isArray(plan?.body?.priorityTaskIds) ? (plan.body.priorityTaskIds as unknown[]) : [];
  const paths = [...FIRST_SCREEN_PATHS, ...priorityIds.filter((id) => typeof id === 'string').map((id) => `/api/tasks/${encodeURIComponent(id)}`)];
  for (const path of paths) {
    const answer = await cache.match(urlOf(path));
    if (answer) byUrl.set(urlOf(path), answer);
  }
  return { userId: user.body.id, byUrl, listsServed: false };
}

/**
 * Starts reading the answers kept on this device (main.tsx, before the first render). The first screen's
 * reads wait for it (a few milliseconds); nothing kept, they go to the network.
 */
export function readLocalAnswers(): void {
  local = readApiCache().catch(() => null);
}

const reads = new Set<string>();

/** The api reads this page made before a service worker controlled it: the worker keeps their answers once it does. */
export const readsSoFar = (): string[] => [...reads];

/**
 * The base query's fetch: a first-screen read takes the answer of the read the page started early
 * (firstNetworkReads.ts) or its kept answer, once; else the network.
 */
export async function firstAnswerFetch(request: RequestInfo, init?: RequestInit): Promise<Response> {
  if (typeof request === 'string' || request.method !== 'GET') return fetch(request, init); // fetchBaseQuery passes a Request
  // Reads made before a service worker controls the page: it did not see them (see readsSoFar).
  if (!navigator.serviceWorker?.controller) reads.add(request.url);
  const early = await takeFirstNetworkRead(request.url);
  if (early) return early;
  const answers = await local;
  const kept = answers?.byUrl.get(request.url);
  if (answers && kept) {
    answers.byUrl.delete(request.url);
    if (!request.url.endsWith(USER_PATH)) answers.listsServed = true;
    return kept;
  }
  return fetch(request, init);
}

/** Forgets every answer kept on this device (signing out, a lost session, another user); false when it could not. */
export async function clearLocalAnswers(): Promise<boolean> {
  local = Promise.resolve(null);
  reads.clear();
  forgetFirstNetworkReads();
  forgetDeviceChanges(); // and the changes made offline (issue 37)
  if (typeof caches === 'undefined') return true;
  return caches.delete(API_CACHE).then(
    () => true,
    () => false,
  );
}

/**
 * Who is signed in, asked as the base query asks: the user, null when no one is (401), undefined without
 * an answer.
 */
async function askSignedInUser<User>(): Promise<User | null | undefined> {
  try {
    const answer = await firstAnswerFetch(
      new Request(urlOf(USER_PATH), { credentials: 'include', cache: 'no-store', headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, Accept: 'application/json' } }),
    );
    if (answer.status === 401) return null;
    return answer.ok ? ((await answer.json()) as User) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What to do once the network has said who is signed in, after the screen showed the kept answers:
 * 'keep' (the same user: read the lists again), 'forget' (signed out or another user: clear and start
 * over) or 'wait' (no answer, offline: keep showing them).
 */
export type Revalidation = 'keep' | 'forget' | 'wait';

/**
 * After a start from kept answers, the network is asked who is signed in. The same user: the remaining
 * first-screen reads go to the network and the lists shown are read again (`refreshLists`). Signed out
 * or another user: the kept answers are deleted and `startOver` runs (a reload), so no one sees another
 * user's data.
 */
export async function revalidateLocalAnswers<User extends { id: string }>(options: {
  /** Reads the user as the screen does, so the screen's first read takes the kept answer. */
  showKeptUser?: () => Promise<unknown>;
  /** The network's answer: the same user, updated. */
  updateUser: (user: User) => void;
  /** Reads the lists shown again for `user`, keeping them on the screen until the new answers come. */
  refreshLists: (user: User) => void;
  startOver: () => void;
}): Promise<Revalidation> {
  const answers = await local;
  if (!answers) return 'keep';
  await options.showKeptUser?.();
  answers.byUrl.delete(urlOf(USER_PATH)); // the user is asked of the network now
  const user = await askSignedInUser<User>();
  // Offline, or the server unwell: the screen keeps showing what was kept, with no error of this check.
  if (user === undefined) return 'wait';
  answers.byUrl.clear();
  if (user?.id === answers.userId) {
    options.updateUser(user);
    if (answers.listsServed) options.refreshLists(user);
    return 'keep';
  }
  // Started over only once nothing is kept: a start from the same answers would come back here.
  if (await clearLocalAnswers()) options.startOver();
  return 'forget';
}
