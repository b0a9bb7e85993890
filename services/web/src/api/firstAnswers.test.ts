import { makeStore } from '../app/store';
import { API_CACHE } from '../lib/offlineProtocol';
import { makeTask, makeUser, uuid } from '../test/fixtures';
import { json, mockFetch } from '../test/render';
import { authApi } from './authApi';
import { clearLocalAnswers, PRELOAD_MAX_AGE_MS, readLocalAnswers, revalidateLocalAnswers } from './firstAnswers';
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
    delete window.__daybookFirstData;
  });

  it('shows the kept day list before the network answers, then reads it again for the same user', async () => {
    keptOnDevice({ '/api/auth/user': alice, '/api/tasks/today': [keptTask] });
    const { requests } = mockFetch((req) => (req.path === '/api/auth/user' ? json(200, alice) : req.path === '/api/tasks/today' ? json(200, [freshTask]) : undefined));
    readLocalAnswers();
    const store = makeStore();

    const user = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    const today = await store.dispatch(tasksApi.endpoints.getTodayTasks.initiate());
    expect(user.data?.id).toBe(alice.id);
    expect(today.data?.map((t) => t.title)).toEqual(['Kept on the device']);
    expect(requests).toEqual([]); // nothing asked of the network yet

    const refreshLists = jest.fn(() => store.dispatch(tasksApi.util.invalidateTags(['Task'])));
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

  it("shows the kept top 3 (the kept daily plan's tasks, read by id)", async () => {
    keptOnDevice({ '/api/auth/user': alice, '/api/daily-plan': { priorityTaskIds: [keptTask.id] }, [`/api/tasks/${keptTask.id}`]: keptTask });
    const { requests } = mockFetch(() => json(200, freshTask));
    readLocalAnswers();
    const store = makeStore();
    const top = await store.dispatch(tasksApi.endpoints.getTasksByIds.initiate([keptTask.id]));
    expect(top.data?.map((t) => t.title)).toEqual(['Kept on the device']);
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

  it('starts from the network on a device that kept nothing', async () => {
    keptOnDevice({});
    const { requests } = mockFetch(() => json(200, [freshTask]));
    readLocalAnswers();
    const store = makeStore();
    const today = await store.dispatch(tasksApi.endpoints.getTodayTasks.initiate());
    expect(today.data?.map((t) => t.title)).toEqual(['From the network']);
    expect(requests.map((r) => r.path)).toEqual(['/api/tasks/today']);
  });
});

describe('the reads index.html started (public/first-data.js)', () => {
  afterEach(() => {
    delete window.__daybookFirstData;
  });

  it('are taken once, then the network answers', async () => {
    window.__daybookFirstData = { startedAt: Date.now(), responses: { [url('/api/tasks/today')]: Promise.resolve(json(200, [keptTask])) } };
    const { requests } = mockFetch(() => json(200, [freshTask]));
    const store = makeStore();
    const first = await store.dispatch(tasksApi.endpoints.getTodayTasks.initiate());
    expect(first.data?.map((t) => t.title)).toEqual(['Kept on the device']);
    expect(requests).toEqual([]);
    const again = await store.dispatch(tasksApi.endpoints.getTodayTasks.initiate(undefined, { forceRefetch: true }));
    expect(again.data?.map((t) => t.title)).toEqual(['From the network']);
    expect(requests.map((r) => r.path)).toEqual(['/api/tasks/today']);
  });

  it('are not taken under a service worker: the reads go through it, which keeps their answers', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    try {
      window.__daybookFirstData = { startedAt: Date.now(), responses: { [url('/api/tasks/today')]: Promise.resolve(json(200, [keptTask])) } };
      mockFetch(() => json(200, [freshTask]));
      const store = makeStore();
      const today = await store.dispatch(tasksApi.endpoints.getTodayTasks.initiate());
      expect(today.data?.map((t) => t.title)).toEqual(['From the network']);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('are not taken once they are too old to be the first screen', async () => {
    window.__daybookFirstData = { startedAt: Date.now() - PRELOAD_MAX_AGE_MS - 1, responses: { [url('/api/tasks/today')]: Promise.resolve(json(200, [keptTask])) } };
    mockFetch(() => json(200, [freshTask]));
    const store = makeStore();
    const today = await store.dispatch(tasksApi.endpoints.getTodayTasks.initiate());
    expect(today.data?.map((t) => t.title)).toEqual(['From the network']);
  });
});
