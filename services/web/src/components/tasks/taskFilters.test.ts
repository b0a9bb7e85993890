import { makeTask, uuid } from '../../test/fixtures';
import { splitCompleted } from './taskFilters';

// Saturday 2026-03-07, 10:00 in New York.
const NOW = new Date('2026-03-07T15:00:00Z');
const ZONE = 'America/New_York';

describe('splitCompleted (issue 37)', () => {
  const open = makeTask({ id: uuid(1), title: 'Open' });
  const justDone = makeTask({ id: uuid(2), title: 'Just done', isCompleted: true, completedAt: '2026-03-07T14:59:58.000Z' });
  const doneThisMorning = makeTask({ id: uuid(3), title: 'This morning', isCompleted: true, completedAt: '2026-03-07T05:30:00.000Z' });
  // 23:30 on Friday in New York, though already Saturday in UTC.
  const doneLastNight = makeTask({ id: uuid(4), title: 'Last night', isCompleted: true, completedAt: '2026-03-07T04:30:00.000Z' });
  const doneLongAgo = makeTask({ id: uuid(5), title: 'Long ago', isCompleted: true, completedAt: null });
  const tasks = [open, justDone, doneThisMorning, doneLastNight, doneLongAgo];

  it('keeps a task completed a moment ago in its place while its Undo shows', () => {
    const split = splitCompleted(tasks, new Set([justDone.id]), NOW, ZONE);
    expect(split.open.map((task) => task.title)).toEqual(['Open', 'Just done']);
    expect(split.completedToday.map((task) => task.title)).toEqual(['This morning']);
  });

  it("then moves it to the day's completed tasks; those completed before the user's today leave the list", () => {
    const split = splitCompleted(tasks, new Set(), NOW, ZONE);
    expect(split.open.map((task) => task.title)).toEqual(['Open']);
    expect(split.completedToday.map((task) => task.title)).toEqual(['Just done', 'This morning']);
  });
});
