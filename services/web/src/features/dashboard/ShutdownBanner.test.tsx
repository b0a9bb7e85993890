import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeTask, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, taskView, withTaskView } from '../../test/render';
import { ShutdownBanner } from './ShutdownBanner';

/** Friday 2026-03-06, 18:30 in New York: weekend mode. This week is Mar 2–6; Monday is Mar 9, next week Mar 16. */
const FRIDAY_EVENING = new Date('2026-03-06T23:30:00Z');

const report = makeTask({ id: uuid(1), title: 'Quarterly report', priority: 'high', dueDate: '2026-03-06', estimatedTime: '3h' });
const invoices = makeTask({ id: uuid(2), title: 'Chase invoices', priority: 'medium', dueDate: '2026-03-04', estimatedTime: '1h' });
const drive = makeTask({ id: uuid(3), title: 'Tidy the shared drive', priority: 'low', dueDate: '2026-03-03' });

function renderBanner(unfinished: unknown) {
  const fetched = mockFetch((req) => {
    if (req.path === '/api/planning/unfinished?from=2026-03-02&to=2026-03-06') return json(200, unfinished);
    if (req.path === '/api/planning/capacity?from=2026-03-09&days=8') {
      const days = Array.from({ length: 8 }, (_, i) => ({ date: `2026-03-${String(9 + i).padStart(2, '0')}`, plannedMinutes: i === 0 ? 360 : 0, availableMinutes: i === 5 || i === 6 ? 0 : 480 }));
      return json(200, { days });
    }
    if (req.path === '/api/planning/moves') {
      const { moves } = req.body as { moves: { id: string }[] };
      // The drive task was finished on the phone meanwhile: the api left it alone.
      return json(200, { moved: [report, invoices].filter((task) => moves.some((move) => move.id === task.id)), skipped: [drive.id] });
    }
    return undefined;
  });
  renderWithProviders(withTaskView(<ShutdownBanner />, taskView({ now: FRIDAY_EVENING })));
  return fetched;
}

describe('the Friday shutdown', () => {
  it('invites to wrap up the week while tasks of this week are open', async () => {
    renderBanner({ tasks: [report, invoices, drive], hasMore: false });
    const banner = await screen.findByTestId('shutdown-banner');
    expect(banner).toHaveTextContent('3 tasks from this week are still open.');
    fireEvent.click(within(banner).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('shutdown-banner')).not.toBeInTheDocument();
  });

  it('shows nothing once the week is clear', async () => {
    const { requests } = renderBanner({ tasks: [], hasMore: false });
    await waitFor(() => expect(requests.some((r) => r.path.startsWith('/api/planning/unfinished'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('shutdown-banner')).not.toBeInTheDocument();
  });

  it('lists the week’s tasks with Monday chosen, applies every choice in one request, and reports what moved', async () => {
    const { requests } = renderBanner({ tasks: [report, invoices, drive], hasMore: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Friday shutdown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Friday shutdown' });
    expect(dialog).toHaveTextContent('Monday is Mar 9, next week starts Mar 16.');
    const rows = within(dialog).getAllByTestId('shutdown-task');
    expect(rows.map((row) => within(row).getByRole('button', { pressed: true }).textContent)).toEqual(['Monday', 'Monday', 'Monday']);
    // Monday has 6 h planned: the report (3 h) and the invoices (1 h) make it 10 h.
    expect(await within(dialog).findByText('Monday, Mar 9: 10 h planned of 8 h (over by 2 h)')).toBeInTheDocument();

    const choices = (title: string) => within(dialog).getByRole('group', { name: `Where “${title}” goes` });
    fireEvent.click(within(choices('Chase invoices')).getByRole('button', { name: 'Next week' }));
    fireEvent.click(within(choices('Tidy the shared drive')).getByRole('button', { name: 'Backlog' }));
    expect(within(dialog).getByText('Monday, Mar 9: 9 h planned of 8 h (over by 1 h)')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(requests.some((r) => r.path === '/api/planning/moves')).toBe(true));
    expect(requests.find((r) => r.path === '/api/planning/moves')!.body).toEqual({
      moves: [
        { id: report.id, expectedDueDate: '2026-03-06', action: 'reschedule', dueDate: '2026-03-09' },
        { id: invoices.id, expectedDueDate: '2026-03-04', action: 'reschedule', dueDate: '2026-03-16' },
        { id: drive.id, expectedDueDate: '2026-03-03', action: 'backlog' },
      ],
    });
    expect(await screen.findByText('Week wrapped up')).toBeInTheDocument();
    expect(screen.getByText('Moved 1 to Monday, 1 to next week. 1 task had changed on another device and stayed as it was.')).toBeInTheDocument();
  });
});
