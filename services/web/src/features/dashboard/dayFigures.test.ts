import { makeTask, uuid } from '../../test/fixtures';
import { dayFigures, splitDay } from './dayFigures';

// Wednesday 2026-03-04, 16:00 in New York.
const NOW = new Date('2026-03-04T21:00:00Z');
const NY = 'America/New_York';

describe("the Today figures count what the list shows", () => {
  const tasks = [
    makeTask({ id: uuid(1), title: 'Due today', dueDate: '2026-03-04', estimatedTime: '30min' }),
    makeTask({ id: uuid(2), title: 'Done today', dueDate: '2026-03-04', isCompleted: true, status: 'completed', estimatedTime: '2h' }),
    makeTask({ id: uuid(3), title: 'Yesterday', dueDate: '2026-03-03', estimatedTime: '1h' }),
    makeTask({ id: uuid(4), title: 'At 3 PM', dueDate: '2026-03-04', dueTime: '15:00', estimatedTime: '1d' }),
  ];

  it('splits the day into open tasks, in list order, and completed ones', () => {
    const { open, completed } = splitDay(tasks);
    expect(open.map((task) => task.title)).toEqual(['Due today', 'Yesterday', 'At 3 PM']);
    expect(completed.map((task) => task.title)).toEqual(['Done today']);
  });

  it('Due is the open tasks (overdue ones included), Overdue a part of them, Est. Time their estimates', () => {
    expect(dayFigures(splitDay(tasks), NOW, NY)).toEqual({ due: 3, overdue: 2, estimate: '9 h 30 min' });
  });

  it('an empty day', () => {
    expect(dayFigures(splitDay([]), NOW, NY)).toEqual({ due: 0, overdue: 0, estimate: '0 h' });
  });
});
