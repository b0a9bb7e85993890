import { dailyPlanBodySchema, dailyPlanSchema } from './daily-plan.schemas';
import { dailyPriorityCandidates, defaultDailyPriorities, grownDailyPriorities, isActiveForPriorities, orderedDailyPriorities } from './daily-priorities';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const task = (id: string, fields: Partial<{ priority: string; dueDate: string | null; isCompleted: boolean; isArchived: boolean; isBacklog: boolean }> = {}) => ({
  id,
  priority: 'medium',
  dueDate: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  isCompleted: false,
  isArchived: false,
  isBacklog: false,
  ...fields,
});

describe('daily priorities', () => {
  it('are the first 3 active tasks in the default order', () => {
    const tasks = [
      task('low', { priority: 'low' }),
      task('done', { priority: 'urgent', isCompleted: true }),
      task('archived', { priority: 'urgent', isArchived: true }),
      task('parked', { priority: 'urgent', isBacklog: true }),
      task('high', { priority: 'high' }),
      task('urgent', { priority: 'urgent' }),
      task('medium-due', { dueDate: '2026-03-08' }),
      task('medium', {}),
    ];
    expect(defaultDailyPriorities(tasks).map((t) => t.id)).toEqual(['urgent', 'high', 'medium-due']);
    expect(dailyPriorityCandidates(tasks).map((t) => t.id)).toEqual(['urgent', 'high', 'medium-due', 'medium', 'low']);
    expect(isActiveForPriorities(task('x', { isBacklog: true }))).toBe(false);
  });

  it('of an order the user chose are its first 3 active tasks, in that order', () => {
    const order = [task('low', { priority: 'low' }), task('done', { isCompleted: true }), task('parked', { isBacklog: true }), task('a'), task('b'), task('c')];
    expect(orderedDailyPriorities(order).map((t) => t.id)).toEqual(['low', 'a', 'b']);
  });
});

describe('a day’s top 3 as tasks arrive', () => {
  it('keeps the tasks it holds in their order (completed ones too) and fills empty slots with the best newcomers after them', () => {
    const held = [task('low', { priority: 'low' }), task('done', { isCompleted: true })];
    const newcomers = [task('medium'), task('urgent', { priority: 'urgent' }), task('high', { priority: 'high' })];
    expect(grownDailyPriorities(held, newcomers).map((t) => t.id)).toEqual(['low', 'done', 'urgent']);
  });

  it('frees the slots of archived and backlog tasks, takes no newcomer twice and never more than 3', () => {
    const held = [task('a'), task('gone', { isArchived: true }), task('parked', { isBacklog: true })];
    expect(grownDailyPriorities(held, [task('a'), task('n1'), task('n2'), task('n3')]).map((t) => t.id)).toEqual(['a', 'n1', 'n2']);
    expect(grownDailyPriorities([task('a'), task('b'), task('c')], [task('urgent', { priority: 'urgent' })]).map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('daily plan schemas', () => {
  it('body: at most 3 distinct ids', () => {
    expect(dailyPlanBodySchema.parse({ priorityTaskIds: [] })).toEqual({ priorityTaskIds: [] });
    expect(dailyPlanBodySchema.safeParse({ priorityTaskIds: [ID(1), ID(2), ID(3)] }).success).toBe(true);
    expect(dailyPlanBodySchema.safeParse({ priorityTaskIds: [ID(1), ID(2), ID(3), ID(4)] }).success).toBe(false);
    expect(dailyPlanBodySchema.safeParse({ priorityTaskIds: [ID(1), ID(1)] }).success).toBe(false);
  });

  it('answer: a date, the ids, their tasks and whether today was reviewed', () => {
    const plan = { date: '2026-03-08', priorityTaskIds: [ID(1)], priorityTasks: [], reviewed: false };
    expect(dailyPlanSchema.parse(plan)).toEqual(plan);
    expect(dailyPlanSchema.safeParse({ ...plan, date: '2026-03-08T00:00:00Z' }).success).toBe(false);
  });
});
