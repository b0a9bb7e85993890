import { DEFAULT_WORKING_MINUTES, TASK_MOVES_MAX, UNFINISHED_TASKS_MAX, type Task, type User } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { planOf, scansOf, statementsOf } from '../../test/query-plans';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { createPlanningService } from './planning.service';
import { createTasksService } from '../tasks/tasks.service';

/**
 * Working hours, the days' capacity and the moves of a proposal or a Friday shutdown (DECISIONS 34):
 * owner-scoped, bounded, validated, and never overwriting a change made meanwhile (DECISIONS 21).
 */

const NOW = new Date('2026-03-11T14:00:00Z'); // Wednesday, 10:00 in New York
let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;
let annaId: string;

beforeAll(async () => {
  t = await startTestApp({}, () => NOW);
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
  anna = t.client();
  bob = t.client();
  annaId = (await anna.signUpAndIn('anna')).id;
  await bob.signUpAndIn('bob');
});

const create = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/api/tasks', body);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body as Task;
};
const read = async (client: ApiClient, id: string) => (await client.get(`/api/tasks/${id}`)).body as Task;
const moves = (client: ApiClient, body: unknown) => client.post('/api/planning/moves', { moves: body });
const sql = () => t.orm.em.getConnection();

describe('working hours in the user settings', () => {
  it('start at Monday–Friday 8 h and change with PATCH /api/auth/user/settings, delegation staying', async () => {
    expect(((await anna.get('/api/auth/user')).body as User).workingMinutes).toEqual(DEFAULT_WORKING_MINUTES);
    const week = [0, 450, 480, 480, 480, 240, 0];
    const res = await anna.patch('/api/auth/user/settings', { workingMinutes: week });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ workingMinutes: week, enableDelegation: false });
    await anna.patch('/api/auth/user/settings', { enableDelegation: true });
    expect((await anna.get('/api/auth/user')).body).toMatchObject({ workingMinutes: week, enableDelegation: true });
    // Bob's stay the default.
    expect(((await bob.get('/api/auth/user')).body as User).workingMinutes).toEqual(DEFAULT_WORKING_MINUTES);
  });

  it.each([
    [{ workingMinutes: [0, 480, 480, 480, 480, 480, 1441] }, 'Working hours must be between 0 and 24 hours a day'],
    [{ workingMinutes: [0, -1, 480, 480, 480, 480, 0] }, 'Working hours must be between 0 and 24 hours a day'],
    [{ workingMinutes: [0, 480, 480, 480, 480, 480] }, 'Working hours must list the seven days of the week'],
    [{ workingMinutes: [0, 480, 480, 480, 480, 480, 0, 0] }, 'Working hours must list the seven days of the week'],
    [{ workingMinutes: [0, 7.5, 480, 480, 480, 480, 0] }, 'Working hours must be whole minutes'],
    [{ workingMinutes: '8h' }, 'Working hours must list the seven days of the week'],
    [{}, 'Send enableDelegation or workingMinutes'],
  ])('refuses %j with a clear 400 and changes nothing', async (body, message) => {
    const res = await anna.patch('/api/auth/user/settings', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(((await anna.get('/api/auth/user')).body as User).workingMinutes).toEqual(DEFAULT_WORKING_MINUTES);
  });
});

describe('GET /api/planning/capacity', () => {
  it('adds up the estimates of each day’s open tasks, against the hours of that weekday', async () => {
    await anna.patch('/api/auth/user/settings', { workingMinutes: [0, 480, 480, 480, 480, 240, 60] });
    await create(anna, { title: 'a', dueDate: '2026-03-12', estimatedTime: '1.5h' });
    await create(anna, { title: 'b', dueDate: '2026-03-12', estimatedTime: '30min' });
    await create(anna, { title: 'c', dueDate: '2026-03-12', estimatedTime: '1.5h' });
    await create(anna, { title: 'label', dueDate: '2026-03-12', estimatedTime: '2 hours' });
    await create(anna, { title: 'unreadable', dueDate: '2026-03-12', estimatedTime: 'a while' });
    await create(anna, { title: 'none', dueDate: '2026-03-12' });
    await create(anna, { title: 'a day', dueDate: '2026-03-13', estimatedTime: '1d' });
    // Not planned: completed, in the backlog, archived, another day, another user.
    await create(anna, { title: 'done', dueDate: '2026-03-12', estimatedTime: '4h', isCompleted: true });
    await create(anna, { title: 'parked', dueDate: '2026-03-12', estimatedTime: '4h', isBacklog: true });
    const archived = await create(anna, { title: 'archived', dueDate: '2026-03-12', estimatedTime: '4h' });
    await anna.patch(`/api/tasks/${archived.id}/archive`);
    await create(anna, { title: 'later', dueDate: '2026-03-20', estimatedTime: '4h' });
    await create(bob, { title: 'bob’s', dueDate: '2026-03-12', estimatedTime: '4h' });

    const res = await anna.get('/api/planning/capacity?from=2026-03-12&days=4');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      days: [
        { date: '2026-03-12', plannedMinutes: 90 + 30 + 90 + 120, availableMinutes: 480 }, // Thursday
        { date: '2026-03-13', plannedMinutes: 480, availableMinutes: 240 }, // Friday
        { date: '2026-03-14', plannedMinutes: 0, availableMinutes: 60 }, // Saturday
        { date: '2026-03-15', plannedMinutes: 0, availableMinutes: 0 }, // Sunday
      ],
    });
  });

  it('answers 14 days by default', async () => {
    const res = await anna.get('/api/planning/capacity?from=2026-03-12');
    expect(res.body.days).toHaveLength(14);
    expect(res.body.days.at(-1).date).toBe('2026-03-25');
  });

  it.each([
    ['from=2026-03-12&days=32', 'Days must be at most 31'],
    ['from=2026-03-12&days=0', 'Days must be at least 1'],
    ['from=2026-02-30', 'Date does not exist'],
    ['from=next%20week', 'Date must be YYYY-MM-DD'],
    ['', 'Date must be YYYY-MM-DD'],
    ['from=2999-12-30&days=14', 'Date must be between 1900-01-01 and 2999-12-31'],
  ])('refuses ?%s (400)', async (query, message) => {
    const res = await anna.get(`/api/planning/capacity?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/planning/capacity?from=2026-03-12')).status).toBe(401);
  });
});

describe('GET /api/planning/unfinished', () => {
  it('lists the open tasks due in the range, by due date and list order, and nobody else’s', async () => {
    const monday = await create(anna, { title: 'Monday', dueDate: '2026-03-09' });
    const wednesday = await create(anna, { title: 'Wednesday', dueDate: '2026-03-11', sortOrder: 2 });
    const wednesdayFirst = await create(anna, { title: 'Wednesday first', dueDate: '2026-03-11', sortOrder: 1 });
    await create(anna, { title: 'last week', dueDate: '2026-03-06' });
    await create(anna, { title: 'next week', dueDate: '2026-03-16' });
    await create(anna, { title: 'done', dueDate: '2026-03-10', isCompleted: true });
    await create(anna, { title: 'parked', dueDate: '2026-03-10', isBacklog: true });
    await create(anna, { title: 'undated' });
    await create(bob, { title: 'bob’s', dueDate: '2026-03-10' });
    const res = await anna.get('/api/planning/unfinished?from=2026-03-09&to=2026-03-13');
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(false);
    expect((res.body.tasks as Task[]).map((task) => task.id)).toEqual([monday.id, wednesdayFirst.id, wednesday.id]);
  });

  it(`answers at most ${UNFINISHED_TASKS_MAX}, and says more follow`, async () => {
    await sql().execute(
      `insert into tasks (id, user_id, title, due_date) select gen_random_uuid(), ?, 'Open ' || n, date '2026-03-10' from generate_series(1, ?) n`,
      [annaId, UNFINISHED_TASKS_MAX + 5],
    );
    const res = await anna.get('/api/planning/unfinished?from=2026-03-09&to=2026-03-13');
    expect(res.body.tasks).toHaveLength(UNFINISHED_TASKS_MAX);
    expect(res.body.hasMore).toBe(true);
  });

  it.each([
    ['from=2026-03-09&to=2026-03-16', 'At most 7 days'],
    ['from=2026-03-13&to=2026-03-09', 'To must not be before from'],
    ['from=2026-03-09', 'Date must be YYYY-MM-DD'],
  ])('refuses ?%s (400)', async (query, message) => {
    const res = await anna.get(`/api/planning/unfinished?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });
});

describe('POST /api/planning/moves', () => {
  it('re-dates, puts in the backlog and completes, by the rules of the single writes', async () => {
    const timed = await create(anna, { title: 'Call Harbor Dental', dueDate: '2026-03-11', dueTime: '15:00', estimatedTime: '1h' });
    const parked = await create(anna, { title: 'Tidy the drive', dueDate: '2026-03-10' });
    const daily = await create(anna, { title: 'Check filings', dueDate: '2026-03-11', isRecurring: true, recurringType: 'daily' });
    const res = await moves(anna, [
      { id: timed.id, expectedDueDate: '2026-03-11', action: 'reschedule', dueDate: '2026-03-16' },
      { id: parked.id, expectedDueDate: '2026-03-10', action: 'backlog' },
      { id: daily.id, expectedDueDate: '2026-03-11', action: 'complete' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.skipped).toEqual([]);
    expect((res.body.moved as Task[]).map((task) => task.id)).toEqual([timed.id, parked.id, daily.id]);
    expect(await read(anna, timed.id)).toMatchObject({ dueDate: '2026-03-16', dueTime: '15:00', estimatedTime: '1h', isCompleted: false });
    expect(await read(anna, parked.id)).toMatchObject({ isBacklog: true, status: 'backlog', dueDate: '2026-03-10' });
    expect(await read(anna, daily.id)).toMatchObject({ isCompleted: true, status: 'completed' });
    // Completing the recurring task created its next occurrence once.
    const [next] = await sql().execute<{ due_date: string }[]>(`select due_date::text from tasks where parent_task_id = ?`, [daily.id]);
    expect(next).toEqual({ due_date: '2026-03-12' });
  });

  it('skips a task that changed since the proposal, and writes the others', async () => {
    const redated = await create(anna, { title: 'Re-dated on the phone', dueDate: '2026-03-12' });
    const done = await create(anna, { title: 'Done on the phone', dueDate: '2026-03-11', isCompleted: true });
    const fine = await create(anna, { title: 'Still here', dueDate: '2026-03-11' });
    const res = await moves(anna, [
      { id: redated.id, expectedDueDate: '2026-03-11', action: 'reschedule', dueDate: '2026-03-16' },
      { id: done.id, expectedDueDate: '2026-03-11', action: 'backlog' },
      { id: fine.id, expectedDueDate: '2026-03-11', action: 'reschedule', dueDate: '2026-03-16' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.skipped).toEqual([redated.id, done.id]);
    expect((res.body.moved as Task[]).map((task) => task.id)).toEqual([fine.id]);
    expect(await read(anna, redated.id)).toMatchObject({ dueDate: '2026-03-12' });
    expect(await read(anna, done.id)).toMatchObject({ isCompleted: true, isBacklog: false });
  });

  it('changes nothing when one id is another user’s (404)', async () => {
    const mine = await create(anna, { title: 'Mine', dueDate: '2026-03-11' });
    const theirs = await create(bob, { title: 'Theirs', dueDate: '2026-03-11' });
    const before = await rowCounts(t.orm);
    const res = await moves(anna, [
      { id: mine.id, expectedDueDate: '2026-03-11', action: 'reschedule', dueDate: '2026-03-16' },
      { id: theirs.id, expectedDueDate: '2026-03-11', action: 'complete' },
    ]);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'Task not found' });
    expect(await rowCounts(t.orm)).toEqual(before);
    expect(await read(anna, mine.id)).toMatchObject({ dueDate: '2026-03-11' });
    expect(await read(bob, theirs.id)).toMatchObject({ isCompleted: false });
  });

  it.each([
    [[], 'At least one move is required'],
    [Array.from({ length: TASK_MOVES_MAX + 1 }, () => ({ id: '00000000-0000-4000-8000-000000000001', expectedDueDate: null, action: 'backlog' })), `At most ${TASK_MOVES_MAX} moves at once`],
    [[{ id: 'nope', expectedDueDate: null, action: 'backlog' }], 'Invalid id'],
    [[{ id: '00000000-0000-4000-8000-000000000001', expectedDueDate: null, action: 'delete' }], 'Action must be reschedule, backlog or complete'],
    [[{ id: '00000000-0000-4000-8000-000000000001', expectedDueDate: null, action: 'reschedule', dueDate: '3000-01-01' }], 'Date must be between 1900-01-01 and 2999-12-31'],
  ])('refuses a malformed list (400) %#', async (list, message) => {
    const task = await create(anna, { title: 'Untouched', dueDate: '2026-03-11' });
    const res = await moves(anna, list);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await read(anna, task.id)).toMatchObject({ dueDate: '2026-03-11', isBacklog: false });
  });

  it('needs a session and the CSRF header', async () => {
    expect((await moves(t.client(), [])).status).toBe(401);
    const task = await create(anna, { title: 'Untouched', dueDate: '2026-03-11' });
    const noHeader = await anna.agent.post('/api/planning/moves').send({ moves: [{ id: task.id, expectedDueDate: '2026-03-11', action: 'backlog' }] });
    expect(noHeader.status).toBe(403);
  });
});

describe('moves racing an edit on another device (DECISIONS 21)', () => {
  it('never overwrites a re-date or a rename made at the same moment, 30 rounds', async () => {
    const laptop = t.client();
    await laptop.signIn('anna');
    for (let round = 0; round < 30; round += 1) {
      const task = await create(anna, { title: `round ${round}`, dueDate: '2026-03-11', estimatedTime: '2h' });
      const other = await create(anna, { title: `other ${round}`, dueDate: '2026-03-11', estimatedTime: '1h' });
      const [moved, redated, renamed] = await Promise.all([
        moves(anna, [
          { id: task.id, expectedDueDate: '2026-03-11', action: 'reschedule', dueDate: '2026-03-12' },
          { id: other.id, expectedDueDate: '2026-03-11', action: 'reschedule', dueDate: '2026-03-12' },
        ]),
        laptop.patch(`/api/tasks/${task.id}`, { dueDate: '2026-03-20' }),
        laptop.patch(`/api/tasks/${other.id}`, { title: `renamed ${round}` }),
      ]);
      expect([moved.status, redated.status, renamed.status]).toEqual([200, 200, 200]);
      // The laptop's date wins whichever came first (both orders occur): after the move it is written over it;
      // before it, the move finds the date changed and skips the task.
      expect(await read(anna, task.id)).toMatchObject({ dueDate: '2026-03-20', title: `round ${round}` });
      // The rename and the move touch different fields: both stay.
      expect(await read(anna, other.id)).toMatchObject({ dueDate: '2026-03-12', title: `renamed ${round}` });
    }
  }, 120_000);
});

describe('bounded reads (DECISIONS 22)', () => {
  it('capacity and the unfinished list read tasks through an index for a user with 20,000 tasks', async () => {
    await sql().execute(
      `insert into tasks (id, user_id, title, due_date, estimated_time, is_completed)
       select gen_random_uuid(), ?, 'task ' || n, date '2026-03-11' + (n % 400 - 200), (array['30min', '1h', '2 hours', null])[1 + n % 4], n % 10 = 0
         from generate_series(1, 20000) n`,
      [annaId],
    );
    const actor: Actor = { id: annaId, username: 'anna', role: 'user', timezone: 'America/New_York', enableDelegation: false };
    const planning = createPlanningService(t.orm.em, createTasksService(t.orm.em, () => NOW));
    for (const read of [() => planning.capacity(actor, { from: '2026-03-12', days: 31 }), () => planning.unfinished(actor, { from: '2026-03-09', to: '2026-03-15' })]) {
      const statements = (await statementsOf(t.orm, read)).filter((s) => /^\s*select/i.test(s.sql) && /from tasks/.test(s.sql));
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        const { plan, executionMs } = await planOf(t.orm, statement, true);
        const taskScans = scansOf(plan).filter((scan) => scan.endsWith(' on tasks'));
        expect(taskScans.filter((scan) => !/^(Index Scan|Index Only Scan|Bitmap Heap Scan) on tasks$/.test(scan))).toEqual([]);
        expect(executionMs).toBeLessThan(1_000);
      }
    }
  }, 60_000);
});
