import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeDailyPlan, makeTask, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, withTaskView } from '../../test/render';
import { TopPriorities } from './TopPriorities';

describe("Today's Top 3 Priorities", () => {
  const due = makeTask({ id: uuid(1), title: 'Due today', dueDate: '2026-03-04', estimatedTime: '45min', priority: 'high' });
  const done = makeTask({ id: uuid(3), title: 'Finished', dueDate: '2026-03-04', isCompleted: true, status: 'completed', estimatedTime: '2h' });

  it('shows the daily plan’s tasks in its order, read by id: number or check, estimate, and a link to change them', async () => {
    mockFetch((req) => {
      if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ priorityTasks: [done, due], reviewed: false }));
      // The top 3 are read by id (a priority may be any open task).
      const byId = [due, done].find((task) => req.path === `/api/tasks/${task.id}`);
      return byId && json(200, byId);
    });
    renderWithProviders(withTaskView(<TopPriorities />));
    const priorities = await screen.findByRole('region', { name: "Today's Top 3 Priorities" });
    const rows = within(priorities).getAllByTestId('priority-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByLabelText('Completed')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('Priority 2')).toHaveTextContent('2');
    expect(within(rows[1]!).getByText('Est. 45 min')).toBeInTheDocument();
    expect(within(priorities).getByRole('link', { name: 'Change priorities' })).toHaveAttribute('href', '/daily-review');
  });

  it('shows a priority that is not on the day list (no due date), read by id', async () => {
    const undated = makeTask({ id: uuid(4), title: 'Someday soon' });
    mockFetch((req) => {
      if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ priorityTasks: [undated], reviewed: false }));
      if (req.path === `/api/tasks/${undated.id}`) return json(200, undated);
      return undefined;
    });
    renderWithProviders(withTaskView(<TopPriorities />));
    const priorities = await screen.findByRole('region', { name: "Today's Top 3 Priorities" });
    expect(within(priorities).getByTestId('priority-row')).toHaveTextContent('Someday soon');
  });

  it('completes a priority with "Task completed"', async () => {
    const { requests } = mockFetch((req) => {
      if (req.method === 'PATCH') return json(200, { ...due, isCompleted: true });
      if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ priorityTasks: [due], reviewed: false }));
      return json(200, req.path === `/api/tasks/${due.id}` ? due : [due]);
    });
    renderWithProviders(withTaskView(<TopPriorities />));
    const priorities = await screen.findByRole('region', { name: "Today's Top 3 Priorities" });
    await userEvent.click(within(priorities).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({ path: `/api/tasks/${due.id}/complete`, body: { isCompleted: true } });
  });

  it("offers Undo in the 'Task completed' toast: the task is open again through the api", async () => {
    const { requests } = mockFetch((req) => {
      if (req.method === 'PATCH') return json(200, { ...due, isCompleted: (req.body as { isCompleted: boolean }).isCompleted });
      if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ priorityTasks: [due], reviewed: false }));
      return json(200, req.path === `/api/tasks/${due.id}` ? due : [due]);
    });
    renderWithProviders(withTaskView(<TopPriorities />));
    const priorities = await screen.findByRole('region', { name: "Today's Top 3 Priorities" });
    await userEvent.click(within(priorities).getByRole('button', { name: 'Complete' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByTestId('toast-title')).toHaveTextContent('Task completed');
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Task updated')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ isCompleted: true }, { isCompleted: false }]);
  });
});
