import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { LinkAccountForm } from './LinkAccountForm';

const pending = { provider: 'Authentik', email: 'dora@example.com', newAccount: true };

function setup() {
  const onSignedIn = jest.fn();
  const onSignIn = jest.fn();
  renderWithProviders(<LinkAccountForm onSignIn={onSignIn} onSignedIn={onSignedIn} />);
  return { onSignedIn, onSignIn };
}

describe('LinkAccountForm: the "link your account" step of a first single sign-on', () => {
  it('says why it asks, links with the password, and signs in', async () => {
    const { requests } = mockFetch((req) =>
      req.path === '/api/auth/oidc/link' ? (req.method === 'GET' ? json(200, pending) : json(200, makeUser({ id: uuid(1), username: 'dora' }))) : undefined,
    );
    const { onSignedIn } = setup();
    expect(await screen.findByText('You signed in with Authentik as dora@example.com. A Daybook account already uses this email address.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Username/), 'dora');
    await userEvent.type(screen.getByLabelText(/Password/), 'her password');
    await userEvent.click(screen.getByRole('button', { name: 'Link account' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requests.find((req) => req.method === 'POST')).toMatchObject({ path: '/api/auth/oidc/link', body: { username: 'dora', password: 'her password' } });
  });

  it('shows a wrong password as a refusal, not as a lost session', async () => {
    mockFetch((req) =>
      req.path === '/api/auth/oidc/link'
        ? req.method === 'GET'
          ? json(200, pending)
          : json(401, { error: { code: 'unauthorized', message: 'Invalid username or password' } })
        : undefined,
    );
    const { onSignedIn } = setup();
    await userEvent.type(await screen.findByLabelText(/Username/), 'dora');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Link account' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('creates a separate account instead', async () => {
    const { requests } = mockFetch((req) =>
      req.path === '/api/auth/oidc/link' ? json(200, pending) : req.path === '/api/auth/oidc/link/new-account' ? json(200, makeUser({ id: uuid(2) })) : undefined,
    );
    const { onSignedIn } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Create a separate account' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requests.map((req) => `${req.method} ${req.path}`)).toContain('POST /api/auth/oidc/link/new-account');
  });

  it('sends an expired step back to the sign-in', async () => {
    mockFetch((req) => (req.path === '/api/auth/oidc/link' ? json(400, { error: { code: 'link_expired', message: 'This sign-in has expired. Please sign in again.' } }) : undefined));
    const { onSignIn } = setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired');
    await userEvent.click(screen.getByRole('button', { name: 'Go to the sign-in' }));
    expect(onSignIn).toHaveBeenCalled();
  });
});
