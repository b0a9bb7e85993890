import type { KanbanBoard } from '@daybook/shared';
import { makeTask, uuid } from '../../test/render';
import { moveCard } from './board';

const board = (): KanbanBoard => ({
  todo: [makeTask({ id: uuid(1), title: 'a' }), makeTask({ id: uuid(2), title: 'b' })],
  in_progress: [makeTask({ id: uuid(3), title: 'c', status: 'in_progress' })],
  review: [],
  completed: [],
});

describe('Kanban moves (DECISIONS 13)', () => {
  it('moves a card to another column at the drop place, with that status', () => {
    const before = board();
    const after = moveCard(before, 'todo', 1, 'in_progress', 0);
    expect(after.todo.map((t) => t.title)).toEqual(['a']);
    expect(after.in_progress.map((t) => [t.title, t.status])).toEqual([
      ['b', 'in_progress'],
      ['c', 'in_progress'],
    ]);
    expect(before.todo).toHaveLength(2);
  });

  it('completed sets isCompleted; leaving completed clears it', () => {
    const done = moveCard(board(), 'todo', 0, 'completed', 0);
    expect(done.completed[0]).toMatchObject({ status: 'completed', isCompleted: true });
    const back = moveCard(done, 'completed', 0, 'review', 5);
    expect(back.review[0]).toMatchObject({ status: 'review', isCompleted: false });
    expect(back.completed).toEqual([]);
  });

  it('reorders within a column', () => {
    expect(moveCard(board(), 'todo', 0, 'todo', 1).todo.map((t) => t.title)).toEqual(['b', 'a']);
  });
});
