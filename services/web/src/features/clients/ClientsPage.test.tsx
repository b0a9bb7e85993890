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
