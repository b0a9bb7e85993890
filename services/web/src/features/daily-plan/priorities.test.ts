import { makeTask, uuid } from '../../test/fixtures';
import { mergeManualOrder, prefilledPriorities, priorityCandidates, togglePriority } from './priorities';

const A = uuid(1);
const B = uuid(2);
const C = uuid(3);
const D = uuid(4);

describe('daily review selection (spec §4)', () => {
  it('numbers tasks in selection order, ignores a 4th and removes a deselected one', () => {
    let selected: string[] = [];
    selected = togglePriority(selected, C);
    selected = togglePriority(selected, A);
    selected = togglePriority(selected, B);
    expect(selected).toEqual([C, A, B]);
    expect(togglePriority(selected, D)).toEqual([C, A, B]);
    expect(togglePriority(selected, A)).toEqual([C, B]);
    expect(togglePriority(togglePriority(selected, A), D)).toEqual([C, B, D]);
  });

  it('pre-fills from today’s plan, keeping only tasks that are still active, at most 3', () => {
    const tasks = [makeTask({ id: A, title: 'a' }), makeTask({ id: B, title: 'b', isCompleted: true }), makeTask({ id: C, title: 'c' })];
    const candidates = priorityCandidates(tasks);
    expect(candidates.map((task) => task.id)).not.toContain(B);
    expect(prefilledPriorities([C, B, A], candidates)).toEqual([C, A]);
    expect(prefilledPriorities([A, C, D], [...candidates, makeTask({ id: D, title: 'd' }), makeTask({ id: uuid(5), title: 'e' })], 2)).toEqual([A, C]);
  });

  it('candidates: open, not archived, not backlog, in the default order', () => {
    const tasks = [
      makeTask({ id: A, title: 'low', priority: 'low' }),
      makeTask({ id: B, title: 'urgent', priority: 'urgent' }),
      makeTask({ id: C, title: 'parked', priority: 'urgent', isBacklog: true }),
      makeTask({ id: D, title: 'archived', priority: 'urgent', isArchived: true }),
    ];
    expect(priorityCandidates(tasks).map((task) => task.title)).toEqual(['urgent', 'low']);
  });
});

describe('priorities dialog order (spec §4)', () => {
  const tasks = [makeTask({ id: A, title: 'medium' }), makeTask({ id: B, title: 'high', priority: 'high' }), makeTask({ id: C, title: 'urgent', priority: 'urgent' })];

  it('starts in the default order', () => {
    expect(mergeManualOrder(null, tasks).map((task) => task.title)).toEqual(['urgent', 'high', 'medium']);
  });

  it('keeps the manual order, adds new tasks at the end and drops removed ones', () => {
    const manual = [A, C, B, uuid(99)];
    expect(mergeManualOrder(manual, tasks).map((task) => task.title)).toEqual(['medium', 'urgent', 'high']);
    expect(mergeManualOrder(manual, [...tasks, makeTask({ id: D, title: 'new', priority: 'urgent' })]).map((task) => task.title)).toEqual(['medium', 'urgent', 'high', 'new']);
    expect(mergeManualOrder(manual, tasks.slice(0, 2)).map((task) => task.title)).toEqual(['medium', 'high']);
  });
});
