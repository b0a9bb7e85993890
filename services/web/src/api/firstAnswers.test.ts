import { makeStore } from '../app/store';
import { API_CACHE } from '../lib/offlineProtocol';
import { makeDailyPlan, makeTask, makeUser, uuid } from '../test/fixtures';
import { json, mockFetch } from '../test/render';
import { authApi } from './authApi';
import { dailyPlanApi } from './dailyPlanApi';
import { startDashboardReads } from './dashboardReads';
import { clearLocalAnswers, readLocalAnswers, revalidateLocalAnswers } from './firstAnswers';
import { tasksApi } from './tasksApi';
import { handleUnauthorized, setUnauthorizedRedirect } from './unauthorized';

const url = (path: string) => new URL(path, window.location.origin).href;

/** The service worker's api cache (src/sw.ts) holding `answers` by path; `deleted` tells whether it was dropped. */
function keptOnDevice(answers: Record<string, unknown>) {
  const kept = new Map(Object.entries(answers).map(([path, body]) => [url(path), body]));
  const state = { deleted: false };
  const cache = {
    match: async (request: RequestInfo) => {
      const key = typeof request === 'string' ? request : request.url;
      return kept.has(key) ? json(200, kept.get(key)) : undefined;
    },
    keys: async () => [...kept.keys()].map((key) => new Request(key)),
  };
  // Only a service worker keeps answers: one controls the page.
  Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
  Object.assign(globalThis, {
    caches: {
      has: async (name: string) => name === API_CACHE && !state.deleted,
      open: async () => cache,
      delete: async (name: string) => {
        if (name !== API_CACHE || state.deleted) return false;
        state.deleted = true;
        return true;
      },
    },
  });
  return state;
}

const alice = makeUser({ id: uuid(1), username: 'alice' });
const bob = makeUser({ id: uuid(2), username: 'bob' });
const keptTask = makeTask({ id: uuid(10), title: 'Kept on the device' });
const freshTask = makeTask({ id: uuid(11), title: 'From the network' });

describe('the first screen from the answers kept on the device', () => {
  afterEach(async () => {
    await clearLocalAnswers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('shows the kept day list before the network answers, then reads it again in place for the same user', async () => {
    keptOnDevice({ '/api/auth/user': alice, '/api/tasks/today': [keptTask] });
    const { requests } = mockFetch((req) => (req.path === '/api/auth/user' ? json(200, alice) : req.path === '/api/tasks/today' ? json(200, [freshTask]) : json(200, [])));
    readLocalAnswers();
    const store = makeStore();

    const user = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    // As the first reads take it (dashboardReads.ts): nothing subscribed yet, the screen renders once they are in.
    const today = await store.dispatch(tasksApi.endpoints.getTodayTasks.initiate(undefined, { subscribe: false }));
    expect(user.data?.id).toBe(alice.id);
    expect(today.data?.map((t) => t.title)).toEqual(['Kept on the device']);
    // Nothing kept was asked of the network yet (the plan and the clients, not kept, were).
    expect(requests.map((r) => r.path)).not.toContain('/api/auth/user');
    expect(requests.map((r) => r.path)).not.toContain('/api/tasks/today');

    // Read again in place: an invalidation would drop the list nothing has subscribed to yet.
    const refreshLists = jest.fn((user: { id: string }) => void startDashboardReads(store.dispatch, { ...alice, ...user }, '/', { refresh: true }));
    const startOver = jest.fn();
    const outcome = await revalidateLocalAnswers({
      updateUser: (user: { id: string }) => void store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user as typeof alice)),
      refreshLists,
      startOver,
    });
    expect(outcome).toBe('keep');
    expect(refreshLists).toHaveBeenCalledTimes(1);
    expect(startOver).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.all(store.dispatch(tasksApi.util.getRunningQueriesThunk()));
    expect(tasksApi.endpoints.getTodayTasks.select()(store.getState()).data?.map((t) => t.title)).toEqual(['From the network']);
  });

  it("shows the kept top 3 (the kept daily plan's tasks)", async () => {
    keptOnDevice({ '/api/auth/user': alice, '/api/daily-plan': makeDailyPlan({ priorityTasks: [keptTask] }) });
    const { requests } = mockFetch(() => json(200, freshTask));
    readLocalAnswers();
    const store = makeStore();
    const plan = await store.dispatch(dailyPlanApi.endpoints.getDailyPlan.initiate());
    expect(plan.data?.priorityTasks.map((t) => t.title)).toEqual(['Kept on the device']);
    expect(requests).toEqual([]);
  });

  it.each([
    ['another user', () => json(200, bob)],
    ['no one (signed out)', () => json(401, { error: { code: 'unauthorized', message: 'Unauthorized' } })],
  ])('forgets everything kept when the network says %s is signed in', async (_who, answer) => {
    const device = keptOnDevice({ '/api/auth/user': alice, '/api/tasks/today': [keptTask] });
    mockFetch((req) => (req.path === '/api/auth/user' ? answer() : json(200, [freshTask])));
    readLocalAnswers();
    const store = makeStore();
    const startOver = jest.fn();
    const outcome = await revalidateLocalAnswers({
      updateUser: (user: { id: string }) => void store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user as typeof alice)),
      refreshLists: jest.fn(),
      startOver,
    });
    expect(outcome).toBe('forget');
    expect(device.deleted).toBe(true);
    expect(startOver).toHaveBeenCalledTimes(1);
    // What was kept is no longer offered: the list comes from the network.
    const today = await store.dispatch(tasksApi.endpoints.getTodayTasks.initiate());
    expect(today.data?.map((t) => t.title)).toEqual(['From the network']);
  });

  it('keeps showing the kept answers while the network cannot be reached', async () => {
    const device = keptOnDevice({ '/api/auth/user': alice });
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    readLocalAnswers();
    const store = makeStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    const outcome = await revalidateLocalAnswers({
      updateUser: (user: { id: string }) => void store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user as typeof alice)),
      refreshLists: jest.fn(),
      startOver: jest.fn(),
    });
    expect(outcome).toBe('wait');
    expect(device.deleted).toBe(false);
  });

  it('deletes what the device kept when the user signs out', async () => {
    const device = keptOnDevice({ '/api/auth/user': alice, '/api/tasks/today': [keptTask] });
    mockFetch((req) => (req.path === '/api/logout' ? json(200, { ok: true }) : json(200, [freshTask])));
    readLocalAnswers();
    const store = makeStore();
    await store.dispatch(authApi.endpoints.logout.initiate());
    expect(device.deleted).toBe(true);
    const today = await store.dispatch(tasksApi.endpoints.getTodayTasks.initiate());
    expect(today.data?.map((t) => t.title)).toEqual(['From the network']);
  });

  it('deletes what the device kept when the session is lost (a 401)', async () => {
    setUnauthorizedRedirect(() => undefined);
    const device = keptOnDevice({ '/api/auth/user': alice });
    readLocalAnswers();
    handleUnauthorized();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(device.deleted).toBe(true);
  });

  /** Reads the day list from a fresh store and expects the network's answer, read once. */
  async function expectTheNetworksDayList() {
    const { requests } = mockFetch(() => json(200, [freshTask]));
    readLocalAnswers();
    const today = await makeStore().dispatch(tasksApi.endpoints.getTodayTasks.initiate());
    expect(today.data?.map((t) => t.title)).toEqual(['From the network']);
    expect(requests.map((r) => r.path)).toEqual(['/api/tasks/today']);
  }

  it('looks nothing up without a service worker in control (a first visit): the network answers', async () => {
    keptOnDevice({ '/api/auth/user': alice, '/api/tasks/today': [keptTask] });
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await expectTheNetworksDayList();
  });

  it('starts from the network on a device that kept nothing', async () => {
    keptOnDevice({});
    await expectTheNetworksDayList();
  });
});
