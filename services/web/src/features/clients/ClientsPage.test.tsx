import { screen } from '@testing-library/react';
import { makeClient, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { ClientsPage } from './ClientsPage';

describe('clients page', () => {
  it('shows the other names a client goes by under its name, and nothing for a client without any', async () => {
    mockFetch((req) =>
      req.path === '/api/clients'
        ? json(200, [
            makeClient({ id: uuid(1), name: 'Robertson Retail', aliases: ["Bob's shop", 'RR'], sortOrder: 1 }),
            makeClient({ id: uuid(2), name: 'Harbor Dental', sortOrder: 2 }),
          ])
        : undefined,
    );
    renderWithProviders(<ClientsPage />, { route: '/clients' });
    expect(await screen.findByText('Robertson Retail')).toBeInTheDocument();
    expect(screen.getAllByTestId('client-aliases').map((line) => line.textContent)).toEqual(["Also called Bob's shop, RR"]);
  });
});

describe('unbilled totals (DECISIONS 31)', () => {
  it('shows each client’s unbilled amount and hours, linking to its billing report; nothing when all is billed', async () => {
    const summary = (clientId: string, unbilledSeconds: number, unbilledAmountMinor: number) => ({
      clientId,
      rateMinor: 8550,
      rateIsDefault: false,
      unbilledSeconds,
      unbilledHours: Math.round(unbilledSeconds / 36) / 100,
      unbilledAmountMinor,
      weekTrackedSeconds: 0,
      weekTrackedHours: 0,
    });
    mockFetch((req) => {
      if (req.path === '/api/clients') return json(200, [makeClient({ id: uuid(1), name: 'Acme', sortOrder: 1 }), makeClient({ id: uuid(2), name: 'Globex', sortOrder: 2 })]);
      if (req.path === '/api/billing/summary') {
        return json(200, { currency: 'USD', weekFrom: '2026-03-08', weekTo: '2026-03-14', clients: [summary(uuid(1), 7020, 16_673), summary(uuid(2), 0, 0)] });
      }
      return undefined;
    });
    renderWithProviders(<ClientsPage />, { route: '/clients' });
    const line = await screen.findByTestId('client-unbilled');
    expect(line).toHaveTextContent('Unbilled $166.73 · 1.95 h');
    expect(line).toHaveAttribute('href', `/billing?client=${uuid(1)}`);
    expect(screen.getAllByTestId('client-unbilled')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Billing report' })).toHaveAttribute('href', '/billing');
  });
});
