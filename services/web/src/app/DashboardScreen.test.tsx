import { act, screen, within } from '@testing-library/react';
import { todayIn } from '@daybook/shared';
import { makeDailyPlan, makeTask, makeUser, uuid } from '../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../test/render';
import { DashboardScreen } from './DashboardScreen';

const TIME_ZONE = 'America/New_York';
const user = makeUser({ id: uuid(1), username: 'ann', firstName: 'Ann', timezone: TIME_ZONE });

describe('the dashboard’s first screen', () => {
  it('keeps one placeholder below the tabs until the banner, the top 3 and the list can appear together', async () => {
    const today = todayIn(new Date(), TIME_ZONE);
    const dueToday = makeTask({ id: uuid(10), title: 'Due today', dueDate: today });
    const overdue = makeTask({ id: uuid(11), title: 'Long overdue', dueDate: '2020-01-06' });
    // A priority need not be on the day's list: the plan brings its top 3.
    const undated = makeTask({ id: uuid(12), title: 'No date yet' });
    let answerPlan: () => void = () => undefined;
    const planAnswered = new Promise<void>((resolve) => (answerPlan = resolve));
    const { requests } = mockFetch(async (req) => {
      if (req.path === '/api/auth/user') return json(200, user);
      // The day's list (Monday's in weekend mode) includes overdue open tasks.
      if (req.path === '/api/tasks/today' || req.path === '/api/tasks/monday') return json(200, [dueToday, overdue]);
      if (req.path === '/api/daily-plan') {
        await planAnswered;
        return json(200, makeDailyPlan({ date: today, priorityTasks: [undated] }));
      }
      if (req.path === '/api/clients' || req.path === '/api/time-increments') return json(200, []);
      return undefined;
    });
    renderWithProviders(<DashboardScreen />);

    expect(await screen.findByRole('heading', { name: 'Create Task' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Today' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    // The day's list is in, the plan with its top 3 not yet: nothing of the lists shows.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: 'Tasks Due' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('overdue-banner')).not.toBeInTheDocument();

    answerPlan();
    expect(await screen.findByRole('heading', { name: 'Tasks Due' })).toBeInTheDocument();
    expect(within(screen.getByTestId('overdue-banner')).getByText('1 overdue task')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: "Today's Top 3 Priorities" })).toHaveTextContent('No date yet');
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
    // Bounded answers (DECISIONS 22): the first screen never reads every open task.
    expect(requests.some((r) => r.path.startsWith('/api/tasks/active'))).toBe(false);
  });
});
