import type { Client, ClientOverview, Task } from '@daybook/shared';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';

// Wednesday 11 March 2026, 11:00 in New York (the default zone): the week is Sunday 8 to Saturday 14 March.
const now = new Date('2026-03-11T15:00:00Z');
let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await startTestApp({}, () => now);
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  anna = t.client();
  bob = t.client();
  await anna.signUpAndIn('anna');
  await bob.signUpAndIn('bob');
});

const MISSING = '00000000-0000-4000-8000-000000000001';
const post = async <T>(client: ApiClient, path: string, body: Record<string, unknown>): Promise<T> => {
  const res = await client.post(path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body as T;
};
const userId = async (name: string) => (await t.orm.em.getConnection().execute<{ id: string }[]>('select id from users where username = ?', [name]))[0]!.id;
/** A time entry as the timer or the entry form writes it; null `end` is a running timer. */
const track = async (user: string, clientId: string, taskId: string | null, start: string, end: string | null) =>
  t.orm.em.getConnection().execute(
    'insert into time_entries (user_id, client_id, task_id, started_at, ended_at, billable) values (?, ?, ?, ?, ?, true)',
    [await userId(user), clientId, taskId, start, end],
  );

describe('a client page’s overview', () => {
  it("counts the open tasks, the week's estimates and tracked time, and lists what happened, newest first", async () => {
    const acme = await post<Client>(anna, '/api/clients', { name: 'Acme' });
    const globex = await post<Client>(anna, '/api/clients', { name: 'Globex' });
    const report = await post<Task>(anna, '/api/tasks', { title: 'Quarterly report', clientId: acme.id, dueDate: '2026-03-09', estimatedTime: '2h' });
    await post<Task>(anna, '/api/tasks', { title: 'Call', clientId: acme.id, dueDate: '2026-03-14', estimatedTime: '30min' });
    await post<Task>(anna, '/api/tasks', { title: 'Next week', clientId: acme.id, dueDate: '2026-03-15', estimatedTime: '1h' });
    await post<Task>(anna, '/api/tasks', { title: 'Someday', clientId: acme.id, isBacklog: true });
    await post<Task>(anna, '/api/tasks', { title: 'Other client', clientId: globex.id, dueDate: '2026-03-10', estimatedTime: '3h' });
    const invoice = await post<Task>(anna, '/api/tasks', { title: 'Invoice', clientId: acme.id, dueDate: '2026-03-10', estimatedTime: '1h' });
    expect((await anna.patch(`/api/tasks/${invoice.id}/complete`, { isCompleted: true })).status).toBe(200);
    await post(anna, `/api/tasks/${report.id}/comments`, { content: 'Numbers from finance arrive Thursday' });

    await track('anna', acme.id, report.id, '2026-03-09T14:00:00Z', '2026-03-09T15:00:00Z'); // 1 h on Monday
    await track('anna', acme.id, report.id, '2026-03-07T14:00:00Z', '2026-03-07T16:00:00Z'); // last week
    await track('anna', globex.id, null, '2026-03-10T14:00:00Z', '2026-03-10T15:00:00Z'); // another client
    await track('anna', acme.id, report.id, '2026-03-11T14:30:00Z', null); // running for 30 min

    const res = await anna.get(`/api/clients/${acme.id}/overview`);
    expect(res.status).toBe(200);
    const overview = res.body as ClientOverview;
    expect(overview).toMatchObject({
      clientId: acme.id,
      openTasks: 3, // the report, the call and next week's (not the completed invoice, not the backlog)
      week: { firstDate: '2026-03-08', lastDate: '2026-03-14', estimatedMinutes: 120 + 30 + 60, trackedSeconds: 3600 + 1800 },
    });
    expect(overview.activity.map((event) => [event.kind, event.title])).toEqual(
      expect.arrayContaining([
        ['task-completed', 'Invoice'],
        ['comment', 'Quarterly report'],
        ['time', 'Quarterly report'],
        ['task-created', 'Someday'],
      ]),
    );
    expect(overview.activity.some((event) => event.title === 'Other client')).toBe(false);
    const times = overview.activity.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(overview.activity.find((event) => event.kind === 'comment')!.detail).toBe('Numbers from finance arrive Thursday');
  });

  it("answers 404 for another user's client or a missing one, 400 for a malformed id", async () => {
    const acme = await post<Client>(anna, '/api/clients', { name: 'Acme' });
    expect((await bob.get(`/api/clients/${acme.id}/overview`)).status).toBe(404);
    expect((await anna.get(`/api/clients/${MISSING}/overview`)).status).toBe(404);
    expect((await anna.get('/api/clients/acme/overview')).status).toBe(400);
    expect((await t.client().get(`/api/clients/${acme.id}/overview`)).status).toBe(401);
  });

  it('keeps its activity to the newest 15 events', async () => {
    const acme = await post<Client>(anna, '/api/clients', { name: 'Acme' });
    for (let i = 0; i < 20; i += 1) await post<Task>(anna, '/api/tasks', { title: `Task ${i}`, clientId: acme.id });
    const overview = (await anna.get(`/api/clients/${acme.id}/overview`)).body as ClientOverview;
    expect(overview.activity).toHaveLength(15);
  });
});
