import { makeStore } from '../app/store';
import { makeDailyPlan, makeTask, makeUser, uuid } from '../test/fixtures';
import { json, mockFetch } from '../test/render';
import { authApi } from './authApi';
import { startDashboardReads, startFirstReads } from './dashboardReads';

const priority = makeTask({ id: uuid(7), title: 'Top of the day' });

function answer(path: string) {
  if (path === '/api/auth/user') return json(200, makeUser({ timezone: 'UTC' }));
  if (path === '/api/daily-plan') return json(200, makeDailyPlan({ priorityTasks: [priority] }));
  return json(200, []);
}

/** Lets every pending fetch and its follow-ups settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the first reads start before the first render: who is signed in, then the dashboard reads', () => {
  it.each(['/', '/dashboard'])('on %s: the day list, the plan with its top 3, the clients, the timer, with no screen rendered (no read per top task)', async (path) => {
    const { requests } = mockFetch((req) => answer(req.path));
    const store = makeStore();
    startFirstReads(store.dispatch, path);
    await settle();
    expect(requests.map((r) => r.path).sort()).toEqual(['/api/auth/user', '/api/clients', '/api/daily-plan', '/api/tasks/today', '/api/timer'].sort());
  });

  it('on another screen: only who is signed in', async () => {
    const { requests } = mockFetch((req) => answer(req.path));
    const store = makeStore();
    startFirstReads(store.dispatch, '/notes');
    await settle();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/user']);
  });

  it("in weekend mode, Monday's list instead of today's", async () => {
    const { requests } = mockFetch((req) => answer(req.path));
    const store = makeStore();
    startDashboardReads(store.dispatch, { timezone: 'UTC', enableDelegation: false }, '/', { now: new Date('2026-11-28T10:00:00Z') }); // a Saturday
    await settle();
    expect(requests.map((r) => r.path)).toContain('/api/tasks/monday');
    expect(requests.map((r) => r.path)).not.toContain('/api/tasks/today');
  });

  it('asks who is signed in once: the app, mounting while the read is under way, takes it', async () => {
    const { requests } = mockFetch((req) => answer(req.path));
    const store = makeStore();
    startFirstReads(store.dispatch, '/notes');
    // As useCurrentUser asks on mount (refetchOnMountOrArgChange).
    const mounted = store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }));
    expect((await mounted).data?.timezone).toBe('UTC');
    mounted.unsubscribe();
    expect(requests.filter((r) => r.path === '/api/auth/user')).toHaveLength(1);
  });

  it('reads each once: the screen that mounts next finds them answered', async () => {
    const { requests } = mockFetch((req) => answer(req.path));
    const store = makeStore();
    startDashboardReads(store.dispatch, { timezone: 'UTC', enableDelegation: false }, '/');
    startDashboardReads(store.dispatch, { timezone: 'UTC', enableDelegation: false }, '/');
    await settle();
    expect(requests.filter((r) => r.path === '/api/tasks/today')).toHaveLength(1);
    expect(requests.filter((r) => r.path === '/api/daily-plan')).toHaveLength(1);
  });
});
