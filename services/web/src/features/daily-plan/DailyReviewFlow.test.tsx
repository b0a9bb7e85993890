import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeDailyPlan, makeTask, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { DailyReviewBanner, DailyReviewFlow } from './DailyReviewFlow';

// Wednesday 2026-03-04, 10:00 in New York.
const NOW = new Date('2026-03-04T15:00:00Z');
const user = { timezone: 'America/New_York' as const };

/** The day's list holds every overdue open task (the api's /today), so the banner reads it, not every open task. */
function api(tasks: ReturnType<typeof makeTask>[], reviewed: boolean) {
  return mockFetch((req) => {
    if (req.path === '/api/tasks/today') return json(200, tasks);
    if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ reviewed }));
    if (req.path === '/api/daily-plan/reviewed') return json(200, makeDailyPlan());
    if (req.method === 'PATCH') return json(200, tasks[0]);
    return undefined;
  });
}

const overdue = [
  makeTask({ id: uuid(1), title: 'Old one', dueDate: '2026-03-03' }),
  makeTask({ id: uuid(2), title: 'Older', dueDate: '2026-02-28' }),
  makeTask({ id: uuid(3), title: 'Oldest', dueDate: '2026-02-20' }),
  makeTask({ id: uuid(4), title: 'Very old', dueDate: '2026-02-01' }),
  makeTask({ id: uuid(5), title: 'Not yet', dueDate: '2026-03-05' }),
];

describe('overdue banner', () => {
  it('shows the count, the first 3 with their days and +N more', async () => {
    const { requests } = api(overdue, true);
    renderWithProviders(<DailyReviewFlow user={user} now={NOW} />);
    const banner = await screen.findByTestId('overdue-banner');
    expect(requests.some((r) => r.path.startsWith('/api/tasks/active'))).toBe(false);
    expect(within(banner).getByText('4 overdue tasks')).toBeInTheDocument();
    expect(within(banner).getByText('31 days overdue')).toBeInTheDocument();
    expect(within(banner).getByText('4 days overdue')).toBeInTheDocument();
    expect(within(banner).queryByText('Old one')).not.toBeInTheDocument();
    expect(within(banner).getByText('+1 more overdue task')).toBeInTheDocument();
  });

  it("says since when for today's task whose time has passed, and '+2 more overdue tasks'", async () => {
    const lateToday = makeTask({ id: uuid(6), title: 'Call at nine', dueDate: '2026-03-04', dueTime: '09:00' });
    api([...overdue, lateToday], true);
    renderWithProviders(<DailyReviewFlow user={user} now={NOW} />);
    const banner = await screen.findByTestId('overdue-banner');
    expect(within(banner).getByText('5 overdue tasks')).toBeInTheDocument();
    expect(within(banner).getByText('+2 more overdue tasks')).toBeInTheDocument();
    expect(banner).not.toHaveTextContent('0 days overdue');
  });

  it('one overdue task: singular, no "+N more"', async () => {
    api([overdue[0]!], true);
    renderWithProviders(<DailyReviewFlow user={user} now={NOW} />);
    const banner = await screen.findByTestId('overdue-banner');
    expect(within(banner).getByText('1 overdue task')).toBeInTheDocument();
    expect(within(banner).getByText('1 day overdue')).toBeInTheDocument();
    expect(banner).not.toHaveTextContent('more');
  });

  it('shows where the screen places it, and not at all when the screen places none (another tab)', async () => {
    api(overdue, true);
    const { rerender } = renderWithProviders(
      <DailyReviewFlow user={user} now={NOW}>
        <section aria-label="Overview">
          <DailyReviewBanner />
        </section>
      </DailyReviewFlow>,
    );
    const overview = screen.getByRole('region', { name: 'Overview' });
    await waitFor(() => expect(within(overview).getByTestId('overdue-banner')).toBeInTheDocument());
    rerender(
      <DailyReviewFlow user={user} now={NOW}>
        <p>Active tasks</p>
      </DailyReviewFlow>,
    );
    expect(screen.queryByTestId('overdue-banner')).not.toBeInTheDocument();
  });

  it('is nothing outside a review flow', () => {
    renderWithProviders(<DailyReviewBanner />);
    expect(screen.queryByTestId('overdue-banner')).not.toBeInTheDocument();
  });
});

describe('daily review prompt', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'], now: NOW }));
  afterEach(() => jest.useRealTimers());

  /** Today not yet reviewed with `tasks` in the day list: the review opens 1 s after loading; its only row. */
  async function reviewOf(tasks: ReturnType<typeof makeTask>[]) {
    const { requests } = api(tasks, false);
    const u = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithProviders(<DailyReviewFlow user={user} now={NOW} />);
    await screen.findByTestId('overdue-banner');
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    return { requests, u, row: await screen.findByTestId('overdue-task') };
  }

  it('opens the Overdue Tasks Review 1 s after loading; moving to tomorrow PATCHes the due date; skipping records today', async () => {
    const { requests } = api(overdue.slice(0, 1), false);
    const u = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithProviders(<DailyReviewFlow user={user} now={NOW} />);
    await screen.findByTestId('overdue-banner');
    expect(screen.queryByText('Overdue Tasks Review')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(await screen.findByText('Overdue Tasks Review')).toBeInTheDocument();
    expect(screen.getByTestId('overdue-task')).toHaveTextContent('1 day overdue');
    await u.click(screen.getByRole('button', { name: 'Move to Tomorrow' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ dueDate: '2026-03-05' }));
    expect(await screen.findByText('Task updated')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/daily-plan/reviewed')).toBe(true));
  });

  it("offers today's late task a later time, not 'Move to Today'", async () => {
    const { requests, u, row } = await reviewOf([makeTask({ id: uuid(6), title: 'Call at nine', dueDate: '2026-03-04', dueTime: '09:00' })]);
    expect(row).toHaveTextContent('Overdue since 9:00 AM');
    expect(within(row).queryByRole('button', { name: 'Move to Today' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Move to Tomorrow' })).toBeInTheDocument();
    await u.click(within(row).getByRole('button', { name: 'Change Time' }));
    fireEvent.change(await within(row).findByLabelText('New due time today'), { target: { value: '16:30' } });
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ dueTime: '16:30' }));
  });

  it("moves a task to today without a time that has already passed (it would still be late)", async () => {
    const { requests, u, row } = await reviewOf([makeTask({ id: uuid(7), title: 'Yesterday at eight', dueDate: '2026-03-03', dueTime: '08:00' })]);
    expect(row).toHaveTextContent('1 day overdue');
    await u.click(within(row).getByRole('button', { name: 'Move to Today' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ dueDate: '2026-03-04', dueTime: null }));
  });

  it('records today without opening anything when nothing is overdue', async () => {
    const { requests } = api([overdue[4]!], false);
    renderWithProviders(<DailyReviewFlow user={user} now={NOW} />);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/daily-plan/reviewed' && r.method === 'POST')).toBe(true), { timeout: 3000 });
    expect(screen.queryByText('Overdue Tasks Review')).not.toBeInTheDocument();
  });

  it('does nothing once today is reviewed', async () => {
    const { requests } = api(overdue, true);
    renderWithProviders(<DailyReviewFlow user={user} now={NOW} />);
    await screen.findByTestId('overdue-banner');
    await act(async () => {
      jest.advanceTimersByTime(1500);
    });
    expect(screen.queryByText('Overdue Tasks Review')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/daily-plan/reviewed')).toBe(false);
  });
});
