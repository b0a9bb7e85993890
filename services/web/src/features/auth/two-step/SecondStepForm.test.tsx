import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, uuid } from '../../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../../test/render';
import { LoginForm } from '../LoginForm';

const user = makeUser({ id: uuid(1), username: 'ann' });
const waiting = (methods: string[], enrol = false) => ({ secondFactor: { methods, enrol, expiresAt: '2026-12-07T14:10:00.000Z' } });

async function passwordStep() {
  const onSignedIn = jest.fn();
  renderWithProviders(<LoginForm onSignUp={jest.fn()} onSignedIn={onSignedIn} />);
  await userEvent.type(screen.getByLabelText(/Username/), 'ann');
  await userEvent.type(screen.getByLabelText(/Password/), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
  return { onSignedIn };
}

describe('the login form with two-step sign-in', () => {
  it('asks for the code after the password, checks its shape, and signs in with it', async () => {
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/login') return json(200, waiting(['totp', 'recovery']));
      if (req.path === '/api/login/second-factor') return json(200, user);
      return undefined;
    });
    const { onSignedIn } = await passwordStep();
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Authentication code'), '12 34');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/login/second-factor', body: { method: 'totp', code: '123456' } });
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
  });

  it('takes a recovery code instead, and shows the api\'s refusal without signing in', async () => {
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/login') return json(200, waiting(['totp', 'recovery']));
      if (req.path === '/api/login/second-factor') return json(401, { error: { code: 'unauthorized', message: 'Invalid recovery code' } });
      return undefined;
    });
    const { onSignedIn } = await passwordStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH-IJKL-MNOP');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid recovery code')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ body: { method: 'recovery', code: 'abcdefghijklmnop' } });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('where the admin requires a second factor and the user has none, offers to set one up', async () => {
    mockFetch((req) => (req.path === '/api/login' ? json(200, waiting([], true)) : undefined));
    await passwordStep();
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use an authenticator app' })).toBeInTheDocument();
  });

  it('goes back to the password form when the user cancels', async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/login' ? json(200, waiting(['totp'])) : req.path === '/api/logout' ? json(200, {}) : undefined));
    await passwordStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel and sign in again' }));
    expect(await screen.findByLabelText(/Password/)).toHaveValue('');
    await waitFor(() => expect(requests.some((req) => req.path === '/api/logout')).toBe(true));
  });
});
