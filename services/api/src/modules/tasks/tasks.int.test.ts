import { sortTasksForList, RECURRING_TYPE_REQUIRED, type Task } from '@daybook/shared';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';

// Saturday 2026-03-07 12:00 in New York (17:00 UTC); tests move the clock as they need.
let now = new Date('2026-03-07T17:00:00Z');
let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await startTestApp({}, () => now);
});
afterAll(() => t.close());
beforeEach(async () => {
  now = new Date('2026-03-07T17:00:00Z');
  await truncateAll(t.orm);
  anna = t.client();
  bob = t.client();
  await anna.signUpAndIn('anna');
  await bob.signUpAndIn('bob');
});

const create = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/api/tasks', body);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body as Task;
};
const titles = (tasks: Task[]) => tasks.map((task) => task.title);
const setTimezone = (client: ApiClient, timezone: string) => client.patch('/api/auth/user/timezone', { timezone });

describe('creating and editing a task', () => {
  it('creates with the spec defaults and reads it back', async () => {
    const task = await create(anna, { title: '  Call Acme  ' });
    expect(task).toMatchObject({
      title: 'Call Acme', description: null, clientId: null, priority: 'medium', status: 'todo', dueDate: null, dueTime: null,
      isCompleted: false, isBacklog: false, isArchived: false, documentLinks: [], isRecurring: false, recurringInterval: 1,
      isDelegated: false, delegatedToId: null, sortOrder: 0, parentTaskId: null, lastRecurrenceDate: null,
    });
    expect((await anna.get(`/api/tasks/${task.id}`)).body).toEqual(task);
  });

  it('reads a date-time due date in the user timezone and answers a calendar date and time', async () => {
    await setTimezone(anna, 'Asia/Tokyo');
    const task = await create(anna, { title: 'Late call', dueDate: '2026-03-07T20:30:00Z' });
    expect(task).toMatchObject({ dueDate: '2026-03-08', dueTime: '05:30' });
    const plain = await create(anna, { title: 'Plain date', dueDate: '2026-03-09', dueTime: '9:15' });
    expect(plain).toMatchObject({ dueDate: '2026-03-09', dueTime: '09:15' });
  });

  it('turns empty client and delegate ids into null and drops blank document links', async () => {
    const task = await create(anna, { title: 'Docs', clientId: '', delegatedToId: '', documentLinks: ['https://a.example', '  ', '', 'https://b.example'] });
    expect(task).toMatchObject({ clientId: null, delegatedToId: null, documentLinks: ['https://a.example', 'https://b.example'] });
  });

  it('keeps status and flags consistent on every write', async () => {
    const done = await create(anna, { title: 'Done already', status: 'completed' });
    expect(done).toMatchObject({ status: 'completed', isCompleted: true, isBacklog: false });
    const parked = await create(anna, { title: 'Parked', isBacklog: true });
    expect(parked).toMatchObject({ status: 'backlog', isBacklog: true });

    const task = await create(anna, { title: 'Flow', status: 'in_progress' });
    const completed = await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true });
    expect(completed.body).toMatchObject({ status: 'completed', isCompleted: true });
    const reopened = await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: false });
    expect(reopened.body).toMatchObject({ status: 'todo', isCompleted: false });
    const backlog = await anna.patch(`/api/tasks/${task.id}/backlog`);
    expect(backlog.body).toMatchObject({ status: 'backlog', isBacklog: true, isCompleted: false });
    const restored = await anna.patch(`/api/tasks/${task.id}/restore`);
    expect(restored.body).toMatchObject({ status: 'todo', isBacklog: false });
    const viaStatus = await anna.patch(`/api/tasks/${task.id}`, { status: 'backlog' });
    expect(viaStatus.body).toMatchObject({ status: 'backlog', isBacklog: true });
    const viaFlag = await anna.patch(`/api/tasks/${task.id}`, { isCompleted: true });
    expect(viaFlag.body).toMatchObject({ status: 'completed', isCompleted: true, isBacklog: false });
    const review = await anna.patch(`/api/tasks/${task.id}`, { status: 'review' });
    expect(review.body).toMatchObject({ status: 'review', isCompleted: false, isBacklog: false });
  });

  it('edits part of a task and leaves the rest', async () => {
    const task = await create(anna, { title: 'Edit me', priority: 'high', dueDate: '2026-03-10', dueTime: '10:00', estimatedTime: '30min' });
    const res = await anna.patch(`/api/tasks/${task.id}`, { priority: 'urgent', documentLinks: ['https://x.example'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Edit me', priority: 'urgent', dueDate: '2026-03-10', dueTime: '10:00', estimatedTime: '30min', documentLinks: ['https://x.example'] });
    const cleared = await anna.patch(`/api/tasks/${task.id}`, { dueDate: '' });
    expect(cleared.body).toMatchObject({ dueDate: null, dueTime: null });
  });

  it('delegates only to a contact of the user', async () => {
    const [contact] = await t.orm.em.getConnection().execute<{ id: string }[]>(
      `insert into delegation_contacts (id, user_id, name) values (gen_random_uuid(), (select id from users where username = 'anna'), 'Sam') returning id`,
    );
    const task = await create(anna, { title: 'Hand over', isDelegated: true, delegatedToId: contact!.id, delegationNotes: 'by Friday' });
    expect(task).toMatchObject({ isDelegated: true, delegatedToId: contact!.id, delegationNotes: 'by Friday' });
    expect(titles((await anna.get('/api/tasks/delegated')).body.items)).toEqual(['Hand over']);
    const undelegated = await anna.patch(`/api/tasks/${task.id}`, { isDelegated: false });
    expect(undelegated.body).toMatchObject({ isDelegated: false, delegatedToId: null });
    const foreign = await bob.post('/api/tasks', { title: 'Steal', isDelegated: true, delegatedToId: contact!.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Delegation contact not found');
  });

  it('deletes a task', async () => {
    const task = await create(anna, { title: 'Bye' });
    expect((await anna.delete(`/api/tasks/${task.id}`)).status).toBe(204);
    expect((await anna.get(`/api/tasks/${task.id}`)).status).toBe(404);
    expect((await anna.delete(`/api/tasks/${task.id}`)).status).toBe(404);
  });

  it('brings a deleted task back as it was, with its comments, time and reminders, within the undo window', async () => {
    const client = (await anna.post('/api/clients', { name: 'Acme' })).body as { id: string };
    const task = await create(anna, { title: 'Oops', clientId: client.id, priority: 'high', dueDate: '2026-03-09', dueTime: '09:00', reminders: [{ kind: 'before', minutes: 30 }] });
    await anna.post(`/api/tasks/${task.id}/comments`, { content: 'keep me' });
    await anna.post('/api/time-entries', { taskId: task.id, startedAt: '2026-03-07T15:00:00Z', durationSeconds: 600 });
    const before = (await anna.get(`/api/tasks/${task.id}`)).body as Task;
    expect(before.trackedSeconds).toBe(600);
    const remindersBefore = (await anna.get(`/api/tasks/${task.id}/reminders`)).body;

    expect((await anna.delete(`/api/tasks/${task.id}`)).status).toBe(204);
    expect((await anna.get(`/api/tasks/${task.id}`)).status).toBe(404);
    // Someone else's undo, or a second one, finds nothing.
    expect((await bob.post(`/api/tasks/${task.id}/undelete`)).status).toBe(404);

    const back = await anna.post(`/api/tasks/${task.id}/undelete`);
    expect(back.status).toBe(200);
    expect(back.body).toEqual(before);
    expect((await anna.get(`/api/tasks/${task.id}`)).body).toEqual(before);
    expect((await anna.get(`/api/tasks/${task.id}/comments`)).body.map((c: { content: string }) => c.content)).toEqual(['keep me']);
    expect((await anna.get(`/api/tasks/${task.id}/time-entries`)).body.items).toHaveLength(1);
    expect(remindersBefore).toHaveLength(1);
    expect((await anna.get(`/api/tasks/${task.id}/reminders`)).body).toEqual(
      remindersBefore.map((r: Record<string, unknown>) => ({ ...r, id: expect.any(String) })),
    );
    expect((await anna.post(`/api/tasks/${task.id}/undelete`)).status).toBe(404);
  });

  it('forgets a deleted task after the undo window, and leaves out a client deleted since', async () => {
    const client = (await anna.post('/api/clients', { name: 'Gone' })).body as { id: string };
    const late = await create(anna, { title: 'Too late' });
    const orphan = await create(anna, { title: 'Orphan', clientId: client.id });
    await anna.delete(`/api/tasks/${late.id}`);
    await anna.delete(`/api/tasks/${orphan.id}`);
    await anna.delete(`/api/clients/${client.id}`);
    await t.orm.em.getConnection().execute(`update deleted_tasks set deleted_at = now() - interval '11 minutes' where id = ?`, [late.id]);
    expect((await anna.post(`/api/tasks/${late.id}/undelete`)).status).toBe(404);
    expect((await anna.post(`/api/tasks/${orphan.id}/undelete`)).body).toMatchObject({ title: 'Orphan', clientId: null });
    // The next delete purges what is past the window.
    await anna.delete(`/api/tasks/${orphan.id}`);
    expect((await rowCounts(t.orm)).deleted_tasks).toBe(1);
  });

  it.each([
    [{}, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 'x'.repeat(501) }, null],
    [{ title: 'ok', priority: 'critical' }, 'Priority must be low, medium, high or urgent'],
    [{ title: 'ok', status: 'done' }, null],
    [{ title: 'ok', dueDate: '2026-02-30' }, 'Due date must be a date (YYYY-MM-DD) or a date-time'],
    [{ title: 'ok', dueDate: 'tomorrow' }, 'Due date must be a date (YYYY-MM-DD) or a date-time'],
    [{ title: 'ok', dueTime: '25:00' }, 'Due time must be HH:mm (24-hour)'],
    [{ title: 'ok', clientId: 'not-a-uuid' }, null],
    [{ title: 'ok', sortOrder: -1 }, 'Sort order must not be negative'],
    [{ title: 'ok', sortOrder: 1e12 }, null],
    [{ title: 'ok', isRecurring: true }, RECURRING_TYPE_REQUIRED],
    [{ title: 'ok', recurringInterval: 0 }, null],
    [{ title: 'a\u0000b' }, 'Text must not contain NUL characters'],
    [{ title: ['array'] }, 'Title is required'],
    [{ title: 'ok', documentLinks: 'https://x.example' }, null],
    [{ title: 'ok', isCompleted: 'yes' }, null],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const before = await rowCounts(t.orm);
    const res = await anna.post('/api/tasks', body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('refuses a foreign or unknown client with 404 and stores nothing', async () => {
    const [client] = await t.orm.em.getConnection().execute<{ id: string }[]>(
      `insert into clients (id, user_id, name) values (gen_random_uuid(), (select id from users where username = 'anna'), 'Acme') returning id`,
    );
    const before = await rowCounts(t.orm);
    const res = await bob.post('/api/tasks', { title: 'x', clientId: client!.id });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Client not found');
    expect(await rowCounts(t.orm)).toEqual(before);
    const own = await create(anna, { title: 'Acme work', clientId: client!.id });
    expect(own.clientId).toBe(client!.id);
    const bobTask = await create(bob, { title: 'mine' });
    const patch = await bob.patch(`/api/tasks/${bobTask.id}`, { clientId: client!.id, title: 'changed' });
    expect(patch.status).toBe(404);
    expect((await bob.get(`/api/tasks/${bobTask.id}`)).body).toMatchObject({ title: 'mine', clientId: null });
  });
});

describe('lists', () => {
  it('today: due today in the user zone (done ones stay) plus overdue open tasks; not backlog or archived', async () => {
    // 2026-03-07 12:00 in New York, 2026-03-08 02:00 in Tokyo.
    await create(anna, { title: 'due today', dueDate: '2026-03-07' });
    await create(anna, { title: 'done today', dueDate: '2026-03-07', isCompleted: true });
    await create(anna, { title: 'overdue', dueDate: '2026-03-05' });
    await create(anna, { title: 'overdue but done', dueDate: '2026-03-05', isCompleted: true });
    await create(anna, { title: 'earlier today, time passed', dueDate: '2026-03-07', dueTime: '09:00' });
    await create(anna, { title: 'tomorrow', dueDate: '2026-03-08' });
    await create(anna, { title: 'parked', dueDate: '2026-03-07', isBacklog: true });
    const archived = await create(anna, { title: 'archived', dueDate: '2026-03-07' });
    await anna.patch(`/api/tasks/${archived.id}/archive`);
    await create(anna, { title: 'no date' });
    await create(bob, { title: 'bob due today', dueDate: '2026-03-07' });

    const today = titles((await anna.get('/api/tasks/today')).body);
    expect(today.sort()).toEqual(['done today', 'due today', 'earlier today, time passed', 'overdue'].sort());

    await setTimezone(anna, 'Asia/Tokyo');
    const tokyo = titles((await anna.get('/api/tasks/today')).body);
    expect(tokyo.sort()).toEqual(['due today', 'earlier today, time passed', 'overdue', 'tomorrow'].sort());
  });

  it('monday: the coming Monday plus overdue open tasks', async () => {
    await create(anna, { title: 'monday', dueDate: '2026-03-09' });
    await create(anna, { title: 'sunday', dueDate: '2026-03-08' });
    await create(anna, { title: 'overdue', dueDate: '2026-03-02' });
    expect(titles((await anna.get('/api/tasks/monday')).body).sort()).toEqual(['monday', 'overdue']);
    now = new Date('2026-03-10T17:00:00Z'); // Tuesday: the next Monday is 2026-03-16
    await create(anna, { title: 'next monday', dueDate: '2026-03-16' });
    expect(titles((await anna.get('/api/tasks/monday')).body).sort()).toEqual(['monday', 'next monday', 'overdue', 'sunday']);
  });

  it('active, backlog, all and kanban', async () => {
    await create(anna, { title: 'open' });
    await create(anna, { title: 'done', isCompleted: true });
    await create(anna, { title: 'review', status: 'review' });
    await create(anna, { title: 'parked', isBacklog: true });
    const archived = await create(anna, { title: 'archived' });
    await anna.patch(`/api/tasks/${archived.id}/archive`);
    expect(titles((await anna.get('/api/tasks/active')).body.items).sort()).toEqual(['done', 'open', 'review']);
    expect(titles((await anna.get('/api/tasks/backlog')).body.items)).toEqual(['parked']);
    expect(titles((await anna.get('/api/tasks')).body.items).sort()).toEqual(['done', 'open', 'parked', 'review']);
    const board = (await anna.get('/api/tasks/kanban')).body;
    expect(Object.keys(board)).toEqual(['todo', 'in_progress', 'review', 'completed']);
    expect(titles(board.todo.items)).toEqual(['open']);
    expect(titles(board.review.items)).toEqual(['review']);
    expect(titles(board.completed.items)).toEqual(['done']);
    expect(titles((await anna.get('/api/tasks/kanban/review')).body.items)).toEqual(['review']);
    expect((await anna.get('/api/tasks/kanban/backlog')).status).toBe(400);
    expect((await bob.get('/api/tasks/active')).body.items).toEqual([]);
  });

  it('answers lists in sortOrder, then the default order of the shared rules', async () => {
    const specs = [
      { title: 'a', priority: 'low' }, { title: 'b', priority: 'urgent' }, { title: 'c', priority: 'high', dueDate: '2026-03-09' },
      { title: 'd', priority: 'high', dueDate: '2026-03-08' }, { title: 'e', priority: 'high' }, { title: 'f', priority: 'medium', sortOrder: 1 },
      { title: 'g', priority: 'urgent', sortOrder: 2 }, { title: 'h', priority: 'high', dueDate: '2026-03-08', dueTime: '08:00' },
      { title: 'i', priority: 'medium', dueDate: '2026-03-08' },
    ];
    for (const spec of specs) {
      await create(anna, spec);
      now = new Date(now.getTime() + 60_000);
    }
    const listed = (await anna.get('/api/tasks/active')).body.items as Task[];
    expect(titles(listed)).toEqual(titles(sortTasksForList(listed)));
    expect(titles(listed)).toEqual(['b', 'h', 'd', 'c', 'e', 'i', 'a', 'f', 'g']);
  });

  it('calendar: tasks due inside the window, read in the user zone', async () => {
    await create(anna, { title: 'sat', dueDate: '2026-03-07' });
    await create(anna, { title: 'next sun', dueDate: '2026-03-15' });
    await create(anna, { title: 'sun', dueDate: '2026-03-08', dueTime: '10:00' });
    await create(anna, { title: 'before', dueDate: '2026-02-28' });
    // The week of Sunday 2026-03-08 in New York (DST starts that day): 05:00Z to 04:00Z.
    const week = await anna.get('/api/tasks/calendar').query({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-15T04:00:00.000Z' });
    expect(week.status).toBe(200);
    expect(titles(week.body)).toEqual(['sun']);
    const wider = await anna.get('/api/tasks/calendar').query({ start: '2026-03-01T05:00:00.000Z', end: '2026-03-16T04:00:00.000Z' });
    expect(titles(wider.body)).toEqual(['sat', 'sun', 'next sun']);
  });

  it.each([
    [{}, null],
    [{ start: 'yesterday', end: '2026-03-15T04:00:00Z' }, null],
    [{ start: '2026-03-15T04:00:00Z', end: '2026-03-08T05:00:00Z' }, 'End must be after start'],
    [{ start: '2026-01-01T00:00:00Z', end: '2026-03-15T00:00:00Z' }, 'The window must be at most 62 days'],
    [{ start: ['2026-03-08T05:00:00Z', '2026-03-09T05:00:00Z'], end: '2026-03-15T04:00:00Z' }, null],
  ])('calendar refuses %j with 400', async (query, message) => {
    const res = await anna.get('/api/tasks/calendar').query(query);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
  });

  it('archived: newest first, in pages, and unarchive brings a task back', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const task = await create(anna, { title: `old ${i}` });
      now = new Date(now.getTime() + 1000);
      await anna.patch(`/api/tasks/${task.id}/archive`);
      ids.push(task.id);
    }
    const first = await anna.get('/api/tasks/archived?limit=2');
    expect(titles(first.body.items)).toEqual(['old 4', 'old 3']);
    const second = await anna.get(`/api/tasks/archived?limit=2&cursor=${first.body.nextCursor}`);
    expect(titles(second.body.items)).toEqual(['old 2', 'old 1']);
    const third = await anna.get(`/api/tasks/archived?limit=2&cursor=${second.body.nextCursor}`);
    expect(titles(third.body.items)).toEqual(['old 0']);
    expect(third.body.nextCursor).toBeNull();
    expect((await anna.get('/api/tasks/archived?cursor=garbage')).status).toBe(400);
    expect((await anna.get('/api/tasks/archived?limit=0')).status).toBe(400);
    expect((await anna.get('/api/tasks/archived?limit=1000')).status).toBe(400);
    expect((await bob.get('/api/tasks/archived')).body.items).toEqual([]);

    const back = await anna.patch(`/api/tasks/${ids[0]}/unarchive`);
    expect(back.body).toMatchObject({ isArchived: false });
    expect(titles((await anna.get('/api/tasks/active')).body.items)).toEqual(['old 0']);
  });
});

describe('archived paging precision', () => {
  it('pages through tasks archived within the same millisecond without skipping any', async () => {
    for (let i = 0; i < 4; i += 1) await anna.patch(`/api/tasks/${(await create(anna, { title: `same ms ${i}` })).id}/archive`);
    await t.orm.em.getConnection().execute(
      `update tasks set archived_at = '2026-03-07 17:00:00.123000+00'::timestamptz + (interval '100 microseconds' * sort_order)
        , sort_order = 0 where is_archived`,
    );
    await t.orm.em.getConnection().execute(
      `update tasks set archived_at = archived_at + (interval '1 microsecond' * (ascii(right(title, 1)) - 48) * 100) where is_archived`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Task[]; nextCursor: string | null } = (await anna.get(`/api/tasks/archived?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).body;
      seen.push(...titles(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['same ms 3', 'same ms 2', 'same ms 1', 'same ms 0']);
  });
});

describe('reordering', () => {
  it('sets each task’s order from its place, for the user’s own tasks only, all or nothing', async () => {
    const a = await create(anna, { title: 'a', priority: 'urgent' });
    const b = await create(anna, { title: 'b' });
    const c = await create(anna, { title: 'c', priority: 'low' });
    const res = await anna.patch('/api/tasks/reorder', { taskIds: [c.id, a.id, b.id], type: 'active' });
    expect(res.status).toBe(200);
    expect(titles((await anna.get('/api/tasks/active')).body.items)).toEqual(['c', 'a', 'b']);

    const bobTask = await create(bob, { title: 'bob' });
    const mixed = await anna.patch('/api/tasks/reorder', { taskIds: [b.id, bobTask.id, a.id], type: 'active' });
    expect(mixed.status).toBe(404);
    expect(titles((await anna.get('/api/tasks/active')).body.items)).toEqual(['c', 'a', 'b']);

    const duplicate = await anna.patch('/api/tasks/reorder', { taskIds: [a.id, a.id], type: 'active' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error.message).toBe('Ids must not repeat');
    expect((await anna.patch('/api/tasks/reorder', { taskIds: [a.id], type: 'someday' })).status).toBe(400);
    expect((await anna.patch('/api/tasks/reorder', { taskIds: [], type: 'active' })).status).toBe(400);
    expect((await anna.patch('/api/tasks/reorder', { taskIds: ['nope'], type: 'active' })).status).toBe(400);
  });

  it('lets simultaneous reorders of the same tasks all succeed, without deadlocks', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) ids.push((await create(anna, { title: `t${i}` })).id);
    const reversed = [...ids].reverse();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => anna.patch('/api/tasks/reorder', { taskIds: i % 2 ? ids : reversed, type: 'active' })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    const order = titles((await anna.get('/api/tasks/active')).body.items);
    expect([titles(ids.map((_, i) => ({ title: `t${i}` }) as Task)), titles(reversed.map((_, i) => ({ title: `t${29 - i}` }) as Task))]).toContainEqual(order);
  });

  it('reorders the backlog only with backlog tasks', async () => {
    const a = await create(anna, { title: 'a', isBacklog: true });
    const b = await create(anna, { title: 'b', isBacklog: true });
    const open = await create(anna, { title: 'open' });
    expect((await anna.patch('/api/tasks/reorder', { taskIds: [b.id, a.id], type: 'backlog' })).status).toBe(200);
    expect(titles((await anna.get('/api/tasks/backlog')).body.items)).toEqual(['b', 'a']);
    expect((await anna.patch('/api/tasks/reorder', { taskIds: [a.id, open.id], type: 'backlog' })).status).toBe(404);
  });

  it('a reorder of the loaded first page keeps the rest of the list, in its order, after it', async () => {
    // Five tasks, newest first by default; the web has loaded only the first two pages of two.
    for (const title of ['e', 'd', 'c', 'b', 'a']) {
      await create(anna, { title });
      now = new Date(now.getTime() + 60_000);
    }
    const firstPage = (await anna.get('/api/tasks/active?limit=2')).body as { items: Task[] };
    expect(titles(firstPage.items)).toEqual(['a', 'b']);
    expect((await anna.patch('/api/tasks/reorder', { taskIds: [firstPage.items[1]!.id, firstPage.items[0]!.id], type: 'active' })).status).toBe(200);
    expect(titles((await anna.get('/api/tasks/active')).body.items)).toEqual(['b', 'a', 'c', 'd', 'e']);
  });

  it("moves one client's tasks only among their own places ('within'), every other task keeping its place", async () => {
    const acme = (await anna.post('/api/clients', { name: 'Acme' })).body as { id: string };
    const ids: Record<string, string> = {};
    for (const [title, clientId] of [['a1', acme.id], ['x', null], ['a2', acme.id], ['y', null], ['a3', acme.id]] as const) ids[title] = (await create(anna, { title, clientId })).id;
    await anna.patch('/api/tasks/reorder', { taskIds: ['a1', 'x', 'a2', 'y', 'a3'].map((title) => ids[title]), type: 'active' });

    const acmePage = (await anna.get(`/api/tasks/active?clientId=${acme.id}`)).body as { items: Task[] };
    expect(titles(acmePage.items)).toEqual(['a1', 'a2', 'a3']);
    await anna.patch(`/api/tasks/${ids.a2}/complete`, { isCompleted: true });
    expect(titles((await anna.get(`/api/tasks/active?clientId=${acme.id}&open=true`)).body.items)).toEqual(['a1', 'a3']);
    expect((await anna.get('/api/tasks/active?open=yes')).status).toBe(400);
    await anna.patch(`/api/tasks/${ids.a2}/complete`, { isCompleted: false });
    expect((await anna.patch('/api/tasks/reorder', { taskIds: [ids.a3, ids.a1, ids.a2], type: 'within' })).status).toBe(200);
    expect(titles((await anna.get('/api/tasks/active')).body.items)).toEqual(['a3', 'x', 'a1', 'y', 'a2']);
    expect(titles((await anna.get(`/api/tasks/active?clientId=${acme.id}`)).body.items)).toEqual(['a3', 'a1', 'a2']);

    // Another user's task, or a backlog one, in the list: nothing moves.
    const bobTask = await create(bob, { title: 'bob' });
    expect((await anna.patch('/api/tasks/reorder', { taskIds: [ids.a1, bobTask.id], type: 'within' })).status).toBe(404);
    expect(titles((await anna.get('/api/tasks/active')).body.items)).toEqual(['a3', 'x', 'a1', 'y', 'a2']);
    // Another user's client filters to nothing; a malformed one is refused.
    expect((await bob.get(`/api/tasks/active?clientId=${acme.id}`)).body.items).toEqual([]);
    expect((await anna.get('/api/tasks/active?clientId=acme')).status).toBe(400);
  });
});

describe('recurrence', () => {
  const completeAndList = async (task: Task) => {
    await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true });
    const all = (await anna.get('/api/tasks')).body.items as Task[];
    return all.filter((x) => x.id !== task.id && x.parentTaskId !== null);
  };

  it.each([
    ['daily', 1, '2026-03-07', '2026-03-08'],
    ['daily', 3, '2026-03-07', '2026-03-10'],
    ['weekly', 1, '2026-03-05', '2026-03-12'],
    ['weekly', 2, '2026-03-05', '2026-03-19'],
    ['monthly', 1, '2026-01-31', '2026-02-28'],
    ['monthly', 3, '2026-03-15', '2026-06-15'],
  ])('%s every %i from %s → %s, copying the task', async (recurringType, recurringInterval, dueDate, next) => {
    const task = await create(anna, {
      title: 'Pay rent', description: 'landlord', priority: 'high', estimatedTime: '15min', documentLinks: ['https://bank.example'],
      isRecurring: true, recurringType, recurringInterval, dueDate, dueTime: '09:00',
    });
    const created = await completeAndList(task);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      title: 'Pay rent', description: 'landlord', priority: 'high', estimatedTime: '15min', documentLinks: ['https://bank.example'],
      isRecurring: true, recurringType, recurringInterval, dueDate: next, dueTime: '09:00', isCompleted: false, status: 'todo',
      parentTaskId: task.id,
    });
    expect((await anna.get(`/api/tasks/${task.id}`)).body.lastRecurrenceDate).toBe(now.toISOString());
  });

  it('monthly from the 31st keeps the series day: Jan 31 → Feb 28 → Mar 31', async () => {
    const first = await create(anna, { title: 'Invoice', isRecurring: true, recurringType: 'monthly', dueDate: '2026-01-31' });
    const [feb] = await completeAndList(first);
    expect(feb!.dueDate).toBe('2026-02-28');
    await anna.patch(`/api/tasks/${feb!.id}/complete`, { isCompleted: true });
    const all = (await anna.get('/api/tasks')).body.items as Task[];
    const mar = all.find((x) => x.dueDate === '2026-03-31');
    expect(mar).toMatchObject({ parentTaskId: first.id });
  });

  it('creates the next occurrence exactly once through un-complete and re-complete', async () => {
    const task = await create(anna, { title: 'Standup', isRecurring: true, recurringType: 'daily', dueDate: '2026-03-07' });
    await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true });
    await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: false });
    await anna.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true });
    await anna.patch(`/api/tasks/${task.id}`, { status: 'completed' });
    const all = (await anna.get('/api/tasks')).body.items as Task[];
    expect(all.filter((x) => x.title === 'Standup')).toHaveLength(2);
  });

  it('a recurring task without a due date repeats from today in the user zone', async () => {
    await setTimezone(anna, 'Asia/Tokyo'); // 2026-03-08 in Tokyo
    const task = await create(anna, { title: 'Water plants', isRecurring: true, recurringType: 'weekly' });
    const [next] = await completeAndList(task);
    expect(next!.dueDate).toBe('2026-03-15');
  });

  describe('weekdays (DECISIONS 35)', () => {
    it('completing Friday’s occurrence creates Monday’s, and Monday’s creates Tuesday’s', async () => {
      const friday = await create(anna, { title: 'Check the court filings', isRecurring: true, recurringType: 'weekdays', dueDate: '2026-03-06', dueTime: '08:30' });
      const [monday] = await completeAndList(friday);
      expect(monday).toMatchObject({ dueDate: '2026-03-09', dueTime: '08:30', recurringType: 'weekdays', recurringInterval: 1, parentTaskId: friday.id });
      await anna.patch(`/api/tasks/${monday!.id}/complete`, { isCompleted: true });
      const all = (await anna.get('/api/tasks')).body.items as Task[];
      expect(all.find((x) => x.dueDate === '2026-03-10')).toMatchObject({ title: 'Check the court filings', parentTaskId: friday.id });
    });

    it('a weekdays task without a due date starts from today: Saturday → Monday', async () => {
      const task = await create(anna, { title: 'Inbox zero', isRecurring: true, recurringType: 'weekdays' });
      const [next] = await completeAndList(task);
      expect(next!.dueDate).toBe('2026-03-09');
    });

    it('is always stored with interval 1, on create and on edit', async () => {
      const created = await create(anna, { title: 'Timesheet', isRecurring: true, recurringType: 'weekdays', recurringInterval: 3, dueDate: '2026-03-09' });
      expect(created.recurringInterval).toBe(1);
      const weekly = await create(anna, { title: 'Payroll', isRecurring: true, recurringType: 'weekly', recurringInterval: 2, dueDate: '2026-03-09' });
      const switched = await anna.patch(`/api/tasks/${weekly.id}`, { recurringType: 'weekdays' });
      expect(switched.body).toMatchObject({ recurringType: 'weekdays', recurringInterval: 1 });
      expect((await anna.patch(`/api/tasks/${weekly.id}`, { recurringInterval: 4 })).body.recurringInterval).toBe(1);
      // Back to weekly, the interval is the user's again.
      expect((await anna.patch(`/api/tasks/${weekly.id}`, { recurringType: 'weekly', recurringInterval: 2 })).body).toMatchObject({ recurringType: 'weekly', recurringInterval: 2 });
      const [row] = await t.orm.em.getConnection().execute<{ n: number }[]>(`select count(*)::int as n from tasks where recurring_type = 'weekdays' and recurring_interval <> 1`);
      expect(row!.n).toBe(0);
    });
  });

  it('completing through the edit dialog also repeats, and a plain task does not', async () => {
    const recurring = await create(anna, { title: 'Backup', isRecurring: true, recurringType: 'daily', dueDate: '2026-03-07' });
    await anna.patch(`/api/tasks/${recurring.id}`, { status: 'completed' });
    const plain = await create(anna, { title: 'Once' });
    await anna.patch(`/api/tasks/${plain.id}/complete`, { isCompleted: true });
    expect(titles((await anna.get('/api/tasks')).body.items).sort()).toEqual(['Backup', 'Backup', 'Once']);
  });
});

describe('comments', () => {
  it('adds, lists and deletes comments on the user’s own task', async () => {
    const task = await create(anna, { title: 'Discuss' });
    const added = await anna.post(`/api/tasks/${task.id}/comments`, { content: ' Called, left a message ' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ taskId: task.id, content: 'Called, left a message' });
    expect((await anna.get(`/api/tasks/${task.id}/comments`)).body).toHaveLength(1);
    expect((await anna.post(`/api/tasks/${task.id}/comments`, { content: '  ' })).status).toBe(400);
    expect((await bob.get(`/api/tasks/${task.id}/comments`)).status).toBe(404);
    expect((await bob.post(`/api/tasks/${task.id}/comments`, { content: 'hi' })).status).toBe(404);
    expect((await bob.delete(`/api/tasks/${task.id}/comments/${added.body.id}`)).status).toBe(404);
    expect((await anna.delete(`/api/tasks/${task.id}/comments/${added.body.id}`)).status).toBe(204);
    expect((await anna.get(`/api/tasks/${task.id}/comments`)).body).toEqual([]);
  });
});

describe('ownership', () => {
  it('another user’s task behaves like a missing one on every route, and nothing changes', async () => {
    const task = await create(anna, { title: 'Private', priority: 'high' });
    await anna.post(`/api/tasks/${task.id}/comments`, { content: 'note' });
    const before = await rowCounts(t.orm);
    const snapshot = (await anna.get(`/api/tasks/${task.id}`)).body;
    const id = task.id;
    const calls = [
      bob.get(`/api/tasks/${id}`),
      bob.patch(`/api/tasks/${id}`, { title: 'Hacked' }),
      bob.delete(`/api/tasks/${id}`),
      bob.post(`/api/tasks/${id}/undelete`),
      bob.patch(`/api/tasks/${id}/complete`, { isCompleted: true }),
      bob.patch(`/api/tasks/${id}/archive`),
      bob.patch(`/api/tasks/${id}/unarchive`),
      bob.patch(`/api/tasks/${id}/backlog`),
      bob.patch(`/api/tasks/${id}/restore`),
      bob.patch('/api/tasks/reorder', { taskIds: [id], type: 'active' }),
      bob.post('/api/tasks/reorder/today', { taskIds: [id] }),
      bob.put('/api/daily-plan', { priorityTaskIds: [id] }),
      bob.get(`/api/tasks/${id}/comments`),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect(await rowCounts(t.orm)).toEqual({ ...before, daily_plans: before.daily_plans });
    expect((await anna.get(`/api/tasks/${task.id}`)).body).toEqual(snapshot);
  });

  it('every task route needs a session', async () => {
    const stranger = t.client();
    const id = '00000000-0000-4000-8000-000000000001';
    const calls = [
      stranger.get('/api/tasks'), stranger.get('/api/tasks/today'), stranger.get('/api/tasks/monday'), stranger.get('/api/tasks/active'),
      stranger.get('/api/tasks/backlog'), stranger.get('/api/tasks/delegated'), stranger.get('/api/tasks/kanban'),
      stranger.get('/api/tasks/archived'), stranger.get('/api/tasks/calendar?start=2026-03-08T05:00:00Z&end=2026-03-15T04:00:00Z'),
      stranger.get(`/api/tasks/${id}`), stranger.post('/api/tasks', { title: 'x' }), stranger.patch(`/api/tasks/${id}`, { title: 'x' }),
      stranger.delete(`/api/tasks/${id}`), stranger.post(`/api/tasks/${id}/undelete`), stranger.patch(`/api/tasks/${id}/complete`, { isCompleted: true }),
      stranger.patch(`/api/tasks/${id}/archive`), stranger.patch('/api/tasks/reorder', { taskIds: [id], type: 'today' }),
      stranger.post('/api/tasks/reorder/today', { taskIds: [id] }), stranger.get(`/api/tasks/${id}/comments`),
      stranger.get('/api/daily-plan'), stranger.put('/api/daily-plan', { priorityTaskIds: [] }), stranger.post('/api/daily-plan/reviewed'),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });
});
