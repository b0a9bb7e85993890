import { screen, waitFor, within } from '@testing-library/react';
import { intersectionObserver } from '../../test/intersectionObserver';
import { makeTask, makeUser, taskPage, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { KanbanPage } from './KanbanPage';

const ME = makeUser();

describe('Kanban columns load in pages (DECISIONS 22)', () => {
  beforeEach(() => intersectionObserver.install());
  afterEach(() => intersectionObserver.uninstall());

  it('each column shows its first page, and loads its next one when its end scrolls into view', async () => {
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/auth/user') return json(200, ME);
      if (req.path === '/api/clients') return json(200, []);
      if (req.path === '/api/tasks/kanban/todo') return json(200, taskPage([makeTask({ id: uuid(1), title: 'First to do' })], 'todo-2'));
      if (req.path === '/api/tasks/kanban/todo?cursor=todo-2') return json(200, taskPage([makeTask({ id: uuid(2), title: 'Second to do' })]));
      if (req.path === '/api/tasks/kanban/review') return json(200, taskPage([makeTask({ id: uuid(3), title: 'In review', status: 'review' })]));
      if (req.path.startsWith('/api/tasks/kanban/')) return json(200, taskPage([]));
      return undefined;
    });
    renderWithProviders(<KanbanPage />, { route: '/kanban' });

    const todo = await screen.findByTestId('kanban-column-todo');
    expect(await within(todo).findByText('First to do')).toBeInTheDocument();
    expect(within(todo).getByTestId('kanban-count')).toHaveTextContent('1+');
    const review = screen.getByTestId('kanban-column-review');
    expect(await within(review).findByText('In review')).toBeInTheDocument();
    expect(within(review).getByTestId('kanban-count')).toHaveTextContent(/^1$/);
    expect(within(review).queryByTestId('load-more')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('kanban-column-in_progress')).getByText('No tasks')).toBeInTheDocument();

    await waitFor(() => expect(intersectionObserver.scrollIntoView(within(todo).getByTestId('load-more'))).toBe(1));
    expect(await within(todo).findByText('Second to do')).toBeInTheDocument();
    expect(within(todo).getByTestId('kanban-count')).toHaveTextContent(/^2$/);
    // Only that column read further; each column was read once.
    expect(requests.filter((r) => r.path.startsWith('/api/tasks/kanban')).map((r) => r.path).sort()).toEqual([
      '/api/tasks/kanban/completed',
      '/api/tasks/kanban/in_progress',
      '/api/tasks/kanban/review',
      '/api/tasks/kanban/todo',
      '/api/tasks/kanban/todo?cursor=todo-2',
    ]);
  });
});
