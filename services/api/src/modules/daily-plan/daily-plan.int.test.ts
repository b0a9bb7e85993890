import type { Task } from '@daybook/shared';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';

// Monday 2026-03-09 08:00 in New York.
let now = new Date('2026-03-09T12:00:00Z');
let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await startTestApp({}, () => now);
});
afterAll(() => t.close());
beforeEach(async () => {
  now = new Date('2026-03-09T12:00:00Z');
  await truncateAll(t.orm);
  anna = t.client();
  bob = t.client();
  await anna.signUpAndIn('anna');
  await bob.signUpAndIn('bob');
});

/** Forgets every task and plan (users and sessions stay): the next read starts the day anew. */
const truncateTasksAndPlans = () => t.orm.em.getConnection().execute('truncate daily_plans, tasks cascade');

const create = async (client: ApiClient, body: Record<string, unknown>) => (await client.post('/api/tasks', body)).body as Task;

describe('daily plan', () => {
  it('computes the top 3 open tasks in the default order, then keeps them for the rest of the day', async () => {
    const low = await create(anna, { title: 'low', priority: 'low' });
    const urgent = await create(anna, { title: 'urgent', priority: 'urgent' });
    const high = await create(anna, { title: 'high', priority: 'high', dueDate: '2026-03-10' });
    const medium = await create(anna, { title: 'medium' });
    await create(anna, { title: 'done', priority: 'urgent', isCompleted: true });
    await create(anna, { title: 'parked', priority: 'urgent', isBacklog: true });

    const plan = await anna.get('/api/daily-plan');
    expect(plan.status).toBe(200);
    expect(plan.body).toEqual({ date: '2026-03-09', priorityTaskIds: [urgent.id, high.id, medium.id], priorityTasks: [urgent, high, medium], reviewed: false });
    // The tasks themselves, as GET /api/tasks/:id answers them: the dashboard reads no task on its own.
    expect(plan.body.priorityTasks[0]).toEqual((await anna.get(`/api/tasks/${urgent.id}`)).body);

    // A new urgent task later that day does not reshuffle the day's plan; completing one keeps it (checked).
    now = new Date('2026-03-09T18:00:00Z');
    await create(anna, { title: 'new urgent', priority: 'urgent' });
    await anna.patch(`/api/tasks/${urgent.id}/complete`, { isCompleted: true });
    expect((await anna.get('/api/daily-plan')).body.priorityTaskIds).toEqual([urgent.id, high.id, medium.id]);

    // The next day in the user's zone starts a new plan.
    now = new Date('2026-03-10T04:30:00Z'); // 00:30 in New York
    const tomorrow = (await anna.get('/api/daily-plan')).body;
    expect(tomorrow.date).toBe('2026-03-10');
    expect(tomorrow.priorityTaskIds).not.toContain(urgent.id);
    expect(tomorrow.priorityTaskIds).toHaveLength(3);
    expect(tomorrow.priorityTaskIds).not.toContain(low.id);
  });

  it('saves the chosen priorities in order, at most 3 of the user’s open tasks', async () => {
    const a = await create(anna, { title: 'a' });
    const b = await create(anna, { title: 'b' });
    const c = await create(anna, { title: 'c' });
    const d = await create(anna, { title: 'd' });
    const done = await create(anna, { title: 'done', isCompleted: true });
    const saved = await anna.put('/api/daily-plan', { priorityTaskIds: [c.id, a.id] });
    expect(saved.status).toBe(200);
    expect(saved.body.priorityTaskIds).toEqual([c.id, a.id]);
    expect((await anna.get('/api/daily-plan')).body.priorityTaskIds).toEqual([c.id, a.id]);

    const tooMany = await anna.put('/api/daily-plan', { priorityTaskIds: [a.id, b.id, c.id, d.id] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('At most 3 priorities');
    const twice = await anna.put('/api/daily-plan', { priorityTaskIds: [a.id, a.id] });
    expect(twice.status).toBe(400);
    const closed = await anna.put('/api/daily-plan', { priorityTaskIds: [done.id] });
    expect(closed.status).toBe(400);
    expect(closed.body.error.message).toBe('Only open tasks can be daily priorities');
    const foreign = await bob.put('/api/daily-plan', { priorityTaskIds: [a.id] });
    expect(foreign.status).toBe(404);
    expect((await anna.get('/api/daily-plan')).body.priorityTaskIds).toEqual([c.id, a.id]);
    expect((await bob.get('/api/daily-plan')).body.priorityTaskIds).toEqual([]);

    const cleared = await anna.put('/api/daily-plan', { priorityTaskIds: [] });
    expect(cleared.body.priorityTaskIds).toEqual([]);
    expect((await anna.get('/api/daily-plan')).body.priorityTaskIds).toEqual([]);
  });

  it('does not lock in an empty plan: tasks created later that day become priorities', async () => {
    expect((await anna.get('/api/daily-plan')).body.priorityTaskIds).toEqual([]);
    const first = await create(anna, { title: 'first of the day' });
    expect((await anna.get('/api/daily-plan')).body.priorityTaskIds).toEqual([first.id]);
  });

  it('drops deleted and archived tasks from the plan', async () => {
    const a = await create(anna, { title: 'a' });
    const b = await create(anna, { title: 'b' });
    await anna.put('/api/daily-plan', { priorityTaskIds: [a.id, b.id] });
    await anna.delete(`/api/tasks/${a.id}`);
    await anna.patch(`/api/tasks/${b.id}/archive`);
    expect((await anna.get('/api/daily-plan')).body.priorityTaskIds).toEqual([]);
  });

  it('records today’s review once, per user and day', async () => {
    expect((await anna.get('/api/daily-plan')).body.reviewed).toBe(false);
    const reviewed = await anna.post('/api/daily-plan/reviewed');
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.reviewed).toBe(true);
    expect((await anna.get('/api/daily-plan')).body.reviewed).toBe(true);
    expect((await bob.get('/api/daily-plan')).body.reviewed).toBe(false);
    now = new Date('2026-03-10T12:00:00Z');
    expect((await anna.get('/api/daily-plan')).body).toMatchObject({ date: '2026-03-10', reviewed: false });
  });

  it('POST /api/tasks/reorder/today stores the order and makes its first 3 open tasks the priorities', async () => {
    const a = await create(anna, { title: 'a' });
    const b = await create(anna, { title: 'b', isCompleted: true });
    const c = await create(anna, { title: 'c' });
    const d = await create(anna, { title: 'd' });
    const e = await create(anna, { title: 'e' });
    const res = await anna.post('/api/tasks/reorder/today', { taskIds: [e.id, b.id, c.id, a.id, d.id] });
    expect(res.status).toBe(200);
    expect(res.body.priorityTaskIds).toEqual([e.id, c.id, a.id]);
    expect(((await anna.get('/api/tasks/active')).body.items as Task[]).map((x) => x.title)).toEqual(['e', 'b', 'c', 'a', 'd']);
  });
});

describe('the top 3 grows as tasks arrive', () => {
  const ids = async (client: ApiClient) => ((await client.get('/api/daily-plan')).body as { priorityTaskIds: string[] }).priorityTaskIds;

  it('computed from the first task of the day, it keeps that task first and fills its empty slots with the best newcomers', async () => {
    const first = await create(anna, { title: 'first', priority: 'low' });
    expect(await ids(anna)).toEqual([first.id]);

    await create(anna, { title: 'medium' });
    const urgent = await create(anna, { title: 'urgent', priority: 'urgent' });
    await create(anna, { title: 'low', priority: 'low' });
    const highSooner = await create(anna, { title: 'high sooner', priority: 'high', dueDate: '2026-03-10' });
    await create(anna, { title: 'high later', priority: 'high', dueDate: '2026-03-12' });
    await create(anna, { title: 'done urgent', priority: 'urgent', isCompleted: true });
    await create(anna, { title: 'parked urgent', priority: 'urgent', isBacklog: true });
    expect(await ids(anna)).toEqual([first.id, urgent.id, highSooner.id]);

    // Full: a better task later leaves it as it is; completing one keeps it in its place (checked).
    await create(anna, { title: 'another urgent', priority: 'urgent' });
    await anna.patch(`/api/tasks/${first.id}/complete`, { isCompleted: true });
    const plan = (await anna.get('/api/daily-plan')).body as { priorityTaskIds: string[]; priorityTasks: Task[] };
    expect(plan.priorityTaskIds).toEqual([first.id, urgent.id, highSooner.id]);
    expect(plan.priorityTasks[0]!.isCompleted).toBe(true);
  });

  it('never moves the user’s own choice: its empty slots take only tasks that arrive after it', async () => {
    const a = await create(anna, { title: 'a' });
    const b = await create(anna, { title: 'b', priority: 'urgent' });
    const c = await create(anna, { title: 'c' });
    expect((await anna.post('/api/tasks/reorder/today', { taskIds: [c.id, a.id] })).body.priorityTaskIds).toEqual([c.id, a.id]);
    // b was there to choose and was not chosen: it stays out.
    expect(await ids(anna)).toEqual([c.id, a.id]);
    const later = await create(anna, { title: 'later', priority: 'low' });
    const muchLater = await create(anna, { title: 'much later', priority: 'urgent' });
    // The chosen ones keep their places; the best newcomer takes the empty slot after them.
    expect(await ids(anna)).toEqual([c.id, a.id, muchLater.id]);
    expect(await ids(anna)).not.toContain(later.id);
    expect(await ids(anna)).not.toContain(b.id);

    // Chosen again, with an empty plan: it stays empty until a task arrives.
    await anna.put('/api/daily-plan', { priorityTaskIds: [] });
    expect(await ids(anna)).toEqual([]);
    const next = await create(anna, { title: 'next' });
    expect(await ids(anna)).toEqual([next.id]);
  });

  it('frees the slot of a task deleted, archived or moved to the backlog for the next newcomer; a completed one keeps its slot', async () => {
    const a = await create(anna, { title: 'a', priority: 'urgent' });
    const b = await create(anna, { title: 'b', priority: 'high' });
    const c = await create(anna, { title: 'c', priority: 'medium' });
    const d = await create(anna, { title: 'd', priority: 'low' });
    expect(await ids(anna)).toEqual([a.id, b.id, c.id]);
    // The day started before d was passed over, so d does not move up.
    await anna.delete(`/api/tasks/${a.id}`);
    await anna.patch(`/api/tasks/${b.id}/complete`, { isCompleted: true });
    expect(await ids(anna)).toEqual([b.id, c.id]);
    await anna.patch(`/api/tasks/${c.id}/archive`);
    expect(await ids(anna)).toEqual([b.id]);
    const n1 = await create(anna, { title: 'n1', priority: 'low' });
    const n2 = await create(anna, { title: 'n2', priority: 'high' });
    expect(await ids(anna)).toEqual([b.id, n2.id, n1.id]);
    await anna.patch(`/api/tasks/${n2.id}/backlog`, { isBacklog: true });
    expect(await ids(anna)).toEqual([b.id, n1.id]);
    expect(await ids(anna)).not.toContain(d.id);
  });

  it('lets a choice made on one device win over another device filling the plan at the same moment', async () => {
    const phone = t.client();
    await phone.signIn('anna');
    for (let round = 0; round < 5; round += 1) {
      await truncateTasksAndPlans();
      const first = await create(anna, { title: `first ${round}` });
      expect(await ids(anna)).toEqual([first.id]);
      const chosen = await create(anna, { title: `chosen ${round}`, priority: 'low' });
      for (let n = 0; n < 3; n += 1) await create(anna, { title: `newcomer ${round}.${n}`, priority: 'urgent' });
      const [, , put] = await Promise.all([ids(phone), ids(anna), anna.put('/api/daily-plan', { priorityTaskIds: [chosen.id] })]);
      expect(put.status).toBe(200);
      expect(await ids(phone)).toEqual([chosen.id]);
    }
  });

});
