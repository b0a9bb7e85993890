import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { CalendarPage } from './CalendarPage';

const ME = makeUser({ timezone: 'Asia/Tokyo' });

describe('calendar', () => {
  beforeEach(() => {
    // Tuesday 2026-03-03 20:00 UTC is already Wednesday 2026-03-04 05:00 in Tokyo.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'], now: new Date('2026-03-03T20:00:00Z') });
  });
  afterEach(() => jest.useRealTimers());

  it('shows the week of the user’s zone, its tasks on their day, and moves by 7 days', async () => {
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/auth/user') return json(200, ME);
      if (req.path === '/api/clients') return json(200, []);
      if (req.path.startsWith('/api/tasks/calendar')) {
        return json(200, req.path.includes('2026-02-28T15') ? [makeTask({ id: uuid(1), title: 'Ship it', dueDate: '2026-03-04', status: 'in_progress', estimatedTime: '2h', description: 'The release' })] : []);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    expect(await screen.findByTestId('calendar-range')).toHaveTextContent('Mar 1 - Mar 7, 2026');
    // Sunday 1 March 00:00 in Tokyo is 28 February 15:00 UTC.
    expect(requests.find((r) => r.path.startsWith('/api/tasks/calendar'))?.path).toBe('/api/tasks/calendar?start=2026-02-28T15%3A00%3A00.000Z&end=2026-03-07T15%3A00%3A00.000Z');
    const days = await screen.findAllByTestId('calendar-day');
    expect(days).toHaveLength(7);
    const wednesday = days[3]!;
    expect(wednesday).toHaveAttribute('data-today', 'true');
    expect(await within(wednesday).findByText('Ship it')).toBeInTheDocument();
    expect(within(wednesday).getByText('1 task')).toBeInTheDocument();
    expect(within(wednesday).getByText('in progress')).toBeInTheDocument();
    expect(within(wednesday).getByText('2h')).toBeInTheDocument();
    expect(within(days[0]!).getByText('No tasks scheduled')).toBeInTheDocument();
    expect(within(days[0]!).getByText('0 tasks')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Mar 8 - Mar 14, 2026');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Feb 22 - Feb 28, 2026');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Mar 1 - Mar 7, 2026');
  });
});
