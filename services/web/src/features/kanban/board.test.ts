import type { KanbanStatus } from '@daybook/shared';
import { tasksApi } from '../../api/tasksApi';
import { makeStore, type AppStore } from '../../app/store';
import { makeTask, taskPage, uuid } from '../../test/fixtures';
import { json, mockFetch } from '../../test/render';
import { moveCard, movedTo } from './board';

const a = makeTask({ id: uuid(1), title: 'a' });
const b = makeTask({ id: uuid(2), title: 'b' });
const c = makeTask({ id: uuid(3), title: 'c', status: 'in_progress' });
const d = makeTask({ id: uuid(4), title: 'd', status: 'in_progress' });

/** A store whose To Do column has two pages loaded (a | b) and In Progress one (c, d). */
async function board(): Promise<AppStore> {
  mockFetch((req) => {
    if (req.path === '/api/tasks/kanban/todo') return json(200, taskPage([a], 'todo-2'));
    if (req.path === '/api/tasks/kanban/todo?cursor=todo-2') return json(200, taskPage([b]));
    if (req.path === '/api/tasks/kanban/in_progress') return json(200, taskPage([c, d]));
    return json(200, taskPage([]));
  });
  const store = makeStore();
  await store.dispatch(tasksApi.endpoints.getKanbanColumn.initiate('todo'));
  await store.dispatch(tasksApi.endpoints.getKanbanColumn.initiate('todo', { direction: 'forward' }));
  await store.dispatch(tasksApi.endpoints.getKanbanColumn.initiate('in_progress'));
  return store;
}

/** A column's cached pages, as titles with their status. */
const column = (store: AppStore, status: KanbanStatus) =>
  tasksApi.endpoints.getKanbanColumn.select(status)(store.getState()).data?.pages.map((page) => page.items.map((t) => `${t.title}:${t.status}`));

describe('Kanban moves (DECISIONS 13) on columns loaded in pages', () => {
  it('a card dropped in another column leaves its page and joins the other column at the drop place, with that status; undo puts it back', async () => {
    const store = await board();
    expect(column(store, 'todo')).toEqual([['a:todo'], ['b:todo']]);

    const undo = store.dispatch(moveCard({ from: 'todo', fromIndex: 1, to: 'in_progress', toIndex: 1 }));
    expect(column(store, 'todo')).toEqual([['a:todo'], []]);
    expect(column(store, 'in_progress')).toEqual([['c:in_progress', 'b:in_progress', 'd:in_progress']]);

    undo();
    expect(column(store, 'todo')).toEqual([['a:todo'], ['b:todo']]);
    expect(column(store, 'in_progress')).toEqual([['c:in_progress', 'd:in_progress']]);
  });

  it('reorders within a column across its pages', async () => {
    const store = await board();
    store.dispatch(moveCard({ from: 'todo', fromIndex: 0, to: 'todo', toIndex: 1 }));
    expect(column(store, 'todo')).toEqual([[], ['b:todo', 'a:todo']]);
  });

  it('a card not loaded moves nothing', async () => {
    const store = await board();
    store.dispatch(moveCard({ from: 'todo', fromIndex: 5, to: 'review', toIndex: 0 }));
    expect(column(store, 'todo')).toEqual([['a:todo'], ['b:todo']]);
  });
});

describe('a card’s status follows its column', () => {
  it('completed sets isCompleted; leaving completed clears it; never in the backlog', () => {
    const done = movedTo(a, 'completed');
    expect(done).toMatchObject({ status: 'completed', isCompleted: true, isBacklog: false });
    expect(movedTo(done, 'review')).toMatchObject({ status: 'review', isCompleted: false });
    expect(a.status).toBe('todo');
  });
});
