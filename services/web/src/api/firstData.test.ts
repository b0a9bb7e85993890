import { isWeekendMode } from '@daybook/shared';
import { makeUser, uuid } from '../test/fixtures';
import { json, mockFetch } from '../test/render';

/** Runs public/first-data.js, the script index.html runs before the app: it starts the first screen's reads. */
const runScript = () => jest.isolateModules(() => jest.requireActual('../../public/first-data.js'));

async function runFirstData(handler: Parameters<typeof mockFetch>[0]) {
  const { requests } = mockFetch(handler);
  window.__daybookFirstData = undefined;
  runScript();
  for (let i = 0; i < 6; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  return requests.map((r) => r.path);
}

describe('first-data.js', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete window.__daybookFirstData;
  });

  it('signed in: asks who, then the day list, the clients, the daily plan and its top 3', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T15:00:00Z'), doNotFake: ['setTimeout', 'queueMicrotask', 'nextTick', 'setImmediate'] }); // a Tuesday
    const user = makeUser({ id: uuid(1), timezone: 'Europe/Berlin' });
    const paths = await runFirstData((req) =>
      req.path === '/api/auth/user' ? json(200, user) : req.path === '/api/daily-plan' ? json(200, { priorityTaskIds: [uuid(7)] }) : json(200, []),
    );
    expect(paths).toEqual(['/api/auth/user', '/api/tasks/today', '/api/clients', '/api/daily-plan', `/api/tasks/${uuid(7)}`]);
    // The app takes them by address (src/api/firstAnswers.ts).
    expect(Object.keys(window.__daybookFirstData?.responses ?? {})).toContain(new URL('/api/tasks/today', window.location.origin).href);
  });

  it('signed out: asks who is signed in and nothing more', async () => {
    const paths = await runFirstData(() => json(401, { error: { code: 'unauthorized', message: 'Unauthorized' } }));
    expect(paths).toEqual(['/api/auth/user']);
  });

  it("picks the day list as the dashboard does (isWeekendMode), across a week and the world's zones", async () => {
    for (const timeZone of ['Pacific/Auckland', 'Europe/Berlin', 'America/Los_Angeles']) {
      for (let hour = 0; hour < 7 * 24; hour += 1) {
        const now = new Date(Date.UTC(2026, 10, 20, hour, 30)); // from Friday 20 November
        jest.useFakeTimers({ now, doNotFake: ['setTimeout', 'queueMicrotask', 'nextTick', 'setImmediate'] });
        const paths = await runFirstData((req) => (req.path === '/api/auth/user' ? json(200, makeUser({ id: uuid(1), timezone: timeZone })) : json(200, [])));
        expect([timeZone, now.toISOString(), paths[1]]).toEqual([timeZone, now.toISOString(), isWeekendMode(now, timeZone) ? '/api/tasks/monday' : '/api/tasks/today']);
        jest.useRealTimers();
      }
    }
  });
});
