import type { ComponentProps } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { LoginForm } from './LoginForm';

const user = makeUser({ id: uuid(1), username: 'ann' });

function setup(props: Partial<ComponentProps<typeof LoginForm>> = {}) {
  const onSignedIn = jest.fn();
  const onSignUp = jest.fn();
  renderWithProviders(<LoginForm onSignUp={onSignUp} onSignedIn={onSignedIn} {...props} />);
  return { onSignedIn, onSignUp };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Log In' }));

describe('LoginForm', () => {
  it('starts empty and asks for both fields with the spec messages', async () => {
    const { requests } = mockFetch(() => undefined);
    setup();
    expect(screen.getByLabelText(/Username/)).toHaveValue('');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    await submit();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('signs in: toast "Login Successful" / "Welcome back!"', async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/login' ? json(200, user) : undefined));
    const { onSignedIn } = setup();
    await userEvent.type(screen.getByLabelText(/Username/), 'ann');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret1');
    await submit();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/login', body: { username: 'ann', password: 'secret1' } });
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
  });

  it.each([
    ['the server message', json(401, { error: { code: 'unauthorized', message: 'Invalid username or password' } }), 'Invalid username or password'],
    [
      "the throttle's message",
      json(429, { error: { code: 'too_many_requests', message: 'Too many failed login attempts. Try again in 15 minutes.' } }),
      'Too many failed login attempts. Try again in 15 minutes.',
    ],
    ['"Login failed" when the body has none', json(500, { oops: true }), 'Login failed'],
    ['"Invalid credentials" when the body cannot be read', new Response('<html>bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }), 'Invalid credentials'],
  ])('shows "Login Failed" with %s', async (_case, response, message) => {
    mockFetch(() => response.clone());
    const { onSignedIn } = setup();
    await userEvent.type(screen.getByLabelText(/Username/), 'ann');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await submit();
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('links to the sign-up form', async () => {
    mockFetch(() => undefined);
    const { onSignUp } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(onSignUp).toHaveBeenCalled();
  });
});

describe('LoginForm with single sign-on (DECISIONS 30)', () => {
  const oidc = { label: 'Authentik' };

  it('offers "Sign in with <label>" beside the form, as a link to the start of the sign-in', () => {
    mockFetch(() => undefined);
    setup({ config: { passwordLogin: 'on', registration: true, oidc, emailConfirmation: false } });
    const button = screen.getByRole('link', { name: 'Sign in with Authentik' });
    expect(button.getAttribute('href')).toMatch(/^\/api\/auth\/oidc\/start\?timezone=/);
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
  });

  it('shows only the button without password login, and no Sign up where registration is closed', () => {
    mockFetch(() => undefined);
    setup({ config: { passwordLogin: 'off', registration: false, oidc, emailConfirmation: false } });
    expect(screen.getByRole('link', { name: 'Sign in with Authentik' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it("keeps the administrator's password sign-in behind a link", async () => {
    mockFetch(() => undefined);
    setup({ config: { passwordLogin: 'admin', registration: false, oidc, emailConfirmation: false } });
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Administrator sign-in with a password' }));
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
  });

  it('says why the last single sign-on failed', () => {
    mockFetch(() => undefined);
    setup({ config: { passwordLogin: 'on', registration: true, oidc, emailConfirmation: false }, signInError: 'registration_closed' });
    expect(screen.getByRole('alert')).toHaveTextContent('There is no Daybook account for you yet');
  });
});
