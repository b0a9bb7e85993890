import { sortTasksDefault, type Task, type TaskReorderType } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import type { DailyPlanRepository, SavedPlan } from './daily-plan.repository';
import { dailyPlanService, type DailyPlanDeps } from './daily-plan.service';

/** The plan's rules without the database: in-memory plans and tasks stand in for the SQL. */

const anna: Actor = { id: 'anna', username: 'anna', role: 'user', timezone: 'America/New_York', enableDelegation: false };
const bob: Actor = { ...anna, id: 'bob', username: 'bob' };

let tasks: (Task & { userId: string })[];
let plans: Map<string, SavedPlan>;
let reorders: [string, string[], TaskReorderType][];
let now: Date;
let service: ReturnType<typeof dailyPlanService>;

/** The instant of the fake database: one step per write, so "created after" is unambiguous. */
let tick = 0;
const instant = () => new Date(Date.UTC(2026, 2, 1, 0, (tick += 1))).toISOString();

function add(userId: string, title: string, fields: Partial<Task> = {}): Task {
  const task = {
    userId,
    id: title,
    title,
    priority: 'medium',
    dueDate: null,
    dueTime: null,
    isCompleted: false,
    isBacklog: false,
    isArchived: false,
    // Later tasks are newer, and newer than the plans saved before them.
    createdAt: instant(),
    ...fields,
  } as Task & { userId: string };
  tasks.push(task);
  return task;
}

const fakePlans: DailyPlanRepository = {
  find: async (userId, day) => plans.get(`${userId} ${day}`) ?? null,
  async savePriorities(userId, day, taskIds, options) {
    const plan = plans.get(`${userId} ${day}`);
    if (options?.keepExisting && plan?.priorityTaskIds) return;
    plans.set(`${userId} ${day}`, { priorityTaskIds: [...taskIds], prioritiesSetAt: instant(), reviewedAt: plan?.reviewedAt ?? null });
  },
  async fillPriorities(userId, day, expected, taskIds) {
    const plan = plans.get(`${userId} ${day}`);
    if (!plan || plan.prioritiesSetAt !== expected.setAt || plan.priorityTaskIds?.join() !== expected.taskIds.join()) return false;
    plans.set(`${userId} ${day}`, { ...plan, priorityTaskIds: [...taskIds] });
    return true;
  },
  async markReviewed(userId, day, at) {
    const plan = plans.get(`${userId} ${day}`);
    plans.set(`${userId} ${day}`, { priorityTaskIds: plan?.priorityTaskIds ?? null, prioritiesSetAt: plan?.prioritiesSetAt ?? instant(), reviewedAt: plan?.reviewedAt ?? at.toISOString() });
  },
};

/** The two task reads of the plan, as the tasks repository answers them. */
const fakeTaskReads: DailyPlanDeps['tasks'] = {
  inOrderOf: async (userId, ids) => ids.flatMap((id) => tasks.find((task) => task.id === id && task.userId === userId) ?? []),
  openInDefaultOrder: async (userId, limit, createdAfter) =>
    sortTasksDefault(
      tasks.filter((task) => task.userId === userId && !task.isCompleted && !task.isArchived && !task.isBacklog && (createdAfter === undefined || task.createdAt > createdAfter)),
    ).slice(0, limit),
};

beforeEach(() => {
  tasks = [];
  plans = new Map();
  reorders = [];
  now = new Date('2026-03-09T12:00:00Z'); // Monday, 08:00 in New York
  service = dailyPlanService({
    plans: fakePlans,
    tasks: fakeTaskReads,
    reorder: async (actor, taskIds, type) => {
      reorders.push([actor.id, taskIds, type]);
    },
    clock: () => now,
  });
});

describe('the day’s top 3', () => {
  it('defaults to the first 3 active tasks in the default order, then stays for the rest of the day', async () => {
    add('anna', 'low', { priority: 'low' });
    add('anna', 'urgent', { priority: 'urgent' });
    add('anna', 'high', { priority: 'high' });
    add('anna', 'medium');
    add('anna', 'done', { priority: 'urgent', isCompleted: true });
    add('anna', 'parked', { priority: 'urgent', isBacklog: true });
    const plan = await service.get(anna);
    expect(plan).toMatchObject({ date: '2026-03-09', priorityTaskIds: ['urgent', 'high', 'medium'], reviewed: false });
    expect(plan.priorityTasks.map((task) => task.id)).toEqual(['urgent', 'high', 'medium']);

    add('anna', 'new urgent', { priority: 'urgent' });
    expect((await service.get(anna)).priorityTaskIds).toEqual(['urgent', 'high', 'medium']);

    now = new Date('2026-03-10T04:30:00Z'); // 00:30 the next day in New York
    expect(await service.get(anna)).toMatchObject({ date: '2026-03-10', priorityTaskIds: ['new urgent', 'urgent', 'high'] });
  });

  it('is not saved while nothing is open, so the first tasks of the day still become priorities', async () => {
    expect((await service.get(anna)).priorityTaskIds).toEqual([]);
    expect(plans.size).toBe(0);
    add('anna', 'first');
    expect((await service.get(anna)).priorityTaskIds).toEqual(['first']);
  });

  it('drops tasks deleted, archived or moved to the backlog since they were chosen; completed ones stay', async () => {
    add('anna', 'a');
    add('anna', 'b');
    add('anna', 'c');
    add('anna', 'd');
    await service.save(anna, ['a', 'b', 'c', 'd'].slice(0, 3));
    tasks = tasks.filter((task) => task.id !== 'a');
    tasks.find((task) => task.id === 'b')!.isArchived = true;
    tasks.find((task) => task.id === 'c')!.isCompleted = true;
    // d was there when the plan was set: it does not come in by itself.
    expect((await service.get(anna)).priorityTaskIds).toEqual(['c']);
  });

  it('fills empty slots with the best tasks created since the plan was set, after the ones it holds', async () => {
    add('anna', 'first', { priority: 'low' });
    expect((await service.get(anna)).priorityTaskIds).toEqual(['first']);
    add('anna', 'medium');
    add('anna', 'urgent', { priority: 'urgent' });
    add('anna', 'high', { priority: 'high' });
    expect((await service.get(anna)).priorityTaskIds).toEqual(['first', 'urgent', 'high']);
    add('anna', 'later urgent', { priority: 'urgent' });
    expect((await service.get(anna)).priorityTaskIds).toEqual(['first', 'urgent', 'high']);
    tasks.find((task) => task.id === 'high')!.isBacklog = true;
    expect((await service.get(anna)).priorityTaskIds).toEqual(['first', 'urgent', 'later urgent']);
  });

  it('answers the plan another device wrote while it was filling', async () => {
    add('anna', 'first');
    await service.get(anna);
    add('anna', 'new');
    const fill = fakePlans.fillPriorities;
    fakePlans.fillPriorities = async (userId, day, expected, taskIds) => {
      await fakePlans.savePriorities(userId, day, ['first']); // the phone chose meanwhile
      return fill(userId, day, expected, taskIds);
    };
    try {
      expect((await service.get(anna)).priorityTaskIds).toEqual(['first']);
    } finally {
      fakePlans.fillPriorities = fill;
    }
  });
});

describe('choosing priorities', () => {
  it('saves the user’s active tasks in the chosen order', async () => {
    add('anna', 'a');
    add('anna', 'b');
    expect((await service.save(anna, ['b', 'a'])).priorityTaskIds).toEqual(['b', 'a']);
  });

  it('refuses another user’s task as missing and a closed one as a bad request', async () => {
    add('anna', 'mine');
    add('anna', 'done', { isCompleted: true });
    add('anna', 'parked', { isBacklog: true });
    await expect(service.save(bob, ['mine'])).rejects.toMatchObject({ status: 404 });
    for (const closed of ['done', 'parked']) {
      await expect(service.save(anna, ['mine', closed])).rejects.toMatchObject({ status: 400, message: 'Only open tasks can be daily priorities' });
    }
    expect(plans.size).toBe(0);
  });

  it('the daily review’s order becomes the manual order, and its first 3 active tasks the priorities', async () => {
    for (const title of ['a', 'c', 'd', 'e']) add('anna', title);
    add('anna', 'b', { isCompleted: true });
    const plan = await service.saveOrder(anna, ['e', 'b', 'c', 'a', 'd']);
    expect(reorders).toEqual([['anna', ['e', 'b', 'c', 'a', 'd'], 'today']]);
    expect(plan.priorityTaskIds).toEqual(['e', 'c', 'a']);
  });
});

it('records the day’s review', async () => {
  expect((await service.markReviewed(anna)).reviewed).toBe(true);
  expect((await service.get(bob)).reviewed).toBe(false);
  now = new Date('2026-03-10T12:00:00Z');
  expect((await service.get(anna)).reviewed).toBe(false);
});
