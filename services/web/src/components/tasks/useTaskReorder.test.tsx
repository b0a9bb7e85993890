import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from '@daybook/shared';
import { useGetTodayTasksQuery } from '../../api/tasksApi';
import { json, makeTask, mockFetch, renderWithProviders, uuid, type RecordedRequest } from '../../test/render';
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
