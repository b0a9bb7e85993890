import { RequestContext } from '@mikro-orm/core';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  OFFLINE_MADE_AT_HEADER,
  QUOTAS,
  quotaMessage,
  TIME_ENTRY_BILLED_MESSAGE,
  TIME_ENTRY_MAX_SECONDS,
  type Task,
  type TimeEntry,
  type TimeEntryPage,
  type TimerState,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { createTimeEntriesService, RUNNING_ENTRY_END_MESSAGE, RUNNING_ENTRY_FUTURE_MESSAGE } from './time-entries.service';

let t: TestContext;
/** Anna on two devices (two sessions of one user), and Bob. */
let phone: ApiClient;
let laptop: ApiClient;
let bob: ApiClient;
let annaId: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  phone = t.client();
  laptop = t.client();
  bob = t.client();
  annaId = (await phone.signUpAndIn('anna')).id;
  await laptop.signIn('anna');
  await bob.signUpAndIn('bob');
});

const MISSING = '00000000-0000-4000-8000-000000000001';
const sql = () => t.orm.em.getConnection();

async function ok<T>(res: Promise<{ status: number; body: unknown; text: string }> | { status: number; body: unknown; text: string }, status = 200): Promise<T> {
  const answer = await res;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status} ${answer.text}`);
  return answer.body as T;
}
const newClient = async (client: ApiClient, name: string, billable = true) => {
  const { id } = await ok<{ id: string }>(client.post('/api/clients', { name }), 201);
  if (!billable) await sql().execute('update clients set billable = false where id = ?', [id]);
  return id;
};
const newTask = async (client: ApiClient, title: string, fields: Record<string, unknown> = {}) => ok<Task>(client.post('/api/tasks', { title, ...fields }), 201);
const taskOf = (client: ApiClient, id: string) => ok<Task>(client.get(`/api/tasks/${id}`));
const timer = (client: ApiClient) => ok<TimerState>(client.get('/api/timer'));
const addEntry = (client: ApiClient, body: Record<string, unknown>) => ok<TimeEntry>(client.post('/api/time-entries', body), 201);
const entriesOf = (client: ApiClient, taskId: string, query = '') => ok<TimeEntryPage>(client.get(`/api/tasks/${taskId}/time-entries${query}`));
/** Billing's "mark as billed" sets the period; its foreign key is billing's, so the test sets it past the key's trigger. */
async function markBilled(entryId: string) {
  await t.orm.em.fork().transactional(async (em) => {
    await em.execute('set local session_replication_role = replica');
    await em.execute('update time_entries set billing_period_id = gen_random_uuid() where id = ?', [entryId]);
  });
}
const ms = (iso: string) => Date.parse(iso);

describe('the timer across two sessions of one user', () => {
  it('starts on the phone, shows on the laptop, switches tasks at one instant, and stops once', async () => {
    const acme = await newClient(phone, 'Acme');
    const report = await newTask(phone, 'Write report', { clientId: acme, estimatedTime: '2h' });
    const call = await newTask(phone, 'Call Bob');

    expect(await timer(laptop)).toEqual({ running: null, stopped: null });
    const started = await ok<TimerState>(phone.post('/api/timer', { taskId: report.id }), 201);
    expect(started.stopped).toBeNull();
    expect(started.running).toMatchObject({ taskId: report.id, taskTitle: 'Write report', clientId: acme, endedAt: null, durationSeconds: null, billable: true, note: '', overlaps: [] });
    expect(Math.abs(ms(started.running!.startedAt) - Date.now())).toBeLessThan(60_000);

    // The laptop sees the phone's timer; starting the same task again there changes nothing.
    expect((await timer(laptop)).running).toEqual(started.running);
    expect(await ok<TimerState>(laptop.post('/api/timer', { taskId: report.id }), 200)).toEqual({ running: started.running, stopped: null });

    // Starting another task on the laptop ends the first at the instant the second starts.
    const switched = await ok<TimerState>(laptop.post('/api/timer', { taskId: call.id }), 201);
    expect(switched.stopped).toMatchObject({ id: started.running!.id, taskId: report.id });
    expect(switched.stopped!.endedAt).toBe(switched.running!.startedAt);
    expect(switched.running).toMatchObject({ taskId: call.id, taskTitle: 'Call Bob', clientId: null, billable: false });
    expect((await timer(phone)).running?.id).toBe(switched.running!.id);

    // The phone still shows the first timer: its Stop (naming that entry) stops nothing else.
    expect(await ok<TimerState>(phone.post('/api/timer/stop', { entryId: started.running!.id }))).toEqual({ running: switched.running, stopped: null });
    const stopped = await ok<TimerState>(phone.post('/api/timer/stop', { entryId: switched.running!.id }));
    expect(stopped.running).toBeNull();
    expect(stopped.stopped).toMatchObject({ id: switched.running!.id, endedAt: expect.any(String), durationSeconds: expect.any(Number) });
    expect(await timer(laptop)).toEqual({ running: null, stopped: null });
    // Stopping again is harmless: nothing runs.
    expect(await ok<TimerState>(laptop.post('/api/timer/stop', {}))).toEqual({ running: null, stopped: null });
    expect(await ok<TimerState>(laptop.post('/api/timer/stop'))).toEqual({ running: null, stopped: null });

    // The tasks carry their finished time.
    expect((await taskOf(laptop, report.id)).trackedSeconds).toBe(switched.stopped!.durationSeconds);
    expect((await taskOf(laptop, call.id)).trackedSeconds).toBe(stopped.stopped!.durationSeconds);
  });

  it('ends with exactly one running timer when two devices start timers at once, with no overlapping entries and no error', async () => {
    const tasks = await Promise.all(['One', 'Two', 'Three'].map((title) => newTask(phone, title)));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? phone : laptop).post('/api/timer', { taskId: tasks[index % tasks.length]!.id })),
    );
    expect(answers.map((res) => res.status).filter((status) => status !== 200 && status !== 201)).toEqual([]);

    const rows = await sql().execute<{ id: string; started: number; ended: number | null }[]>(
      'select id, extract(epoch from started_at)::float8 as started, extract(epoch from ended_at)::float8 as ended from time_entries where user_id = ? order by started_at, id',
      [annaId],
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.filter((row) => row.ended === null)).toHaveLength(1);
    expect(rows.at(-1)!.ended).toBeNull();
    // Each entry ended when (or before) the next one started: the race left no overlapping time.
    for (let i = 1; i < rows.length; i += 1) expect(rows[i - 1]!.ended!).toBeLessThanOrEqual(rows[i]!.started);
    const running = (await timer(laptop)).running!;
    expect(running.id).toBe(rows.at(-1)!.id);
    for (const task of tasks) for (const entry of (await entriesOf(phone, task.id)).items) expect(entry.overlaps).toEqual([]);
  });

  it('stops a timer left running for more than a day at 24 hours', async () => {
    const task = await newTask(phone, 'Forgotten');
    await sql().execute(`insert into time_entries (user_id, task_id, started_at, billable) values (?, ?, now() - interval '30 hours', false)`, [annaId, task.id]);
    const { stopped } = await ok<TimerState>(laptop.post('/api/timer/stop', {}));
    expect(stopped!.durationSeconds).toBe(TIME_ENTRY_MAX_SECONDS);
    expect((await taskOf(phone, task.id)).trackedSeconds).toBe(TIME_ENTRY_MAX_SECONDS);
  });

  it('starts and stops a change made offline at the instant the service worker says it was made (at most a week back, never later than now)', async () => {
    const task = await newTask(phone, 'Offline');
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const withMadeAt = (path: string, body: object, at: string) => phone.agent.post(path).set(CSRF_HEADER, CSRF_HEADER_VALUE).set(OFFLINE_MADE_AT_HEADER, at).send(body);
    const started = await ok<TimerState>(withMadeAt('/api/timer', { taskId: task.id }, tenMinutesAgo), 201);
    expect(started.running!.startedAt).toBe(tenMinutesAgo);
    const stopped = await ok<TimerState>(withMadeAt('/api/timer/stop', {}, fiveMinutesAgo));
    expect(stopped.stopped).toMatchObject({ endedAt: fiveMinutesAgo, durationSeconds: 300 });

    const future = await ok<TimerState>(withMadeAt('/api/timer', { taskId: task.id }, new Date(Date.now() + 3_600_000).toISOString()), 201);
    expect(ms(future.running!.startedAt)).toBeLessThanOrEqual(Date.now());
    await ok(phone.post('/api/timer/stop', {}));
    const ancient = await ok<TimerState>(withMadeAt('/api/timer', { taskId: task.id }, '2020-01-01T00:00:00.000Z'), 201);
    expect(Date.now() - ms(ancient.running!.startedAt)).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(Date.now() - ms(ancient.running!.startedAt)).toBeLessThan(7 * 86_400_000 + 60_000);
    // A header that is not an instant is ignored.
    await ok(phone.post('/api/timer/stop', {}));
    const garbage = await ok<TimerState>(withMadeAt('/api/timer', { taskId: task.id }, 'yesterday'), 201);
    expect(Math.abs(ms(garbage.running!.startedAt) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a missing or malformed task, changing nothing', async () => {
    const before = await rowCounts(t.orm);
    expect((await phone.post('/api/timer', { taskId: MISSING })).status).toBe(404);
    expect((await phone.post('/api/timer', { taskId: 'nope' })).status).toBe(400);
    expect((await phone.post('/api/timer', {})).status).toBe(400);
    expect((await phone.post('/api/timer/stop', { entryId: 'nope' })).status).toBe(400);
    expect(await rowCounts(t.orm)).toEqual(before);
  });
});

describe('billable by default', () => {
  it('follows the task’s client: billable client → billable, non-billable client or none → not; the entry copies the client', async () => {
    const billable = await newClient(phone, 'Billable');
    const internal = await newClient(phone, 'Internal', false);
    const a = await newTask(phone, 'A', { clientId: billable });
    const b = await newTask(phone, 'B', { clientId: internal });
    const c = await newTask(phone, 'C');
    expect((await ok<TimerState>(phone.post('/api/timer', { taskId: a.id }), 201)).running).toMatchObject({ clientId: billable, billable: true });
    expect((await ok<TimerState>(phone.post('/api/timer', { taskId: b.id }), 201)).running).toMatchObject({ clientId: internal, billable: false });
    expect((await ok<TimerState>(phone.post('/api/timer', { taskId: c.id }), 201)).running).toMatchObject({ clientId: null, billable: false });

    const start = '2026-03-02T09:00:00.000Z';
    expect(await addEntry(phone, { taskId: a.id, startedAt: start, durationSeconds: 600 })).toMatchObject({ clientId: billable, billable: true });
    expect(await addEntry(phone, { taskId: a.id, startedAt: start, durationSeconds: 600, billable: false })).toMatchObject({ billable: false });
    expect(await addEntry(phone, { taskId: a.id, clientId: internal, startedAt: start, durationSeconds: 600 })).toMatchObject({ clientId: internal, billable: false });
    expect(await addEntry(phone, { taskId: a.id, clientId: null, startedAt: start, durationSeconds: 600 })).toMatchObject({ clientId: null, billable: false });
    expect(await addEntry(phone, { clientId: billable, startedAt: start, durationSeconds: 600 })).toMatchObject({ taskId: null, taskTitle: null, clientId: billable, billable: true });
  });
});

describe('manual entries', () => {
  it('adds by start and end or start and duration, flags overlapping ones on both sides, and clears the flag when edited apart', async () => {
    const task = await newTask(phone, 'Draft contract', { estimatedTime: '3h' });
    const first = await addEntry(phone, { taskId: task.id, startedAt: '2026-03-02T09:00:00Z', endedAt: '2026-03-02T10:30:00Z', note: '  first draft  ' });
    expect(first).toMatchObject({ startedAt: '2026-03-02T09:00:00.000Z', endedAt: '2026-03-02T10:30:00.000Z', durationSeconds: 5400, note: 'first draft', overlaps: [] });
    const second = await addEntry(phone, { taskId: task.id, startedAt: '2026-03-02T10:00:00.000Z', durationSeconds: 3600 });
    expect(second).toMatchObject({ endedAt: '2026-03-02T11:00:00.000Z', durationSeconds: 3600, overlaps: [first.id] });
    // Touching ends do not overlap.
    const third = await addEntry(phone, { taskId: task.id, startedAt: '2026-03-02T11:00:00.000Z', durationSeconds: 60 });
    expect(third.overlaps).toEqual([]);

    let list = await entriesOf(laptop, task.id);
    expect(list.items.map((entry) => [entry.id, entry.overlaps])).toEqual([
      [third.id, []],
      [second.id, [first.id]],
      [first.id, [second.id]],
    ]);
    expect((await taskOf(laptop, task.id)).trackedSeconds).toBe(5400 + 3600 + 60);

    const moved = await ok<TimeEntry>(laptop.patch(`/api/time-entries/${second.id}`, { startedAt: '2026-03-02T12:00:00.000Z', durationSeconds: 1800, note: 'review' }));
    expect(moved).toMatchObject({ startedAt: '2026-03-02T12:00:00.000Z', endedAt: '2026-03-02T12:30:00.000Z', note: 'review', overlaps: [] });
    list = await entriesOf(laptop, task.id);
    expect(list.items.every((entry) => entry.overlaps.length === 0)).toBe(true);
    expect((await taskOf(laptop, task.id)).trackedSeconds).toBe(5400 + 1800 + 60);

    // Changing only the start keeps the end.
    expect(await ok<TimeEntry>(laptop.patch(`/api/time-entries/${first.id}`, { startedAt: '2026-03-02T10:00:00.000Z' }))).toMatchObject({ endedAt: '2026-03-02T10:30:00.000Z', durationSeconds: 1800 });

    expect((await laptop.delete(`/api/time-entries/${third.id}`)).status).toBe(204);
    expect((await laptop.delete(`/api/time-entries/${third.id}`)).status).toBe(404);
    expect((await taskOf(laptop, task.id)).trackedSeconds).toBe(1800 + 1800);
  });

  it('flags a manual entry that overlaps the running timer', async () => {
    const task = await newTask(phone, 'Now');
    const { running } = await ok<TimerState>(phone.post('/api/timer', { taskId: task.id }), 201);
    const manual = await addEntry(phone, { taskId: task.id, startedAt: new Date(Date.now() - 3_600_000).toISOString(), endedAt: new Date(Date.now() + 60_000).toISOString() });
    expect(manual.overlaps).toEqual([running!.id]);
    expect((await timer(laptop)).running!.overlaps).toEqual([manual.id]);
  });

  it('moves an entry to another task with that task’s client, and both tasks’ tracked time follows', async () => {
    const acme = await newClient(phone, 'Acme');
    const from = await newTask(phone, 'From');
    const to = await newTask(phone, 'To', { clientId: acme });
    const entry = await addEntry(phone, { taskId: from.id, startedAt: '2026-03-02T09:00:00Z', durationSeconds: 900 });
    expect((await taskOf(phone, from.id)).trackedSeconds).toBe(900);
    const moved = await ok<TimeEntry>(phone.patch(`/api/time-entries/${entry.id}`, { taskId: to.id }));
    expect(moved).toMatchObject({ taskId: to.id, taskTitle: 'To', clientId: acme, billable: false });
    expect((await taskOf(phone, from.id)).trackedSeconds).toBe(0);
    expect((await taskOf(phone, to.id)).trackedSeconds).toBe(900);
    expect(await ok<TimeEntry>(phone.patch(`/api/time-entries/${entry.id}`, { clientId: null, billable: true }))).toMatchObject({ taskId: to.id, clientId: null, billable: true });
  });

  it('keeps an entry whose task is deleted, without its task', async () => {
    const task = await newTask(phone, 'Gone');
    const entry = await addEntry(phone, { taskId: task.id, startedAt: '2026-03-02T09:00:00Z', durationSeconds: 900 });
    expect((await phone.delete(`/api/tasks/${task.id}`)).status).toBe(204);
    const page = await ok<TimeEntryPage>(phone.get('/api/time-entries?from=2026-03-01T00:00:00Z&to=2026-03-03T00:00:00Z'));
    expect(page.items).toEqual([expect.objectContaining({ id: entry.id, taskId: null, taskTitle: null, durationSeconds: 900 })]);
  });

  it.each([
    ['The end must be after the start', { startedAt: '2026-03-02T10:00:00Z', endedAt: '2026-03-02T09:00:00Z' }],
    ['The end must be after the start', { startedAt: '2026-03-02T10:00:00Z', endedAt: '2026-03-02T10:00:00Z' }],
    ['Give the end or the duration of the entry', { startedAt: '2026-03-02T10:00:00Z' }],
    ['Give the end or the duration of the entry', { startedAt: '2026-03-02T10:00:00Z', endedAt: '2026-03-02T11:00:00Z', durationSeconds: 60 }],
    ['An entry can be at most 24 hours long', { startedAt: '2026-03-02T10:00:00Z', endedAt: '2026-03-03T10:00:01Z' }],
    ['An entry can be at most 24 hours long', { startedAt: '2026-03-02T10:00:00Z', durationSeconds: 86_401 }],
    ['Duration must be at least 1 second', { startedAt: '2026-03-02T10:00:00Z', durationSeconds: 0 }],
    ['Duration must be a whole number of seconds', { startedAt: '2026-03-02T10:00:00Z', durationSeconds: 1.5 }],
    ['Invalid ISO datetime', { startedAt: 'monday', durationSeconds: 60 }],
    ['Date must be between 1900-01-01 and 2999-12-31', { startedAt: '1899-12-31T10:00:00Z', durationSeconds: 60 }],
    ['Must be at most 500 characters', { startedAt: '2026-03-02T10:00:00Z', durationSeconds: 60, note: 'x'.repeat(501) }],
    ['Text must not contain NUL characters', { startedAt: '2026-03-02T10:00:00Z', durationSeconds: 60, note: 'a\u0000b' }],
    ['Billable must be true or false', { startedAt: '2026-03-02T10:00:00Z', durationSeconds: 60, billable: 'yes' }],
    ['Invalid id', { startedAt: '2026-03-02T10:00:00Z', durationSeconds: 60, taskId: 'x' }],
  ])('refuses with 400 "%s" (case %#), changing nothing', async (message, body) => {
    const before = await rowCounts(t.orm);
    const res = await phone.post('/api/time-entries', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('refuses edits that would end an entry before its start or make it longer than a day', async () => {
    const entry = await addEntry(phone, { startedAt: '2026-03-02T09:00:00Z', durationSeconds: 600 });
    for (const [body, message] of [
      [{ startedAt: '2026-03-02T09:10:00Z' }, 'The end must be after the start'],
      [{ endedAt: '2026-03-03T09:00:01Z' }, 'An entry can be at most 24 hours long'],
      [{ endedAt: '2026-03-02T10:00:00Z', durationSeconds: 60 }, 'Give the end or the duration, not both'],
    ] as const) {
      const res = await phone.patch(`/api/time-entries/${entry.id}`, body);
      expect([res.status, res.body.error.message]).toEqual([400, message]);
    }
    const page = await ok<TimeEntryPage>(phone.get('/api/time-entries?from=2026-03-01T00:00:00Z&to=2026-03-03T00:00:00Z'));
    expect(page.items).toEqual([entry]);
  });

  it('edits a running entry’s start and note but not its end; deleting it discards the timer', async () => {
    const task = await newTask(phone, 'Running');
    const { running } = await ok<TimerState>(phone.post('/api/timer', { taskId: task.id }), 201);
    const earlier = new Date(Date.now() - 15 * 60_000).toISOString();
    expect(await ok<TimeEntry>(laptop.patch(`/api/time-entries/${running!.id}`, { startedAt: earlier, note: 'started late' }))).toMatchObject({ startedAt: earlier, note: 'started late', endedAt: null });
    for (const [body, message] of [
      [{ endedAt: new Date().toISOString() }, RUNNING_ENTRY_END_MESSAGE],
      [{ durationSeconds: 60 }, RUNNING_ENTRY_END_MESSAGE],
      [{ startedAt: new Date(Date.now() + 3_600_000).toISOString() }, RUNNING_ENTRY_FUTURE_MESSAGE],
    ] as const) {
      const res = await laptop.patch(`/api/time-entries/${running!.id}`, body);
      expect([res.status, res.body.error.message]).toEqual([400, message]);
    }
    expect((await laptop.delete(`/api/time-entries/${running!.id}`)).status).toBe(204);
    expect(await timer(phone)).toEqual({ running: null, stopped: null });
    expect((await taskOf(phone, task.id)).trackedSeconds).toBe(0);
  });

  it('refuses (409) to change or delete a billed entry, changing nothing', async () => {
    const task = await newTask(phone, 'Billed work');
    const entry = await addEntry(phone, { taskId: task.id, startedAt: '2026-03-02T09:00:00Z', durationSeconds: 600 });
    await markBilled(entry.id);
    for (const res of [await phone.patch(`/api/time-entries/${entry.id}`, { note: 'changed' }), await phone.delete(`/api/time-entries/${entry.id}`)]) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(TIME_ENTRY_BILLED_MESSAGE);
    }
    const [stored] = (await entriesOf(phone, task.id)).items;
    expect(stored).toMatchObject({ id: entry.id, note: '', billingPeriodId: expect.any(String) });
    expect((await taskOf(phone, task.id)).trackedSeconds).toBe(600);
  });
});

describe('lists', () => {
  it('pages a task’s entries and a period’s, latest first, optionally of one client', async () => {
    const acme = await newClient(phone, 'Acme');
    const task = await newTask(phone, 'Paged', { clientId: acme });
    const other = await newTask(phone, 'Other');
    const made: TimeEntry[] = [];
    for (let day = 1; day <= 5; day += 1) made.push(await addEntry(phone, { taskId: task.id, startedAt: `2026-03-0${day}T09:00:00Z`, durationSeconds: 60 }));
    await addEntry(phone, { taskId: other.id, startedAt: '2026-03-03T12:00:00Z', durationSeconds: 60 });

    const first = await entriesOf(phone, task.id, '?limit=2');
    expect(first.items.map((entry) => entry.startedAt)).toEqual(['2026-03-05T09:00:00.000Z', '2026-03-04T09:00:00.000Z']);
    const second = await entriesOf(phone, task.id, `?limit=2&cursor=${first.nextCursor}`);
    const third = await entriesOf(phone, task.id, `?limit=2&cursor=${second.nextCursor}`);
    expect([...first.items, ...second.items, ...third.items].map((entry) => entry.id)).toEqual(made.map((entry) => entry.id).reverse());
    expect(third.nextCursor).toBeNull();

    const period = await ok<TimeEntryPage>(phone.get('/api/time-entries?from=2026-03-02T00:00:00Z&to=2026-03-04T00:00:00Z'));
    expect(period.items.map((entry) => [entry.taskTitle, entry.startedAt])).toEqual([
      ['Other', '2026-03-03T12:00:00.000Z'],
      ['Paged', '2026-03-03T09:00:00.000Z'],
      ['Paged', '2026-03-02T09:00:00.000Z'],
    ]);
    const ofAcme = await ok<TimeEntryPage>(phone.get(`/api/time-entries?from=2026-03-02T00:00:00Z&to=2026-03-04T00:00:00Z&clientId=${acme}`));
    expect(ofAcme.items.map((entry) => entry.taskTitle)).toEqual(['Paged', 'Paged']);
  });

  it.each([
    ['/api/time-entries', 400],
    ['/api/time-entries?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 400],
    ['/api/time-entries?from=2025-01-01T00:00:00Z&to=2026-03-01T00:00:00Z', 400],
    ['/api/time-entries?from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z&limit=501', 400],
    ['/api/time-entries?from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z&cursor=bogus', 400],
    [`/api/tasks/${MISSING}/time-entries`, 404],
  ])('answers GET %s with %i', async (path, status) => {
    expect((await phone.get(path)).status).toBe(status);
  });
});

describe('ownership (DECISIONS 8)', () => {
  it('treats another user’s task, client and entries as missing and changes nothing of theirs', async () => {
    const acme = await newClient(phone, 'Acme');
    const task = await newTask(phone, 'Private', { clientId: acme });
    const { running } = await ok<TimerState>(phone.post('/api/timer', { taskId: task.id }), 201);
    const entry = await addEntry(phone, { taskId: task.id, startedAt: '2026-03-02T09:00:00Z', durationSeconds: 600 });
    const mine = await newTask(bob, 'Mine');

    expect((await bob.post('/api/timer', { taskId: task.id })).status).toBe(404);
    expect(await ok<TimerState>(bob.post('/api/timer/stop', { entryId: running!.id }))).toEqual({ running: null, stopped: null });
    expect(await timer(bob)).toEqual({ running: null, stopped: null });
    expect((await bob.get(`/api/tasks/${task.id}/time-entries`)).status).toBe(404);
    expect((await bob.patch(`/api/time-entries/${entry.id}`, { note: 'hijack' })).status).toBe(404);
    expect((await bob.delete(`/api/time-entries/${entry.id}`)).status).toBe(404);
    expect((await bob.post('/api/time-entries', { taskId: task.id, startedAt: '2026-03-02T09:00:00Z', durationSeconds: 60 })).status).toBe(404);
    expect((await bob.post('/api/time-entries', { taskId: mine.id, clientId: acme, startedAt: '2026-03-02T09:00:00Z', durationSeconds: 60 })).status).toBe(404);
    const bobsEntry = await addEntry(bob, { taskId: mine.id, startedAt: '2026-03-02T09:00:00Z', durationSeconds: 60 });
    expect((await bob.patch(`/api/time-entries/${bobsEntry.id}`, { taskId: task.id })).status).toBe(404);
    expect((await bob.patch(`/api/time-entries/${bobsEntry.id}`, { clientId: acme })).status).toBe(404);
    // Anna's overlapping entry is not Bob's business: his entry overlaps nothing of his.
    expect(bobsEntry.overlaps).toEqual([]);
    expect((await ok<TimeEntryPage>(bob.get('/api/time-entries?from=2026-03-01T00:00:00Z&to=2026-03-03T00:00:00Z'))).items.map((e) => e.id)).toEqual([bobsEntry.id]);

    expect((await timer(phone)).running?.id).toBe(running!.id);
    expect((await entriesOf(phone, task.id)).items).toEqual([expect.objectContaining({ id: running!.id, endedAt: null }), expect.objectContaining({ id: entry.id, note: '' })]);
  });
});

describe('quota (DECISIONS 22)', () => {
  it('refuses an entry or a timer past the quota with 409, counting parallel additions once', async () => {
    const actor: Actor = { id: annaId, username: 'anna', role: 'user', timezone: 'America/New_York', enableDelegation: false };
    const task = await newTask(phone, 'Quota');
    const service = createTimeEntriesService(t.orm.em, { quota: 3 });
    const inRequest = <T>(work: () => Promise<T>) => RequestContext.create(t.orm.em, work);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) =>
        inRequest(() => service.create(actor, { taskId: task.id, startedAt: `2026-03-0${index + 1}T09:00:00.000Z`, endedAt: `2026-03-0${index + 1}T10:00:00.000Z`, note: '' })),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    for (const result of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(result.reason).toMatchObject({ status: 409, code: 'quota_exceeded', message: quotaMessage('timeEntries') });
    }
    await expect(inRequest(() => service.start(actor, task.id))).rejects.toMatchObject({ status: 409 });
    expect((await taskOf(phone, task.id)).trackedSeconds).toBe(3 * 3600);
    expect(QUOTAS.timeEntries).toBe(100_000);
  });
});
