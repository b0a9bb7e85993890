import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIMEZONES } from '@daybook/shared';
import { makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { ProfileSection } from './ProfileSection';

const openTimezones = async () => {
  await userEvent.click(screen.getByRole('combobox', { name: 'Timezone' }));
  return screen.getAllByRole('option').map((option) => option.getAttribute('data-value'));
};

describe('ProfileSection, timezone', () => {
  it("offers the spec's options, with the user's own zone first when it is another one", async () => {
    mockFetch(() => undefined);
    renderWithProviders(<ProfileSection user={makeUser({ id: uuid(1), timezone: 'Europe/Madrid' })} />);
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('Europe/Madrid');
    expect(await openTimezones()).toEqual(['Europe/Madrid', ...TIMEZONES]);
  });

  it('offers exactly the options when the zone is one of them, and saves a choice', async () => {
    const user = makeUser({ id: uuid(1), timezone: 'Europe/Paris' });
    const { requests } = mockFetch((req) => (req.path === '/api/auth/user/timezone' ? json(200, { ...user, timezone: 'Asia/Tokyo' }) : undefined));
    renderWithProviders(<ProfileSection user={user} />);
    expect(await openTimezones()).toEqual([...TIMEZONES]);
    await userEvent.click(screen.getByRole('option', { name: 'Asia/Tokyo' }));
    await waitFor(() => expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([['PATCH', '/api/auth/user/timezone', { timezone: 'Asia/Tokyo' }]]));
  });
});

describe('ProfileSection, email address', () => {
  it('says whether the address is confirmed, and sends a confirmation mail when the server mails', async () => {
    const { requests } = mockFetch((req) =>
      req.path === '/api/auth/config'
        ? json(200, { passwordLogin: 'on', registration: true, oidc: null, emailConfirmation: true })
        : req.path === '/api/auth/user/email/confirmation'
          ? json(202, { message: 'sent' })
          : undefined,
    );
    renderWithProviders(<ProfileSection user={makeUser({ id: uuid(1), email: 'sam@example.com', emailVerified: false })} />);
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(screen.getByText('Not confirmed')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Send confirmation mail' }));
    expect(await screen.findByText('Confirmation mail sent')).toBeInTheDocument();
    expect(requests.filter((req) => req.method === 'POST').map((req) => req.path)).toEqual(['/api/auth/user/email/confirmation']);
  });

  it('offers no mail for a confirmed address, nor when the server does not mail', async () => {
    mockFetch((req) => (req.path === '/api/auth/config' ? json(200, { passwordLogin: 'on', registration: true, oidc: null, emailConfirmation: false }) : undefined));
    renderWithProviders(<ProfileSection user={makeUser({ id: uuid(1), email: 'sam@example.com', emailVerified: true })} />);
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    renderWithProviders(<ProfileSection user={makeUser({ id: uuid(2), email: 'kim@example.com', emailVerified: false })} />);
    await waitFor(() => expect(screen.getByText('Not confirmed')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Send confirmation mail' })).not.toBeInTheDocument();
  });
});
