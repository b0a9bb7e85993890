import { CSRF_HEADER, CSRF_HEADER_VALUE, hasSignedInHint, isWeekendMode, weekendModeInEveryZone } from '@daybook/shared';

/**
 * The first screen's reads, started by a script of their own (src/firstReads.ts, first in index.html)
 * while the app's JavaScript still downloads and runs (issue 18): who is signed in and, on the dashboard,
 * its day list, the daily plan (with its top 3), the clients, the delegation contacts and the running timer
 * (dashboardReads.ts reads the same through the store). The base query takes each answer once
 * (firstAnswers.ts) instead of asking the network again.
 *
 * The dashboard's reads go out with the read of who is signed in, not after its answer, whenever the day's
 * list is the same in every zone (most of the week; else they wait for the user's zone). They then include
 * the contacts whether or not the user delegates (a small read left unused when not). A browser without
 * the signed-in hint (packages/shared signed-in-hint.ts) has no session: nothing is read, so a signed-out
 * visitor's landing page asks nothing the api would refuse (issue 37).
 *
 * A shared task's page never asks who is signed in (DECISIONS 33); a page a service worker controls (a
 * repeat visit) starts from the answers the worker kept instead.
 */

/** The paths that open on the dashboard (spec §2). */
export const DASHBOARD_PATHS: ReadonlySet<string> = new Set(['/', '/dashboard']);

/** An answer older than this is not taken: by then the app asks for itself, and a later read must be fresh. */
const TAKEN_WITHIN_MS = 10_000;

/** The longest a read of the app waits for these to be asked (they wait on who is signed in). */
const ASKING_WAIT_MS = 2_000;

const started = new Map<string, Promise<Response>>();
let startedAt = 0;
let asking: Promise<void> | null = null;
/** The app asked before this page's first reads started (the early script arrived late): it reads alone. */
let appReadFirst = false;

/** The request the base query makes (baseApi.ts): cookies, never the HTTP cache, the CSRF header. */
function read(path: string): Promise<Response> {
  const url = new URL(`/api/${path}`, window.location.origin).href;
  // High priority: asked while the app's many scripts download, it goes first on the page's few connections.
  const answer = fetch(url, { credentials: 'include', cache: 'no-store', priority: 'high', headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, Accept: 'application/json' } }).then(
    // Read at once, whether or not the app takes it: an answer left unread stays open (a speculative read
    // of the contacts may go unused).
    async (response) => new Response(await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers: response.headers }),
  );
  started.set(url, answer);
  return answer;
}

/** The body of an answer still to be taken by the app (a copy), or null when it is not a success. */
async function bodyOf(answer: Promise<Response>): Promise<Record<string, unknown> | null> {
  const response = await answer;
  return response.ok ? ((await response.clone().json()) as Record<string, unknown>) : null;
}

/** Starts the first screen's reads (once per page). */
export function startFirstNetworkReads(now = new Date()): void {
  const { pathname } = window.location;
  if (startedAt || appReadFirst || pathname.startsWith('/share/') || navigator.serviceWorker?.controller || !hasSignedInHint(document.cookie)) return;
  startedAt = Date.now();
  asking = askFirstReads(pathname, now).finally(() => {
    asking = null;
  });
}

/** The dashboard's reads: the day's list (Monday's in weekend mode), the clients, the contacts, the plan, the timer. */
function readDashboard(weekendMode: boolean, contacts: boolean): void {
  read(weekendMode ? 'tasks/monday' : 'tasks/today');
  read('clients');
  if (contacts) read('delegation-contacts');
  read('daily-plan');
  read('timer');
}

/** Resolves once every read is asked (some only once who is signed in has answered). */
async function askFirstReads(pathname: string, now: Date): Promise<void> {
  try {
    const userRead = read('auth/user');
    const dashboard = DASHBOARD_PATHS.has(pathname);
    const weekendMode = weekendModeInEveryZone(now);
    if (dashboard && weekendMode !== null) readDashboard(weekendMode, true);
    const user = await bodyOf(userRead);
    if (typeof user?.timezone !== 'string' || !dashboard || weekendMode !== null) return;
    readDashboard(isWeekendMode(now, user.timezone), user.enableDelegation === true);
  } catch {
    // Offline or an unknown zone: the app asks for itself.
  }
}

/**
 * The answer this page's first reads got for `url`, taken once and only soon after the page started.
 * While they are still being asked, the app's read waits for that (a read of the app and one of these
 * may follow the same answer of who is signed in: without the wait both would go to the network).
 */
export async function takeFirstNetworkRead(url: string): Promise<Response | undefined> {
  if (!startedAt) {
    appReadFirst = true;
    return undefined;
  }
  if (asking) await Promise.race([asking, new Promise((resolve) => setTimeout(resolve, ASKING_WAIT_MS))]);
  const answer = started.get(url);
  started.delete(url);
  return answer && Date.now() - startedAt < TAKEN_WITHIN_MS ? answer : undefined;
}

/** Forgets what was started: nothing is taken any more (sign-out, a lost session; between tests). */
export function forgetFirstNetworkReads(): void {
  started.clear();
  startedAt = 0;
  asking = null;
  appReadFirst = false;
}
