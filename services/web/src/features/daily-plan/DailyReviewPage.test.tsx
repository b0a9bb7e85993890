import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { intersectionObserver } from '../../test/intersectionObserver';
import { makeClient, makeDailyPlan, makeTask, taskPage, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { DailyReviewPage } from './DailyReviewPage';
import { PrioritiesDialog } from './PrioritiesDialog';

const tasks = [
  makeTask({ id: uuid(1), title: 'Write report', priority: 'high' }),
  makeTask({ id: uuid(2), title: 'Call Acme', priority: 'urgent' }),
  makeTask({ id: uuid(3), title: 'Pay invoice' }),
  makeTask({ id: uuid(4), title: 'Book flights', priority: 'low' }),
  makeTask({ id: uuid(5), title: 'Done already', isCompleted: true }),
];

/** The plan's tasks, read by id. */
const taskById = (req: RecordedRequest) => {
  const task = tasks.find((t) => req.path === `/api/tasks/${t.id}`);
  return task && json(200, task);
};

describe('daily review screen', () => {
  it('pre-fills from today’s plan, numbers by selection order, caps at 3 and saves the order', async () => {
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/tasks/active') return json(200, taskPage(tasks));
      if (req.method === 'GET' && taskById(req)) return taskById(req);
      if (req.path === '/api/daily-plan' && req.method === 'GET') return json(200, makeDailyPlan({ priorityTaskIds: [uuid(3), uuid(5)] }));
      if (req.path === '/api/daily-plan' && req.method === 'PUT') return json(200, makeDailyPlan(req.body as object));
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<DailyReviewPage />, { route: '/daily-review' });

    expect(await screen.findByText('1/3 priorities selected')).toBeInTheDocument();
    expect(screen.queryByText('Done already')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pay invoice' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Call Acme' }));
    await user.click(screen.getByRole('checkbox', { name: 'Write report' }));
    expect(screen.getByText('3/3 priorities selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Book flights' }));
    expect(screen.getByRole('checkbox', { name: 'Book flights' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Pay invoice' }));
    expect(screen.getByText('2/3 priorities selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Book flights' }));
    expect(screen.getByRole('checkbox', { name: 'Book flights' })).toHaveTextContent('3');

    await user.click(screen.getByRole('button', { name: 'Save Priorities' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ priorityTaskIds: [uuid(2), uuid(1), uuid(4)] });
    expect(await screen.findByText('Priorities saved!')).toBeInTheDocument();
  });

  it('says so when saving fails', async () => {
    mockFetch((req) => {
      if (req.path === '/api/tasks/active') return json(200, taskPage(tasks));
      if (req.path === '/api/clients') return json(200, []);
      if (req.method === 'GET') return json(200, makeDailyPlan());
      return json(500, { error: { code: 'internal_error', message: 'x' } });
    });
    const user = userEvent.setup();
    renderWithProviders(<DailyReviewPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Call Acme' }));
    await user.click(screen.getByRole('button', { name: 'Save Priorities' }));
    expect(await screen.findByText('Error saving priorities')).toBeInTheDocument();
    expect(screen.getByText('Failed to save your daily priorities. Please try again.')).toBeInTheDocument();
  });

  it('each row shows priority, due date (overdue in red), client chip and estimate; a picked row is marked, none looks disabled', async () => {
    const acme = makeClient({ id: uuid(50), name: 'Acme', color: '#16a34a' });
    const rows = [
      makeTask({ id: uuid(11), title: 'Send the invoice', priority: 'high', dueDate: '2020-01-02', dueTime: '09:30', clientId: acme.id, estimatedTime: '30min' }),
      makeTask({ id: uuid(12), title: 'Plan the trip', priority: 'low', dueDate: '2999-03-05', estimatedTime: '2h' }),
      makeTask({ id: uuid(13), title: 'No details' }),
      makeTask({ id: uuid(14), title: 'Fourth' }),
    ];
    mockFetch((req) => {
      if (req.path === '/api/tasks/active') return json(200, taskPage(rows));
      if (req.path === '/api/clients') return json(200, [acme]);
      if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ priorityTaskIds: [] }));
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<DailyReviewPage />, { route: '/daily-review' });

    const invoice = await screen.findByRole('checkbox', { name: 'Send the invoice' });
    expect(within(invoice).getByText('High Priority')).toBeInTheDocument();
    expect(within(invoice).getByTestId('review-due')).toHaveTextContent('Jan 2, 2020, 9:30 AM (overdue)');
    expect(await within(invoice).findByTestId('client-chip')).toHaveTextContent('Acme');
    expect(within(invoice).getByTestId('client-chip').tagName).not.toBe('A'); // the row is the control
    expect(within(invoice).getByTestId('review-estimate')).toHaveTextContent('Est. 30 min');
    const trip = screen.getByRole('checkbox', { name: 'Plan the trip' });
    expect(within(trip).getByTestId('review-due')).toHaveTextContent('Mar 5, 2999');
    expect(within(trip).getByTestId('review-estimate')).toHaveTextContent('Est. 2 h');
    expect(within(screen.getByRole('checkbox', { name: 'No details' })).queryByTestId('review-due')).not.toBeInTheDocument();

    for (const title of ['Send the invoice', 'Plan the trip', 'No details']) await user.click(screen.getByRole('checkbox', { name: title }));
    const rankOf = (title: string) => within(screen.getByRole('checkbox', { name: title })).getByTestId('priority-number').textContent;
    expect(['Send the invoice', 'Plan the trip', 'No details'].map(rankOf)).toEqual(['1', '2', '3']);
    expect(screen.getAllByTestId('review-row').filter((row) => row.dataset.picked === 'true')).toHaveLength(3);
    // The 4th is ignored with a word why; it keeps its look (no fading as if disabled).
    const fourth = screen.getByRole('checkbox', { name: 'Fourth' });
    await user.click(fourth);
    expect(fourth).not.toBeChecked();
    expect(screen.getByTestId('selection-hint')).toHaveTextContent('Unpick one of your 3 to choose another.');
    for (const row of screen.getAllByTestId('review-row')) expect(getComputedStyle(row).opacity).not.toBe('0.6');
    await user.click(screen.getByRole('checkbox', { name: 'Plan the trip' }));
    expect(screen.getByTestId('selection-hint')).toHaveTextContent('');
    expect(screen.getByText('2/3 priorities selected')).toBeInTheDocument();
  });

  it('empty: Go to Dashboard', async () => {
    mockFetch((req) => (req.path === '/api/tasks/active' ? json(200, taskPage([])) : req.path === '/api/clients' ? json(200, []) : json(200, makeDailyPlan())));
    renderWithProviders(<DailyReviewPage />);
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('daily review screen with many open tasks (DECISIONS 22)', () => {
  beforeEach(() => intersectionObserver.install());
  afterEach(() => intersectionObserver.uninstall());

  it('shows the first page and the plan’s own tasks pre-filled, and the next page as the user scrolls', async () => {
    const planned = makeTask({ id: uuid(9), title: 'Planned, not on page one' });
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/tasks/active') return json(200, taskPage(tasks.slice(0, 2), 'c2'));
      if (req.path === '/api/tasks/active?cursor=c2') return json(200, taskPage(tasks.slice(2)));
      if (req.path === `/api/tasks/${planned.id}`) return json(200, planned);
      if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ priorityTasks: [planned] }));
      return undefined;
    });
    renderWithProviders(<DailyReviewPage />, { route: '/daily-review' });
    expect(await screen.findByRole('checkbox', { name: 'Planned, not on page one' })).toBeChecked();
    expect(screen.getByText('1/3 priorities selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Call Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Pay invoice' })).not.toBeInTheDocument();

    await waitFor(() => expect(intersectionObserver.scrollIntoView(screen.getByTestId('load-more'))).toBe(1));
    expect(await screen.findByRole('checkbox', { name: 'Pay invoice' })).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain('/api/tasks/active?cursor=c2');
    expect(screen.getByRole('checkbox', { name: 'Planned, not on page one' })).toBeChecked();
  });
});

describe('Set Your Daily Priorities dialog', () => {
  it('numbers the top 3 of today’s open tasks in the default order and saves the whole order', async () => {
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/tasks/today') return json(200, tasks);
      if (req.path === '/api/tasks/reorder/today') return json(200, makeDailyPlan());
      return undefined;
    });
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<PrioritiesDialog open onClose={onClose} />);
    const rows = await screen.findAllByTestId('priority-order-row');
    expect(rows.map((row) => row.textContent)).toEqual(['1Call AcmeUrgent', '2Write reportHigh Priority', '3Pay invoiceMedium Priority', 'Book flightsLow Priority']);
    await user.click(screen.getByRole('button', { name: 'Save Priority Order' }));
    expect(await screen.findByText('Tasks prioritized')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/tasks/reorder/today')?.body).toEqual({ taskIds: [uuid(2), uuid(1), uuid(3), uuid(4)] });
    expect(onClose).toHaveBeenCalled();
  });

  it('No tasks for today!', async () => {
    mockFetch(() => json(200, []));
    renderWithProviders(<PrioritiesDialog open onClose={jest.fn()} />);
    expect(await screen.findByText('No tasks for today!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Dashboard' })).toBeInTheDocument();
  });
});
