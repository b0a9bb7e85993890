import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from '@daybook/shared';
import { useGetActiveTasksInfiniteQuery, useGetTodayTasksQuery } from '../../api/tasksApi';
import { loadedItems } from '../../lib/pages';
import { makeTask, taskPage, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { useTaskReorder } from './useTaskReorder';

const A = makeTask({ id: uuid(1), title: 'A' });
const B = makeTask({ id: uuid(2), title: 'B' });
const C = makeTask({ id: uuid(3), title: 'C' });
const BACKLOGGED = makeTask({ id: uuid(4), title: 'Z', isBacklog: true });

/** The Today list and a button that drags its first card to the last place. */
function TodayList() {
  const today = useGetTodayTasksQuery();
  const reorder = useTaskReorder('getTodayTasks', 'today', today.data);
  const tasks = today.data ?? [];
  return (
    <>
      <ol aria-label="today">
        {tasks.map((task) => (
          <li key={task.id}>{task.title}</li>
        ))}
      </ol>
      <button type="button" onClick={() => void reorder(tasks, 0, tasks.length - 1)}>
        move first to last
      </button>
    </>
  );
}

const shownOrder = () => screen.getAllByRole('listitem').map((item) => item.textContent);

/** A fetch mock whose reorder answer the test releases. */
function api(serverOrder: { current: Task[] }) {
  let release: (response: Response) => void = () => undefined;
  const reorderAnswer = new Promise<Response>((resolve) => {
    release = resolve;
  });
  const mock = mockFetch((req: RecordedRequest) => {
    if (req.method === 'GET' && req.path === '/api/tasks/today') return json(200, serverOrder.current);
    if (req.method === 'PATCH' && req.path === '/api/tasks/reorder') return reorderAnswer;
    return undefined;
  });
  return { ...mock, release: (response: Response) => act(async () => release(response)) };
}

describe('drag reorder of a task list', () => {
  it('does nothing when the shown list mixes backlog and other tasks (the api orders one kind at a time)', async () => {
    const { requests } = api({ current: [A, B, C, BACKLOGGED] });
    renderWithProviders(<TodayList />);
    await waitFor(() => expect(shownOrder()).toEqual(['A', 'B', 'C', 'Z']));
    await userEvent.click(screen.getByRole('button', { name: 'move first to last' }));
    expect(shownOrder()).toEqual(['A', 'B', 'C', 'Z']);
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('applies optimistically, and the accepted order stays', async () => {
    const server = { current: [A, B, C] };
    const { requests, release } = api(server);
    renderWithProviders(<TodayList />);
    await waitFor(() => expect(shownOrder()).toEqual(['A', 'B', 'C']));

    await userEvent.click(screen.getByRole('button', { name: 'move first to last' }));
    // Before the api has answered.
    expect(shownOrder()).toEqual(['B', 'C', 'A']);
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ taskIds: [B.id, C.id, A.id], type: 'today' });

    server.current = [B, C, A];
    await release(json(200, { message: 'Tasks reordered' }));
    // Every list is refreshed afterwards.
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect(shownOrder()).toEqual(['B', 'C', 'A']);
    expect(screen.queryByText('Failed to reorder tasks')).not.toBeInTheDocument();
  });

  it('rolls back with "Failed to reorder tasks" when the api refuses, then refreshes', async () => {
    const server = { current: [A, B, C] };
    const { requests, release } = api(server);
    renderWithProviders(<TodayList />);
    await waitFor(() => expect(shownOrder()).toEqual(['A', 'B', 'C']));

    await userEvent.click(screen.getByRole('button', { name: 'move first to last' }));
    expect(shownOrder()).toEqual(['B', 'C', 'A']);

    await release(json(500, { error: { code: 'internal_error', message: 'Internal server error' } }));
    await waitFor(() => expect(shownOrder()).toEqual(['A', 'B', 'C']));
    expect(await screen.findByText('Failed to reorder tasks')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect(shownOrder()).toEqual(['A', 'B', 'C']);
  });
});

/** The Active list (in pages), a button for its next page, and one that drags its first card to the last place. */
function ActiveList() {
  const active = useGetActiveTasksInfiniteQuery();
  const tasks = loadedItems(active.data) ?? [];
  const reorder = useTaskReorder('getActiveTasks', 'active', tasks);
  return (
    <>
      {active.data?.pages.map((page, index) => (
        <ol key={index} aria-label={`page ${index + 1}`}>
          {page.items.map((task) => (
            <li key={task.id}>{task.title}</li>
          ))}
        </ol>
      ))}
      <button type="button" onClick={() => void active.fetchNextPage()}>
        next page
      </button>
      <button type="button" onClick={() => void reorder(tasks, 0, tasks.length - 1)}>
        move first to last
      </button>
    </>
  );
}

describe('drag reorder of a list loaded in pages (DECISIONS 22)', () => {
  const pagesShown = () => screen.getAllByRole('list').map((list) => within(list).queryAllByRole('listitem').map((item) => item.textContent));

  it('applies the new order across the loaded pages, each keeping its size, and undoes it when the api refuses', async () => {
    let release: (response: Response) => void = () => undefined;
    let reordering = false;
    const { requests } = mockFetch((req: RecordedRequest) => {
      // The refresh after the failed reorder never answers: only the undo can bring the order back.
      if (reordering && req.method === 'GET') return new Promise<Response>(() => undefined);
      if (req.path === '/api/tasks/active') return json(200, taskPage([A, B], 'c2'));
      if (req.path === '/api/tasks/active?cursor=c2') return json(200, taskPage([C]));
      if (req.method === 'PATCH' && req.path === '/api/tasks/reorder') return new Promise<Response>((resolve) => (release = resolve));
      return undefined;
    });
    renderWithProviders(<ActiveList />);
    await waitFor(() => expect(pagesShown()).toEqual([['A', 'B']]));
    await userEvent.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(pagesShown()).toEqual([['A', 'B'], ['C']]));

    reordering = true;
    await userEvent.click(screen.getByRole('button', { name: 'move first to last' }));
    // At once, before the api answers: A moved from the first page to the end of the second.
    expect(pagesShown()).toEqual([['B', 'C'], ['A']]);
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ taskIds: [B.id, C.id, A.id], type: 'active' });

    await act(async () => release(json(500, { error: { code: 'internal_error', message: 'Internal server error' } })));
    await waitFor(() => expect(pagesShown()).toEqual([['A', 'B'], ['C']]));
    expect(await screen.findByText('Failed to reorder tasks')).toBeInTheDocument();
  });
});
