import { compareTasksDefault, sortTasksDefault, sortTasksForList } from './task-order';

const t = (id: string, fields: Partial<{ priority: string | null; dueDate: string | null; dueTime: string | null; createdAt: string; sortOrder: number }>) => ({
  id,
  priority: 'medium',
  dueDate: null,
  dueTime: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  sortOrder: 0,
  ...fields,
});
const ids = (tasks: { id: string }[]) => tasks.map((task) => task.id);

describe('default task order', () => {
  it('puts higher priority first', () => {
    const tasks = [t('low', { priority: 'low' }), t('urgent', { priority: 'urgent' }), t('medium', {}), t('high', { priority: 'high' })];
    expect(ids(sortTasksDefault(tasks))).toEqual(['urgent', 'high', 'medium', 'low']);
  });

  it('treats a missing or unknown priority like low', () => {
    const tasks = [t('none', { priority: null, createdAt: '2026-03-02T00:00:00.000Z' }), t('low', { priority: 'low' }), t('medium', {})];
    expect(ids(sortTasksDefault(tasks))).toEqual(['medium', 'none', 'low']);
  });

  it('then earlier due date first, dated before undated, timed before untimed on a day', () => {
    const tasks = [
      t('none', {}),
      t('later', { dueDate: '2026-03-10' }),
      t('day', { dueDate: '2026-03-05' }),
      t('morning', { dueDate: '2026-03-05', dueTime: '09:00' }),
      t('early', { dueDate: '2026-03-05', dueTime: '07:30' }),
    ];
    expect(ids(sortTasksDefault(tasks))).toEqual(['early', 'morning', 'day', 'later', 'none']);
  });

  it('then newest created first', () => {
    const tasks = [
      t('old', { createdAt: '2026-03-01T00:00:00.000Z' }),
      t('new', { createdAt: '2026-03-03T00:00:00.000Z' }),
      t('mid', { createdAt: '2026-03-02T00:00:00Z' }),
    ];
    expect(ids(sortTasksDefault(tasks))).toEqual(['new', 'mid', 'old']);
  });

  it('is zero for equivalent tasks and does not mutate its input', () => {
    expect(compareTasksDefault(t('a', {}), t('b', {}))).toBe(0);
    const tasks = [t('low', { priority: 'low' }), t('high', { priority: 'high' })];
    sortTasksDefault(tasks);
    expect(ids(tasks)).toEqual(['low', 'high']);
  });
});

describe('list order', () => {
  it('uses sortOrder first, then the default order', () => {
    const tasks = [
      t('second-low', { sortOrder: 1, priority: 'low' }),
      t('first', { sortOrder: 0, priority: 'low' }),
      t('second-high', { sortOrder: 1, priority: 'high' }),
    ];
    expect(ids(sortTasksForList(tasks))).toEqual(['first', 'second-high', 'second-low']);
  });
});
