import { taskCreateBodySchema, QUOTAS, RECURRING_TYPE_REQUIRED, type Task } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import type { NewTask, PagedList, TaskChanges, TasksRepository } from './tasks.repository';
import { tasksService } from './tasks.service';

/** The service's rules without the database: an in-memory repository stands in for the SQL. */

const anna: Actor = { id: 'anna', username: 'anna', role: 'user', timezone: 'America/New_York', enableDelegation: true };
const bob: Actor = { ...anna, id: 'bob', username: 'bob' };

const ANNAS_CLIENT = '00000000-0000-4000-8000-00000000000a';
const BOBS_CLIENT = '00000000-0000-4000-8000-00000000000b';

// Wednesday 2026-03-11, 08:00 in New York.
const NOW = new Date('2026-03-11T12:00:00Z');

interface Stored {
  userId: string;
  task: Task;
  completedAt: Date | null;
}

/**
 * The repository's contract in memory: owner-scoped like the SQL, and strict about what must run inside
 * a transaction (row locks, reference locks, the quota count, the reorder lock).
 */
function fakeTasksRepository() {
  const stored = new Map<string, Stored>();
  const writes: { id: string; changes: TaskChanges }[] = [];
  const calls: unknown[][] = [];
  let inTransaction = false;
  let nextId = 1;
  let liveTaskCount = 0;

  const own = (userId: string, id: string) => {
    const row = stored.get(id);
    return row?.userId === userId ? row : null;
  };
  const insideTransaction = (what: string) => {
    if (!inTransaction) throw new Error(`${what} outside a transaction`);
  };
  const add = (userId: string, fields: Partial<Task> & Pick<Task, 'title'>, completedAt: Date | null = null): Task => {
    const task: Task = {
      id: `task-${nextId++}`,
      description: null,
      clientId: null,
      priority: 'medium',
      status: 'todo',
      dueDate: null,
      dueTime: null,
      estimatedTime: null,
      isCompleted: false,
      isBacklog: false,
      isArchived: false,
      documentLinks: [],
      isRecurring: false,
      recurringType: null,
      recurringInterval: 1,
      lastRecurrenceDate: null,
      parentTaskId: null,
      isDelegated: false,
      delegatedToId: null,
      delegationNotes: null,
      sortOrder: 0,
      reminders: [],
      trackedSeconds: 0,
      createdAt: '2026-03-01T00:00:00.000Z',
      ...fields,
      completedAt: completedAt?.toISOString() ?? null,
    };
    stored.set(task.id, { userId, task, completedAt });
    return task;
  };

  const repository: TasksRepository = {
    async transaction(work) {
      inTransaction = true;
      try {
        return await work();
      } finally {
        inTransaction = false;
      }
    },
    async page(userId, list: PagedList, page) {
      calls.push(['page', userId, list, page]);
      return page.cursor === 'not-a-cursor' ? null : { items: [], nextCursor: null };
    },
    async dayList(userId, day, limit) {
      calls.push(['dayList', userId, day, limit]);
      return [];
    },
    async dueBetween(userId, firstDate, lastDate) {
      calls.push(['dueBetween', userId, firstDate, lastDate]);
      return [];
    },
    openInDefaultOrder: async () => [],
    withReminders: async () => [],
    inOrderOf: async (userId, ids) => ids.flatMap((id) => own(userId, id)?.task ?? []),
    find: async (userId, id) => own(userId, id)?.task ?? null,
    async findForUpdate(userId, id) {
      insideTransaction('a row lock');
      return own(userId, id)?.task ?? null;
    },
    async lockClient(userId, clientId) {
      insideTransaction('a client lock');
      return userId === 'anna' && clientId === ANNAS_CLIENT;
    },
    async lockContact() {
      insideTransaction('a contact lock');
      return false;
    },
    async countLiveTasks(_userId, upTo) {
      insideTransaction('the quota count');
      return Math.min(liveTaskCount, upTo);
    },
    async insert(userId, task: NewTask) {
      const { completedAt, ...fields } = task;
      return add(userId, fields, completedAt);
    },
    async update(userId, id, changes) {
      const row = own(userId, id);
      if (!row) return null;
      writes.push({ id, changes: { ...changes } });
      const { completedAt, ...fields } = changes;
      row.task = { ...row.task, ...fields };
      if (completedAt !== undefined) {
        row.completedAt = completedAt;
        row.task.completedAt = completedAt?.toISOString() ?? null;
      }
      return row.task;
    },
    async markRecurrenceDone(userId, id, at) {
      const row = own(userId, id);
      if (!row) return null;
      row.task = { ...row.task, lastRecurrenceDate: at.toISOString() };
      return row.task;
    },
    async setArchived(userId, id, archivedAt) {
      const row = own(userId, id);
      if (!row) return null;
      row.task = { ...row.task, isArchived: archivedAt !== null };
      return row.task;
    },
    remove: async (userId, id) => own(userId, id) !== null && stored.delete(id),
    undelete: async () => null,
    purgeDeleted: async () => 0,
    async lockForReorder(userId, ids) {
      insideTransaction('the reorder lock');
      calls.push(['lockForReorder', userId, ids]);
    },
    async placeFirst(userId, ids, list) {
      calls.push(['placeFirst', userId, ids, list]);
      return ids.filter((id) => own(userId, id)).length;
    },
    async placeRestAfter(userId, ids, list) {
      calls.push(['placeRestAfter', userId, ids, list]);
    },
    async tradePlaces(userId, ids, list) {
      calls.push(['tradePlaces', userId, ids, list]);
      return ids.filter((id) => own(userId, id)).length;
    },
  };

  return {
    repository,
    add,
    stored,
    writes,
    calls,
    /** The tasks of the user, in the order they were added. */
    tasksOf: (userId: string) => [...stored.values()].filter((row) => row.userId === userId).map((row) => row.task),
    fillLiveTasks: (count: number) => (liveTaskCount = count),
  };
}

let fake: ReturnType<typeof fakeTasksRepository>;
let now: Date;
let tasks: ReturnType<typeof tasksService>;

beforeEach(() => {
  fake = fakeTasksRepository();
  now = NOW;
  tasks = tasksService(fake.repository, () => now);
});

const completedAtOf = (task: Task) => fake.stored.get(task.id)!.completedAt;

describe('status transitions', () => {
  it('derive the flags and the completion time from the status, and back', async () => {
    const task = fake.add('anna', { title: 'a' });
    expect(await tasks.update(anna, task.id, { status: 'completed' })).toMatchObject({ status: 'completed', isCompleted: true, isBacklog: false });
    expect(completedAtOf(task)).toEqual(NOW);

    expect(await tasks.update(anna, task.id, { isBacklog: true })).toMatchObject({ status: 'backlog', isCompleted: false, isBacklog: true });
    expect(completedAtOf(task)).toBeNull();
  });

  it('moving a completed task to the backlog clears its completion', async () => {
    const task = fake.add('anna', { title: 'done', status: 'completed', isCompleted: true }, NOW);
    expect(await tasks.moveToBacklog(anna, task.id)).toMatchObject({ status: 'backlog', isCompleted: false, isBacklog: true });
    expect(completedAtOf(task)).toBeNull();
    expect(await tasks.restoreFromBacklog(anna, task.id)).toMatchObject({ status: 'todo', isCompleted: false, isBacklog: false });
  });

  it('keeps the first completion time when a completed task is completed again', async () => {
    const earlier = new Date('2026-03-10T09:00:00Z');
    const task = fake.add('anna', { title: 'done', status: 'completed', isCompleted: true }, earlier);
    await tasks.complete(anna, task.id, true);
    expect(completedAtOf(task)).toEqual(earlier);
  });
});

describe('a PATCH', () => {
  it('writes only the fields of the body', async () => {
    const task = fake.add('anna', { title: 'a', priority: 'low', description: 'kept' });
    await tasks.update(anna, task.id, { title: 'renamed', priority: 'high' });
    expect(fake.writes).toEqual([{ id: task.id, changes: { title: 'renamed', priority: 'high' } }]);
  });

  it('clears the due time with the due date, and stores no time on an undated task', async () => {
    const dated = fake.add('anna', { title: 'a', dueDate: '2026-03-12', dueTime: '09:00' });
    expect(await tasks.update(anna, dated.id, { dueDate: null })).toMatchObject({ dueDate: null, dueTime: null });
    const undated = fake.add('anna', { title: 'b' });
    expect(await tasks.update(anna, undated.id, { dueTime: '10:00' })).toMatchObject({ dueDate: null, dueTime: null });
  });

  it('reads a date-time due date in the user’s zone', async () => {
    const task = fake.add('anna', { title: 'a' });
    expect(await tasks.update(anna, task.id, { dueDate: '2026-03-13T02:30:00Z' })).toMatchObject({ dueDate: '2026-03-12', dueTime: '22:30' });
  });

  it('refuses a repeat without its type and writes nothing', async () => {
    const task = fake.add('anna', { title: 'a' });
    await expect(tasks.update(anna, task.id, { isRecurring: true })).rejects.toMatchObject({ status: 400, message: RECURRING_TYPE_REQUIRED });
    expect(fake.writes).toEqual([]);
  });

  it('delegates exactly when a contact is named; un-delegating forgets the contact', async () => {
    const task = fake.add('anna', { title: 'a', isDelegated: true, delegatedToId: 'contact', delegationNotes: 'call' });
    expect(await tasks.update(anna, task.id, { isDelegated: false })).toMatchObject({ isDelegated: false, delegatedToId: null, delegationNotes: 'call' });
    expect(await tasks.update(anna, task.id, { isDelegated: true, delegatedToId: null })).toMatchObject({ isDelegated: false, delegatedToId: null });
  });
});

describe('recurring tasks', () => {
  it('completing one creates the next occurrence once, with the next date, the content and no delegation', async () => {
    const weekly = fake.add('anna', {
      title: 'report',
      description: 'numbers',
      priority: 'high',
      dueDate: '2026-03-11',
      dueTime: '09:00',
      documentLinks: ['https://example.com'],
      isRecurring: true,
      recurringType: 'weekly',
      isDelegated: true,
      delegatedToId: 'contact',
      sortOrder: 4,
    });
    const done = await tasks.complete(anna, weekly.id, true);
    expect(done.lastRecurrenceDate).toBe(NOW.toISOString());
    const [, next] = fake.tasksOf('anna');
    expect(next).toMatchObject({
      title: 'report',
      description: 'numbers',
      priority: 'high',
      status: 'todo',
      isCompleted: false,
      dueDate: '2026-03-18',
      dueTime: '09:00',
      documentLinks: ['https://example.com'],
      isRecurring: true,
      recurringType: 'weekly',
      parentTaskId: weekly.id,
      isDelegated: false,
      delegatedToId: null,
      sortOrder: 4,
    });

    await tasks.complete(anna, weekly.id, false);
    await tasks.complete(anna, weekly.id, true);
    expect(fake.tasksOf('anna')).toHaveLength(2);
  });

  it('a monthly series keeps the day of its first task: Jan 31 → Feb 28 → Mar 31', async () => {
    const first = fake.add('anna', { title: 'rent', dueDate: '2026-01-31', isRecurring: true, recurringType: 'monthly' });
    await tasks.complete(anna, first.id, true);
    const february = fake.tasksOf('anna')[1]!;
    expect(february).toMatchObject({ dueDate: '2026-02-28', parentTaskId: first.id });
    await tasks.complete(anna, february.id, true);
    expect(fake.tasksOf('anna')[2]).toMatchObject({ dueDate: '2026-03-31', parentTaskId: first.id });
  });

  it('an undated repeat continues from today, in the user’s zone', async () => {
    now = new Date('2026-03-12T03:00:00Z'); // still the 11th in New York
    const daily = fake.add('anna', { title: 'water plants', isRecurring: true, recurringType: 'daily' });
    await tasks.complete(anna, daily.id, true);
    expect(fake.tasksOf('anna')[1]).toMatchObject({ dueDate: '2026-03-12' });
  });
});

describe('ownership, references and quota', () => {
  it('another user’s task, or none, is not found', async () => {
    const task = fake.add('anna', { title: 'a' });
    for (const attempt of [
      () => tasks.get(bob, task.id),
      () => tasks.update(bob, task.id, { title: 'x' }),
      () => tasks.complete(bob, task.id, true),
      () => tasks.archive(bob, task.id),
      () => tasks.remove(bob, task.id),
      () => tasks.get(anna, 'missing'),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 404, message: 'Task not found' });
    }
    expect(fake.writes).toEqual([]);
  });

  it('a client that is not the user’s is not found, on create and on update', async () => {
    await expect(tasks.create(anna, taskCreateBodySchema.parse({ title: 'a', clientId: BOBS_CLIENT }))).rejects.toMatchObject({ status: 404, message: 'Client not found' });
    const task = fake.add('anna', { title: 'a' });
    await expect(tasks.update(anna, task.id, { clientId: BOBS_CLIENT })).rejects.toMatchObject({ status: 404, message: 'Client not found' });
    expect(await tasks.update(anna, task.id, { clientId: ANNAS_CLIENT })).toMatchObject({ clientId: ANNAS_CLIENT });
  });

  it('refuses a new or unarchived task past the live-task quota', async () => {
    const archived = fake.add('anna', { title: 'old', isArchived: true });
    fake.fillLiveTasks(QUOTAS.liveTasks);
    await expect(tasks.create(anna, taskCreateBodySchema.parse({ title: 'one too many' }))).rejects.toMatchObject({ status: 409, code: 'quota_exceeded' });
    await expect(tasks.unarchive(anna, archived.id)).rejects.toMatchObject({ status: 409, code: 'quota_exceeded' });
    fake.fillLiveTasks(QUOTAS.liveTasks - 1);
    expect(await tasks.unarchive(anna, archived.id)).toMatchObject({ isArchived: false });
  });
});

describe('which list a request means', () => {
  it('the Monday list is the coming Monday’s, also on a Monday', async () => {
    await tasks.monday(anna);
    now = new Date('2026-03-09T12:00:00Z'); // Monday
    await tasks.monday(anna);
    const dates = fake.calls.filter(([name]) => name === 'dayList').map(([, , day]) => (day as { date: string }).date);
    expect(dates).toEqual(['2026-03-16', '2026-03-16']);
  });

  it('the Kanban board is the first page of each column, left to right', async () => {
    await tasks.kanban(anna, { limit: 10 });
    expect(fake.calls.map(([, , list]) => list)).toEqual([{ kanban: 'todo' }, { kanban: 'in_progress' }, { kanban: 'review' }, { kanban: 'completed' }]);
  });

  it('a cursor the list did not make is a bad request', async () => {
    await expect(tasks.active(anna, { limit: 10, cursor: 'not-a-cursor' })).rejects.toMatchObject({ status: 400, message: 'Invalid cursor' });
  });

  it('reordering the day’s list renumbers only the named tasks; the paged lists renumber the rest after them', async () => {
    const [a, b] = [fake.add('anna', { title: 'a' }), fake.add('anna', { title: 'b' })];
    await tasks.reorder(anna, [b.id, a.id], 'today');
    await tasks.reorder(anna, [b.id], 'backlog');
    expect(fake.calls.map(([name, , , list]) => [name, list])).toEqual([
      ['lockForReorder', undefined],
      ['placeFirst', 'active'],
      ['lockForReorder', undefined],
      ['placeFirst', 'backlog'],
      ['placeRestAfter', 'backlog'],
    ]);
    await expect(tasks.reorder(anna, [a.id, 'missing'], 'active')).rejects.toMatchObject({ status: 404 });
    expect(fake.calls.at(-1)![0]).toBe('placeFirst');
  });

  it("'within' lets the named tasks trade their own places and touches no other", async () => {
    const [a, b] = [fake.add('anna', { title: 'a' }), fake.add('anna', { title: 'b' })];
    await tasks.reorder(anna, [b.id, a.id], 'within');
    expect(fake.calls.map(([name, , , list]) => [name, list])).toEqual([
      ['lockForReorder', undefined],
      ['tradePlaces', 'active'],
    ]);
    await expect(tasks.reorder(anna, [a.id, 'missing'], 'within')).rejects.toMatchObject({ status: 404 });
  });
});

describe('a batch (POST /api/tasks/batch)', () => {
  const body = (fields: Record<string, unknown>) => taskCreateBodySchema.parse(fields);

  it('creates every task in one transaction, in the order sent, by the rules of one task', async () => {
    const created = await tasks.createMany(anna, [
      body({ title: 'Send the Harbor Dental invoice', clientId: ANNAS_CLIENT, status: 'completed' }),
      body({ title: 'Check filings', isRecurring: true, recurringType: 'weekdays', recurringInterval: 2, dueDate: '2026-03-13' }),
    ]);
    expect(created.map((task) => task.title)).toEqual(['Send the Harbor Dental invoice', 'Check filings']);
    expect(created[0]).toMatchObject({ clientId: ANNAS_CLIENT, isCompleted: true });
    expect(completedAtOf(created[0]!)).toEqual(NOW);
    expect(created[1]).toMatchObject({ recurringType: 'weekdays', recurringInterval: 1 });
  });

  it('names the refused task by its place in the list', async () => {
    await expect(tasks.createMany(anna, [body({ title: 'fine' }), body({ title: 'foreign', clientId: BOBS_CLIENT })])).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Task 2: Client not found',
    });
  });

  it('counts the whole batch against the quota: one past it refuses all', async () => {
    fake.fillLiveTasks(QUOTAS.liveTasks - 2);
    await expect(tasks.createMany(anna, [body({ title: 'a' }), body({ title: 'b' }), body({ title: 'c' })])).rejects.toMatchObject({ status: 409, code: 'quota_exceeded' });
    expect(fake.tasksOf('anna')).toEqual([]);
    expect(await tasks.createMany(anna, [body({ title: 'a' }), body({ title: 'b' })])).toHaveLength(2);
  });
});
