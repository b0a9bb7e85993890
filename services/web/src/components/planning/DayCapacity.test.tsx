import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeDailyPlan, makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { DayCapacity } from './DayCapacity';

/** Wednesday 2026-03-04; Monday to Friday 8 h unless told otherwise. */
const DAY = '2026-03-04';

type Handler = Parameters<typeof mockFetch>[0];

/** The dashboard has the signed-in user already: the api answers it, and `handler` the rest. */
function renderCapacity(tasks: Parameters<typeof DayCapacity>[0]['tasks'], handler: Handler = () => undefined, workingMinutes = [0, 480, 480, 480, 480, 480, 0]) {
  const fetched = mockFetch((req) => (req.path === '/api/auth/user' ? json(200, makeUser({ workingMinutes })) : handler(req)));
  return { ...renderWithProviders(<DayCapacity date={DAY} tasks={tasks} />), ...fetched };
}

const urgent = makeTask({ id: uuid(1), title: 'Board pack', priority: 'urgent', estimatedTime: '4h', dueDate: DAY });
const low = makeTask({ id: uuid(2), title: 'Tidy the shared drive', priority: 'low', estimatedTime: '2h', dueDate: DAY });
const high = makeTask({ id: uuid(3), title: 'Draft the lease', priority: 'high', estimatedTime: '3h', dueDate: DAY });
const medium = makeTask({ id: uuid(4), title: 'Expense report', priority: 'medium', estimatedTime: '1.5h', dueDate: '2026-03-02' });
const done = makeTask({ id: uuid(5), title: 'Done already', priority: 'low', estimatedTime: '5h', dueDate: DAY, isCompleted: true });

describe('the day against the working hours', () => {
  it('shows what is planned of the day’s hours while it fits (completed tasks do not count)', async () => {
    renderCapacity([urgent, low, done]);
    expect(await screen.findByTestId('day-capacity')).toHaveTextContent('6 h planned of 8 h');
    expect(screen.queryByText(/Over capacity/)).not.toBeInTheDocument();
  });

  it('says nothing when the week has no working hours (capacity off)', async () => {
    const { requests } = renderCapacity([urgent, low, high], undefined, [0, 0, 0, 0, 0, 0, 0]);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/auth/user')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('day-capacity')).not.toBeInTheDocument();
  });

  it('warns when over capacity, proposes the lowest priorities to the next day with room, and moves them in one request', async () => {
    const handler: Handler = (req) => {
      // Thursday has 6 h planned already, Friday nothing.
      if (req.path === '/api/planning/capacity?from=2026-03-05&days=14') {
        const days = Array.from({ length: 14 }, (_, i) => {
          const date = new Date(Date.UTC(2026, 2, 5 + i)).toISOString().slice(0, 10);
          const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
          return { date, plannedMinutes: date === '2026-03-05' ? 360 : 0, availableMinutes: weekday === 0 || weekday === 6 ? 0 : 480 };
        });
        return json(200, { days });
      }
      if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ date: DAY, priorityTaskIds: [] }));
      if (req.path === '/api/planning/moves') return json(200, { moved: [low, medium], skipped: [] });
      return undefined;
    };
    // 10 h 30 min planned for 8 h.
    const { requests } = renderCapacity([urgent, high, low, medium], handler);
    expect(await screen.findByRole('status')).toHaveTextContent('Over capacity by 2 h 30 min');
    expect(screen.getByTestId('day-capacity')).toHaveTextContent('10 h 30 min planned of 8 h');

    fireEvent.click(screen.getByRole('button', { name: 'Suggest moves' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make the day fit' });
    const moves = await within(dialog).findAllByTestId('capacity-move');
    // Low first (2 h fits Thursday's 2 h of room), then medium, which no longer fits Thursday.
    expect(moves.map((row) => row.textContent)).toEqual([expect.stringContaining('Tidy the shared drive'), expect.stringContaining('Expense report')]);
    expect(within(moves[0]!).getByTestId('capacity-move-to')).toHaveTextContent('Thu, Mar 5');
    expect(within(moves[1]!).getByTestId('capacity-move-to')).toHaveTextContent('Fri, Mar 6');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 2 tasks' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/planning/moves')).toBe(true));
    expect(requests.find((r) => r.path === '/api/planning/moves')!.body).toEqual({
      moves: [
        { id: low.id, expectedDueDate: DAY, action: 'reschedule', dueDate: '2026-03-05' },
        { id: medium.id, expectedDueDate: '2026-03-02', action: 'reschedule', dueDate: '2026-03-06' },
      ],
    });
    expect(await screen.findByText('Moved 2 tasks')).toBeInTheDocument();
    expect(screen.getByText('Wednesday now fits your working hours.')).toBeInTheDocument();
  });

  it('keeps the day’s top 3 and says when a task has no room in the horizon', async () => {
    const handler: Handler = (req) => {
      if (req.path.startsWith('/api/planning/capacity')) {
        const days = Array.from({ length: 14 }, (_, i) => ({ date: new Date(Date.UTC(2026, 2, 5 + i)).toISOString().slice(0, 10), plannedMinutes: 0, availableMinutes: 240 }));
        return json(200, { days });
      }
      if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ date: DAY, priorityTasks: [low] }));
      return undefined;
    };
    const huge = makeTask({ id: uuid(6), title: 'Rewrite the handbook', priority: 'low', estimatedTime: '1d', dueDate: DAY });
    renderCapacity([urgent, low, huge], handler);
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest moves' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make the day fit' });
    expect(await within(dialog).findByTestId('capacity-stays')).toHaveTextContent('Rewrite the handbook');
    expect(within(dialog).queryAllByTestId('capacity-move')).toHaveLength(0);
    expect(within(dialog).getByText(/Your top 3 priorities stay/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move 0 tasks' })).toBeDisabled();
  });
});
