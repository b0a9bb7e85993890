import { localToInstant } from '@daybook/nl';
import { makeTask, uuid } from '../../test/fixtures';
import { homeTabOf, placeOf } from './revealTask';

const TIME_ZONE = 'America/New_York';

describe('homeTabOf', () => {
  const wednesday = localToInstant('2026-03-04T10:00:00', TIME_ZONE);
  const fridayEvening = localToInstant('2026-03-06T19:00:00', TIME_ZONE);
  const task = (overrides: Parameters<typeof makeTask>[0]) => makeTask(overrides);

  it('is Today for a task due on the dashboard’s day or overdue, Backlog for a backlog task, else Active', () => {
    expect(homeTabOf(task({ id: uuid(1), title: 'a', dueDate: '2026-03-04' }), wednesday, TIME_ZONE)).toBe('today');
    expect(homeTabOf(task({ id: uuid(1), title: 'a', dueDate: '2026-03-02' }), wednesday, TIME_ZONE)).toBe('today');
    expect(homeTabOf(task({ id: uuid(1), title: 'a', dueDate: '2026-03-05' }), wednesday, TIME_ZONE)).toBe('active');
    expect(homeTabOf(task({ id: uuid(1), title: 'a' }), wednesday, TIME_ZONE)).toBe('active');
    expect(homeTabOf(task({ id: uuid(1), title: 'a', isBacklog: true, status: 'backlog' }), wednesday, TIME_ZONE)).toBe('backlog');
  });

  it('is Today for Monday’s task in weekend mode (the dashboard shows Monday)', () => {
    expect(homeTabOf(task({ id: uuid(1), title: 'a', dueDate: '2026-03-09' }), fridayEvening, TIME_ZONE)).toBe('today');
    expect(homeTabOf(task({ id: uuid(1), title: 'a', dueDate: '2026-03-07' }), fridayEvening, TIME_ZONE)).toBe('active');
  });
});

describe('placeOf', () => {
  const wednesday = localToInstant('2026-03-04T10:00:00', TIME_ZONE);

  it('names the tab, or the tabs, the new tasks went to', () => {
    const backlog = makeTask({ id: uuid(1), title: 'a', isBacklog: true, status: 'backlog' });
    const later = makeTask({ id: uuid(2), title: 'b', dueDate: '2026-03-12' });
    expect(placeOf([backlog], wednesday, TIME_ZONE)).toBe('Backlog');
    expect(placeOf([later, backlog, later], wednesday, TIME_ZONE)).toBe('Active and Backlog');
  });
});
