import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingFigures, BillingPeriod, BillingReport } from '@daybook/shared';
import { makeClient, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { BillingPage } from './BillingPage';
import { reportArgs, selectionFrom, selectionParams } from './billingSelection';

const ACME = makeClient({ id: uuid(1), name: 'Acme', hourlyRateMinor: 8550, sortOrder: 1 });
const GLOBEX = makeClient({ id: uuid(2), name: 'Globex', sortOrder: 2 });

const figures = (tracked: number, billable: number, unbilled: number, rate = 8550): BillingFigures => ({
  trackedSeconds: tracked,
  billableSeconds: billable,
  unbilledSeconds: unbilled,
  trackedHours: Math.round(tracked / 36) / 100,
  billableHours: Math.round(billable / 36) / 100,
  unbilledHours: Math.round(unbilled / 36) / 100,
  billableAmountMinor: Math.round((billable * rate) / 3600),
  unbilledAmountMinor: Math.round((unbilled * rate) / 3600),
});

function acmeReport(unbilled: boolean): BillingReport {
  const u = (seconds: number) => (unbilled ? seconds : 0);
  return {
    clientId: ACME.id,
    from: '2026-03-01',
    to: '2026-03-31',
    currency: 'USD',
    totals: { ...figures(7620, 7020, u(7020)), billableAmountMinor: 16_673, unbilledAmountMinor: unbilled ? 16_673 : 0 },
    clients: [{ clientId: ACME.id, clientName: 'Acme', color: '#ff0000', rateMinor: 8550, rateIsDefault: false, ...figures(7620, 7020, u(7020)) }],
    tasks: [
      { clientId: ACME.id, clientName: 'Acme', taskId: uuid(10), taskTitle: 'Design', rateMinor: 8550, ...figures(6600, 6600, u(6600)) },
      { clientId: ACME.id, clientName: 'Acme', taskId: null, taskTitle: null, rateMinor: 8550, ...figures(1020, 420, u(420)), billableAmountMinor: 998, unbilledAmountMinor: unbilled ? 998 : 0 },
    ],
    days: [
      { date: '2026-03-02', ...figures(6600, 6600, u(6600)) },
      { date: '2026-03-09', ...figures(1020, 420, u(420)), billableAmountMinor: 998, unbilledAmountMinor: unbilled ? 998 : 0 },
    ],
    runningEntries: 1,
  };
}

const PERIOD: BillingPeriod = {
  id: uuid(20),
  clientId: ACME.id,
  clientName: 'Acme',
  from: '2026-03-01',
  to: '2026-03-31',
  billedAt: '2026-03-11T15:00:00.000Z',
  entryCount: 3,
  seconds: 7020,
  hours: 1.95,
  rateMinor: 8550,
  amountMinor: 16_673,
  currency: 'USD',
};

function serve() {
  let billed = false;
  const mock = mockFetch((req: RecordedRequest) => {
    if (req.path === '/api/auth/user') return json(200, makeUser());
    if (req.path === '/api/clients') return json(200, [ACME, GLOBEX]);
    if (req.path.startsWith('/api/billing/report?')) return json(200, acmeReport(!billed));
    if (req.path.startsWith('/api/billing/periods') && req.method === 'GET') return json(200, { items: billed ? [PERIOD] : [], nextCursor: null });
    if (req.path === '/api/billing/periods' && req.method === 'POST') {
      billed = true;
      return json(201, PERIOD);
    }
    if (req.method === 'DELETE') {
      billed = false;
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return mock;
}

describe('billing screen', () => {
  it('shows the totals, by task and by day, with totals rows, and links the CSV of the dates shown', async () => {
    const { requests } = serve();
    renderWithProviders(<BillingPage />, { route: `/billing?client=${ACME.id}` });
    expect(await screen.findByTestId('billing-range')).toHaveTextContent('Acme, Mar 1 – Mar 31, 2026');
    expect(requests.find((r) => r.path.startsWith('/api/billing/report'))?.path).toBe(`/api/billing/report?clientId=${ACME.id}&period=this-month`);
    expect(screen.getByTestId('billing-tracked-hours')).toHaveTextContent('2.12 h');
    expect(screen.getByTestId('billing-unbilled-hours')).toHaveTextContent('1.95 h');
    expect(screen.getByTestId('billing-unbilled-amount')).toHaveTextContent('$166.73');
    expect(screen.getByText('A timer is running in this period: its time counts once it stops.')).toBeInTheDocument();

    const byTask = screen.getByRole('table', { name: 'By task' });
    const taskRows = within(byTask).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(taskRows).toEqual([
      ['Design', '1.83 h', '1.83 h', '$156.75', '1.83 h', '$156.75'],
      ['No task', '0.28 h', '0.12 h', '$9.98', '0.12 h', '$9.98'],
      ['Total', '2.12 h', '1.95 h', '$166.73', '1.95 h', '$166.73'],
    ]);
    const byDay = screen.getByRole('table', { name: 'By day' });
    expect(within(byDay).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Mar 2, 2026', 'Mar 9, 2026', 'Total']);

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('download');
    expect(csv).toHaveAttribute('href', `/api/billing/report.csv?clientId=${ACME.id}&period=custom&from=2026-03-01&to=2026-03-31`);
  });

  it('marks the time billed after confirming, then offers to undo it', async () => {
    const { requests } = serve();
    const user = userEvent.setup();
    renderWithProviders(<BillingPage />, { route: `/billing?client=${ACME.id}` });
    await user.click(await screen.findByRole('button', { name: 'Mark as billed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as billed?' });
    expect(dialog).toHaveTextContent('Acme’s unbilled time from Mar 1 – Mar 31, 2026, 1.95 h for $166.73, will be recorded as billed.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as billed' }));
    expect(await screen.findByText('Marked as billed')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ clientId: ACME.id, from: '2026-03-01', to: '2026-03-31' });
    await waitFor(() => expect(screen.getByTestId('billing-unbilled-amount')).toHaveTextContent('$0.00'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Mark as billed' })).toBeDisabled();

    const period = await screen.findByTestId('billed-period');
    expect(period).toHaveTextContent('Acme, Mar 1 – Mar 31, 2026');
    expect(period).toHaveTextContent('1.95 h · $166.73 · billed Mar 11, 2026');
    await user.click(within(period).getByRole('button', { name: /Undo billing of Acme/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Undo billing?' })).getByRole('button', { name: 'Undo billing' }));
    expect(await screen.findByText('Billing undone')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(`/api/billing/periods/${PERIOD.id}`);
  });

  it('has no "Mark as billed" for all clients, and asks for a client', async () => {
    serve();
    renderWithProviders(<BillingPage />, { route: '/billing' });
    expect(await screen.findByText('Choose a client to mark its time as billed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as billed' })).not.toBeInTheDocument();
    // Each task names its client; the totals row has no client, so its empty cell names no column
    // (a phone shows no empty "Client" line under the totals).
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    expect(cells(screen.getAllByTestId('billing-by-task-row')[0]!)[1]).toHaveAttribute('data-label', 'Client');
    expect(cells(screen.getByTestId('billing-by-task-total')).filter((cell) => cell.getAttribute('data-label') === 'Client')).toEqual([]);
  });

  it('takes custom dates, starting from the dates shown, and refuses dates out of order without asking the api', async () => {
    const { requests } = serve();
    const user = userEvent.setup();
    renderWithProviders(<BillingPage />, { route: `/billing?client=${ACME.id}` });
    await screen.findByTestId('billing-range');
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-31');
    await waitFor(() => expect(requests.some((r) => r.path.includes('period=custom&from=2026-03-01&to=2026-03-31'))).toBe(true));
    const reads = requests.length;
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-02-01');
    expect(screen.getByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(requests.slice(reads).some((r) => r.path.includes('to=2026-02-01'))).toBe(false);
  });
});

describe('billing selection in the address', () => {
  it('reads and writes the client, the period and custom dates; falls back to this month', () => {
    const selection = selectionFrom(new URLSearchParams(`client=${ACME.id}&period=custom&from=2026-03-01&to=2026-03-15`));
    expect(selection).toEqual({ clientId: ACME.id, period: 'custom', from: '2026-03-01', to: '2026-03-15' });
    expect(selectionParams(selection).toString()).toBe(`client=${ACME.id}&period=custom&from=2026-03-01&to=2026-03-15`);
    expect(selectionFrom(new URLSearchParams('period=fortnight'))).toEqual({ clientId: '', period: 'this-month', from: '', to: '' });
    expect(selectionParams({ clientId: '', period: 'last-week', from: '2026-03-01', to: '' }).toString()).toBe('period=last-week');
    expect(reportArgs({ clientId: '', period: 'last-month', from: '', to: '' })).toEqual({ args: { period: 'last-month' } });
    expect(reportArgs({ clientId: '', period: 'custom', from: '2026-03-01', to: '' })).toEqual({ error: 'Choose the end date' });
  });
});
