import { daysOverdue, daysOverdueLabel } from '@daybook/shared';
import { makeTask, uuid } from '../../test/fixtures';
import { overdueTasks, reviewPromptAction } from './overdue';

// 2026-03-04 00:30 in New York, still 2026-03-04 05:30 UTC; Tokyo is already 14:30 on the 4th.
const NOW = new Date('2026-03-04T05:30:00Z');

describe('overdue tasks in the user’s zone', () => {
  it('counts whole days from the due date to today in the zone', () => {
    expect(daysOverdue('2026-03-03', NOW, 'America/New_York')).toBe(1);
    expect(daysOverdue('2026-03-01', NOW, 'America/New_York')).toBe(3);
    expect(daysOverdue('2026-03-04', NOW, 'America/New_York')).toBe(0);
    expect(daysOverdueLabel(1)).toBe('1 day overdue');
    expect(daysOverdueLabel(3)).toBe('3 days overdue');
  });

  it('lists open, overdue tasks, the longest overdue first', () => {
    const tasks = [
      makeTask({ id: uuid(1), title: 'yesterday', dueDate: '2026-03-03' }),
      makeTask({ id: uuid(2), title: 'last week', dueDate: '2026-02-25' }),
      makeTask({ id: uuid(3), title: 'done', dueDate: '2026-02-25', isCompleted: true }),
      makeTask({ id: uuid(4), title: 'today', dueDate: '2026-03-04' }),
      makeTask({ id: uuid(5), title: 'none' }),
    ];
    expect(overdueTasks(tasks, NOW, 'America/New_York').map((task) => task.title)).toEqual(['last week', 'yesterday']);
    // In Honolulu it is still 3 March: yesterday's task is due today there.
    expect(overdueTasks(tasks, NOW, 'Pacific/Honolulu').map((task) => task.title)).toEqual(['last week']);
  });
});

describe('daily review prompt (spec §4)', () => {
  it('opens the review when not reviewed today and tasks are overdue, else records today', () => {
    expect(reviewPromptAction({ reviewed: false }, 2)).toBe('open');
    expect(reviewPromptAction({ reviewed: false }, 0)).toBe('record');
    expect(reviewPromptAction({ reviewed: true }, 5)).toBe('none');
  });
});
