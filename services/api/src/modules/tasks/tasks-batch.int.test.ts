import { RequestContext } from '@mikro-orm/core';
import { QUOTAS, quotaMessage, TASK_BATCH_MAX, taskCreateBodySchema, type Client, type Task } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { TASK_BATCHES_PER_MINUTE } from '../../http/rate-limits';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { createTasksService } from './tasks.service';

/** POST /api/tasks/batch (DECISIONS 27): several tasks from one capture, all in one transaction or none. */

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

const batch = (client: ApiClient, tasks: unknown) => client.post('/api/tasks/batch', { tasks });
const newClient = async (client: ApiClient, name: string) => (await client.post('/api/clients', { name })).body as Client;
const sql = () => t.orm.em.getConnection();
const liveTasks = async (userId: string) => (await sql().execute<{ n: number }[]>('select count(*)::int as n from tasks where user_id = ?', [userId]))[0]!.n;

describe('creating several tasks at once', () => {
  it('answers 201 with every task, in the order sent, created by the rules of POST /api/tasks', async () => {
    const harbor = await newClient(anna, 'Harbor Dental');
    const res = await batch(anna, [
      { title: 'Send Harbor Dental the invoice', clientId: harbor.id, priority: 'high', dueDate: '2026-03-12', dueTime: '9:00', estimatedTime: '30min' },
      { title: 'Check the court filings', isRecurring: true, recurringType: 'weekdays', recurringInterval: 5, dueDate: '2026-03-13' },
      { title: 'Already sent', status: 'completed', sortOrder: 3 },
    ]);
    expect(res.status).toBe(201);
    const tasks = res.body.tasks as Task[];
    expect(tasks.map((task) => task.title)).toEqual(['Send Harbor Dental the invoice', 'Check the court filings', 'Already sent']);
    expect(tasks[0]).toMatchObject({ clientId: harbor.id, priority: 'high', dueDate: '2026-03-12', dueTime: '09:00', estimatedTime: '30min', status: 'todo', sortOrder: 0 });
    expect(tasks[1]).toMatchObject({ isRecurring: true, recurringType: 'weekdays', recurringInterval: 1, dueDate: '2026-03-13' });
    expect(tasks[2]).toMatchObject({ status: 'completed', isCompleted: true, sortOrder: 3 });
    for (const task of tasks) expect((await anna.get(`/api/tasks/${task.id}`)).body).toEqual(task);
  });

  it('creates nothing when one task is invalid, and names it by its place (400)', async () => {
    const before = await rowCounts(t.orm);
    const res = await batch(anna, [{ title: 'Call the landlord' }, { title: 'Book the venue', dueDate: 'next tuesday' }, { title: '   ' }]);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'validation_error',
      message: 'Task 2: Due date must be a date (YYYY-MM-DD) or a date-time',
      issues: [
        { path: 'tasks.1.dueDate', message: 'Task 2: Due date must be a date (YYYY-MM-DD) or a date-time' },
        { path: 'tasks.2.title', message: 'Task 3: Title is required' },
      ],
    });
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('creates nothing when one task names another user’s client (404 naming the task)', async () => {
    const mine = await newClient(anna, 'Northwind');
    const bobs = await newClient(bob, 'Bob’s client');
    const before = await rowCounts(t.orm);
    const res = await batch(anna, [{ title: 'Mine', clientId: mine.id }, { title: 'Theirs', clientId: bobs.id }]);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'Task 2: Client not found' });
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it.each([
    [[], 'At least one task is required'],
    [Array.from({ length: TASK_BATCH_MAX + 1 }, (_, i) => ({ title: `Task ${i}` })), `At most ${TASK_BATCH_MAX} tasks at once`],
    ['Call Acme', null],
  ])('refuses a list that is empty, too long or not a list (400) %#', async (tasks, message) => {
    const res = await batch(anna, tasks);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
    expect(await liveTasks(annaId)).toBe(0);
  });

  it('needs a session', async () => {
    expect((await batch(t.client(), [{ title: 'x' }])).status).toBe(401);
  });
});

describe('the live-task quota (DECISIONS 22)', () => {
  it('creates nothing when the batch would pass the quota midway', async () => {
    await sql().execute(`insert into tasks (id, user_id, title) select gen_random_uuid(), ?, 'Old ' || n from generate_series(1, ?) n`, [annaId, QUOTAS.liveTasks - 2]);
    const res = await batch(anna, [{ title: 'one' }, { title: 'two' }, { title: 'three' }]);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'quota_exceeded', message: quotaMessage('liveTasks') });
    expect(await liveTasks(annaId)).toBe(QUOTAS.liveTasks - 2);
    expect((await batch(anna, [{ title: 'one' }, { title: 'two' }])).status).toBe(201);
    expect(await liveTasks(annaId)).toBe(QUOTAS.liveTasks);
  }, 60_000);

  it('holds when batches arrive together near the quota: never more than the quota, each batch whole or absent', async () => {
    const quota = 10;
    const tasks = createTasksService(t.orm.em, () => NOW, { quotas: { liveTasks: quota } });
    const actor: Actor = { id: annaId, username: 'anna', role: 'user', timezone: 'America/New_York', enableDelegation: false };
    await sql().execute(`insert into tasks (id, user_id, title) select gen_random_uuid(), ?, 'Old ' || n from generate_series(1, 3) n`, [annaId]);
    const batchOf = (label: string) => Array.from({ length: 3 }, (_, i) => taskCreateBodySchema.parse({ title: `${label} ${i}` }));
    const settled = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => RequestContext.create(t.orm.em, () => tasks.createMany(actor, batchOf(`Batch ${i}`)))));
    const refused = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    for (const reason of refused) expect(reason).toEqual(expect.objectContaining({ status: 409, code: 'quota_exceeded' }));
    expect(refused.every((reason) => reason instanceof AppError)).toBe(true);
    // 3 existing + 2 batches of 3 = 9; a third batch would make 12.
    expect(settled.length - refused.length).toBe(2);
    const rows = await sql().execute<{ title: string }[]>('select title from tasks where user_id = ?', [annaId]);
    expect(rows).toHaveLength(9);
    const batches = new Map<string, number>();
    for (const { title } of rows.filter((row) => row.title.startsWith('Batch'))) batches.set(title.slice(0, 7), (batches.get(title.slice(0, 7)) ?? 0) + 1);
    expect([...batches.values()]).toEqual([3, 3]);
  }, 60_000);
});

describe('the rate of batches', () => {
  it(`answers 429 with Retry-After past ${TASK_BATCHES_PER_MINUTE} batches a minute of one user; another user goes on`, async () => {
    const answers = [];
    for (let i = 0; i < TASK_BATCHES_PER_MINUTE + 2; i += 1) answers.push(await batch(anna, [{ title: `Quick ${i}` }]));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(TASK_BATCHES_PER_MINUTE);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.error).toEqual({ code: 'too_many_requests', message: expect.stringMatching(/^You are saving tasks too quickly\. Please wait \d+ seconds? and try again\.$/) });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await liveTasks(annaId)).toBe(TASK_BATCHES_PER_MINUTE);
    expect((await batch(bob, [{ title: 'Mine' }])).status).toBe(201);
  }, 60_000);
});
