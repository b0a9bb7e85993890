import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { BillingSettingsSection } from './BillingSettingsSection';

describe('billing settings', () => {
  it('shows the saved currency and default rate, and saves a new one in minor units', async () => {
    const saved = { currency: 'USD', defaultHourlyRateMinor: 10_000 };
    const { requests } = mockFetch((req) => {
      if (req.method === 'PUT') {
        Object.assign(saved, req.body);
        return json(200, saved);
      }
      return req.path === '/api/billing/settings' ? json(200, saved) : undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BillingSettingsSection />);
    const section = await screen.findByRole('region', { name: 'Billing' });
    expect(await screen.findByLabelText('Default hourly rate')).toHaveValue('100.00');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(section).toHaveTextContent('USD, US Dollar');

    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await user.clear(screen.getByLabelText('Default hourly rate'));
    await user.type(screen.getByLabelText('Default hourly rate'), '92,5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Billing settings saved')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ currency: 'EUR', defaultHourlyRateMinor: 9250 });
    await waitFor(() => expect(screen.getByLabelText('Default hourly rate')).toHaveValue('92.50'));
  });

  it('refuses a rate the currency cannot hold, and sends nothing', async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/billing/settings' ? json(200, { currency: 'JPY', defaultHourlyRateMinor: 12_000 }) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<BillingSettingsSection />);
    expect(await screen.findByLabelText('Default hourly rate')).toHaveValue('12000');
    await user.type(screen.getByLabelText('Default hourly rate'), '.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole amount like 85')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
});
