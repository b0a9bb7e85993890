import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ClientOverview } from '@daybook/shared';
import { makeClient, makeTask, makeUser, taskPage, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { activityText, billingTerms, ClientPage } from './ClientPage';

const acme = makeClient({ id: uuid(1), name: 'Acme', color: '#3b82f6' });
const overview: ClientOverview = {
  clientId: acme.id,
  openTasks: 2,
  week: { firstDate: '2026-03-08', lastDate: '2026-03-14', estimatedMinutes: 210, trackedSeconds: 5400 },
  activity: [
    { kind: 'task-completed', at: '2026-03-11T14:00:00.000Z', taskId: uuid(20), title: 'Invoice', detail: null },
    { kind: 'comment', at: '2026-03-10T14:00:00.000Z', taskId: uuid(10), title: 'Quarterly report', detail: 'Numbers arrive Thursday' },
  ],
};

function serve(options: { delegation?: boolean } = {}) {
  return mockFetch((req) => {
    if (req.path === '/api/auth/user') return json(200, makeUser({ enableDelegation: options.delegation ?? false }));
    if (req.path === '/api/clients') return json(200, [acme]);
    if (req.path === `/api/clients/${acme.id}/overview`) return json(200, overview);
    if (req.path === `/api/billing/clients/${acme.id}/summary`)
      return json(200, { clientId: acme.id, rateMinor: 12000, rateIsDefault: false, unbilledSeconds: 5400, unbilledHours: 1.5, unbilledAmountMinor: 18000, weekTrackedSeconds: 5400, weekTrackedHours: 1.5, currency: 'USD', weekFrom: '2026-03-08', weekTo: '2026-03-14' });
    if (req.path.startsWith('/api/tasks/active?')) return json(200, taskPage([makeTask({ id: uuid(10), title: 'Quarterly report', clientId: acme.id }), makeTask({ id: uuid(11), title: 'Call back', clientId: acme.id })]));
    if (req.path.startsWith('/api/tasks/delegated?')) return json(200, taskPage([]));
    if (req.path === '/api/time-increments') return json(200, []);
    if (req.path === '/api/tasks' && req.method === 'POST') return json(201, makeTask({ id: uuid(12), title: 'Send the contract', clientId: acme.id }));
    if (req.path.startsWith('/api/notes/search?')) return json(200, { items: [{ listId: uuid(30), listTitle: 'Acme meetings', client: null, items: [{ itemId: uuid(31), itemContent: 'Kick-off on Monday', highlights: [], itemClient: null, createdAt: '2026-03-09T10:00:00.000Z' }] }], nextCursor: null });
    return undefined;
  });
}

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/clients/:id" element={<ClientPage />} />
    </Routes>,
    { route: path },
  );

describe('client page', () => {
  it("shows the client's figures, its open tasks, notes and recent activity, asking the api for that client's open tasks", async () => {
    const { requests } = serve();
    renderAt(`/clients/${acme.id}`);
    expect(await screen.findByRole('heading', { name: 'Acme', level: 1 })).toBeInTheDocument();
    const figures = screen.getByLabelText('Figures');
    expect(await within(figures).findByText('2')).toBeInTheDocument();
    expect(within(figures).getByText('1 h 30 min of 3 h 30 min')).toBeInTheDocument();
    expect(screen.getByTestId('client-terms')).toHaveTextContent('Billable at $120.00 an hour');
    expect(await within(figures).findByText('$180.00')).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'Billing report' })).toHaveAttribute('href', `/billing?client=${acme.id}`);
    const open = screen.getByRole('region', { name: 'Open tasks' });
    expect(await within(open).findByText('Quarterly report')).toBeInTheDocument();
    expect(within(open).getByText('Call back')).toBeInTheDocument();
    expect(await screen.findByText('Kick-off on Monday')).toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Recent activity' });
    expect(within(activity).getByText('Completed “Invoice”')).toBeInTheDocument();
    expect(within(activity).getByText('Comment on “Quarterly report”: Numbers arrive Thursday')).toBeInTheDocument();
    expect(requests.some((req) => req.path === `/api/tasks/active?clientId=${acme.id}&open=true`)).toBe(true);
    expect(requests.some((req) => req.path.startsWith('/api/tasks/delegated'))).toBe(false);
    expect(screen.queryByRole('region', { name: 'Delegated tasks' })).not.toBeInTheDocument();
  });

  it('shows the delegated tasks to a user with delegation on', async () => {
    serve({ delegation: true });
    renderAt(`/clients/${acme.id}`);
    const delegated = await screen.findByRole('region', { name: 'Delegated tasks' });
    expect(await within(delegated).findByText('Nothing delegated for Acme.')).toBeInTheDocument();
  });

  it('adds a task for the client: "New task" opens the task dialog with the client chosen', async () => {
    const { requests } = serve();
    renderAt(`/clients/${acme.id}`);
    const open = await screen.findByRole('region', { name: 'Open tasks' });
    await userEvent.click(within(open).getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Client' })).toHaveValue('Acme'));
    await userEvent.click(within(dialog).getByLabelText(/Task Title/));
    await userEvent.paste('Send the contract');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(requests.find((req) => req.method === 'POST' && req.path === '/api/tasks')?.body).toMatchObject({ title: 'Send the contract', clientId: acme.id });
  });

  it('says so when the client does not exist (or is not yours)', async () => {
    serve();
    renderAt(`/clients/${uuid(99)}`);
    expect(await screen.findByText('Client not found')).toBeInTheDocument();
  });

  it('puts each kind of event in words', () => {
    const at = '2026-03-11T14:00:00.000Z';
    expect(activityText({ kind: 'time', at, taskId: uuid(1), title: 'Report', detail: '5400' })).toBe('Tracked 1 h 30 min on “Report”');
    expect(activityText({ kind: 'time', at, taskId: null, title: '', detail: '600' })).toBe('Tracked 10 min');
    expect(activityText({ kind: 'task-created', at, taskId: uuid(1), title: 'Report', detail: null })).toBe('Added “Report”');
    expect(activityText({ kind: 'note', at, taskId: null, title: 'Meetings', detail: 'Agenda' })).toBe('Note in “Meetings”: Agenda');
    expect(activityText({ kind: 'contact-response', at, taskId: uuid(1), title: 'Report', detail: 'done' })).toBe('Contact answered on “Report”: done');
  });
});

describe('billingTerms', () => {
  const summary = { rateMinor: 9000, rateIsDefault: false, currency: 'EUR' };
  it('names the rate an hour, and says when it is the default one', () => {
    expect(billingTerms({ ...acme, billable: true }, summary)).toBe('Billable at €90.00 an hour');
    expect(billingTerms({ ...acme, billable: true }, { ...summary, rateIsDefault: true })).toBe('Billable at €90.00 an hour (your default rate)');
  });
  it('says not billable whatever the rate, and billable alone before the rate is known', () => {
    expect(billingTerms({ ...acme, billable: false }, summary)).toBe('Not billable');
    expect(billingTerms({ ...acme, billable: true }, undefined)).toBe('Billable');
  });
});
