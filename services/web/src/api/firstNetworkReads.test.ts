import { makeDailyPlan, makeUser, uuid } from '../test/fixtures';
import { json, mockFetch } from '../test/render';
import { makeStore } from '../app/store';
import { startFirstReads } from './dashboardReads';
import { firstAnswerFetch } from './firstAnswers';
import { forgetFirstNetworkReads, startFirstNetworkReads, takeFirstNetworkRead } from './firstNetworkReads';

const priorityId = uuid(7);
const url = (path: string) => new URL(path, window.location.origin).href;

function answers({ delegation = false } = {}) {
  return mockFetch((req) => {
    if (req.path === '/api/auth/user') return json(200, makeUser({ timezone: 'UTC', enableDelegation: delegation }));
    if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ priorityTaskIds: [priorityId] }));
    return json(200, []);
  });
}

/** Lets every pending read and its follow-ups settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const on = (path: string) => window.history.pushState(null, '', path);
/** Monday morning in UTC: still Sunday (weekend mode) west of UTC-10, so the day's list waits for the user's zone. */
const monday = new Date('2026-11-23T10:00:00Z');
/** Wednesday noon in UTC: no weekend in any zone. */
const wednesday = new Date('2026-11-25T12:00:00Z');

describe("the first screen's reads, started before the app's JavaScript has run", () => {
  afterEach(() => {
    forgetFirstNetworkReads();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    on('/');
  });

  it.each(['/', '/dashboard'])("on %s: who is signed in, then the day's list, the clients, the plan (with its top 3) and the timer", async (path) => {
    const { requests } = answers();
    on(path);
    startFirstNetworkReads(monday);
    await settle();
    expect(requests.map((r) => r.path).sort()).toEqual(['/api/auth/user', '/api/clients', '/api/daily-plan', '/api/tasks/today', '/api/timer'].sort());
    // The same request as the base query's: cookies, never the HTTP cache, the CSRF header.
    expect(requests[0]).toMatchObject({ credentials: 'include', cache: 'no-store' });
    expect(requests[0]!.headers.get('x-daybook-csrf')).toBe('1');
  });

  it('without the signed-in hint only the question whether a session exists goes out, answered 200 (issue 37)', async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/auth/session' ? json(200, { signedIn: false }) : json(401, {})));
    document.cookie = 'daybook_signed_in=; max-age=0';
    try {
      startFirstNetworkReads(wednesday);
      await settle();
      const store = makeStore();
      expect(await startFirstReads(store.dispatch, '/')).toBeNull();
      await settle();
      expect(requests.map((request) => request.path)).toEqual(['/api/auth/session']);
    } finally {
      document.cookie = 'daybook_signed_in=1';
    }
  });

  it("with delegation on, the contacts too; in weekend mode, Monday's list", async () => {
    const { requests } = answers({ delegation: true });
    startFirstNetworkReads(new Date('2026-11-28T10:00:00Z')); // a Saturday
    await settle();
    expect(requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/delegation-contacts', '/api/tasks/monday']));
    expect(requests.map((r) => r.path)).not.toContain('/api/tasks/today');
  });

  it('elsewhere only who is signed in; signed out nothing more; on a shared task page or under a service worker nothing', async () => {
    let { requests } = answers();
    on('/notes');
    startFirstNetworkReads(monday);
    await settle();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/user']);

    forgetFirstNetworkReads();
    ({ requests } = mockFetch(() => json(401, { error: { code: 'unauthorized', message: 'Not signed in' } })));
    on('/');
    startFirstNetworkReads(monday);
    await settle();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/user']);

    forgetFirstNetworkReads();
    ({ requests } = answers());
    on('/share/abc');
    startFirstNetworkReads(monday);
    on('/');
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    startFirstNetworkReads(monday);
    await settle();
    expect(requests).toEqual([]);
  });

  it('the app takes each answer once, and only soon after the page started', async () => {
    answers();
    startFirstNetworkReads(monday);
    await settle();
    const today = await takeFirstNetworkRead(url('/api/tasks/today'));
    expect(today?.status).toBe(200);
    expect(await takeFirstNetworkRead(url('/api/tasks/today'))).toBeUndefined();

    const now = Date.now();
    const later = jest.spyOn(Date, 'now').mockReturnValue(now + 11_000);
    expect(await takeFirstNetworkRead(url('/api/clients'))).toBeUndefined();
    later.mockRestore();
  });

  it('an early script that runs after the app has started reading asks nothing: the app reads alone', async () => {
    const { requests } = answers();
    expect(await takeFirstNetworkRead(url('/api/auth/user'))).toBeUndefined();
    startFirstNetworkReads(monday);
    await settle();
    expect(requests).toHaveLength(0);
  });

  it("the app's read of the plan, made while the early reads wait on who is signed in, takes the early answer", async () => {
    const { requests } = answers();
    startFirstNetworkReads(monday);
    // At once, as the app's first reads follow the same answer of who is signed in.
    const plan = await firstAnswerFetch(new Request(url('/api/daily-plan')));
    expect(((await plan.json()) as { priorityTaskIds: string[] }).priorityTaskIds).toEqual([priorityId]);
    await settle();
    expect(requests.filter((r) => r.path === '/api/daily-plan')).toHaveLength(1);
  });

  it("most of the week the dashboard's reads go out with the read of who is signed in, the contacts included", async () => {
    let answerUser: () => void = () => undefined;
    const userAnswered = new Promise<void>((resolve) => (answerUser = resolve));
    const { requests } = mockFetch(async (req) => {
      if (req.path !== '/api/auth/user') return json(200, []);
      await userAnswered;
      return json(200, makeUser({ timezone: 'UTC', enableDelegation: false }));
    });
    startFirstNetworkReads(wednesday);
    await settle();
    expect(requests.map((r) => r.path).sort()).toEqual(['/api/auth/user', '/api/clients', '/api/daily-plan', '/api/delegation-contacts', '/api/tasks/today', '/api/timer'].sort());
    answerUser();
    await settle();
    expect(requests).toHaveLength(6);
  });

  describe.each([
    ['Monday morning (the list waits for the zone)', monday],
    ['Wednesday noon (the list is the same in every zone)', wednesday],
  ])('on %s', (_when, now) => {
    beforeEach(() => jest.useFakeTimers({ now, doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'queueMicrotask', 'nextTick'] }));
    afterEach(() => jest.useRealTimers());

    it.each([false, true])("asks what the app's first reads ask (delegation %s): each taken, none asked twice", async (delegation) => {
      // What the app reads by itself (dashboardReads.ts)…
      const alone = answers({ delegation });
      await startFirstReads(makeStore().dispatch, '/');
      const appReads = alone.requests.map((r) => r.path).sort();
      forgetFirstNetworkReads();

      // …is what the early script reads (with, when it asks before knowing the user, the contacts of a user
      // who does not delegate: left unused), and the app then takes every answer it needs: it asks nothing itself.
      const both = answers({ delegation });
      startFirstNetworkReads();
      await settle();
      const unused = !delegation && now === wednesday ? ['/api/delegation-contacts'] : [];
      expect(both.requests.map((r) => r.path).sort()).toEqual([...appReads, ...unused].sort());
      await startFirstReads(makeStore().dispatch, '/');
      await settle();
      expect(both.requests).toHaveLength(appReads.length + unused.length);
    });
  });
});
