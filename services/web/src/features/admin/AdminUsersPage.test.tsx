import { screen, waitFor } from '@testing-library/react';
import type { AdminUser } from '@daybook/shared';
import userEvent from '@testing-library/user-event';
import { makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { AdminUsersPage, createUserErrors, lastSignInLabel, signInMethodsLabel } from './AdminUsersPage';

const person = (n: number, role: 'user' | 'admin', username: string) => makeUser({ id: uuid(n), username, role });
const listed = (n: number, role: 'user' | 'admin', username: string, signIn: Pick<AdminUser, 'signInMethods' | 'lastSignInAt'>): AdminUser => ({ ...person(n, role, username), ...signIn });

describe('admin users', () => {
  it('the Add User messages of spec §5', () => {
    expect(createUserErrors({ username: 'ab', email: 'nope', firstName: ' ', lastName: '', role: 'user', password: '12345' })).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Invalid email address',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      password: 'Password must be at least 6 characters',
    });
    expect(createUserErrors({ username: 'sam', email: '', firstName: 'Sam', lastName: 'Lee', role: 'user', password: '123456' })).toEqual({});
  });

  it('a non-admin sees the not-found page and the list is never requested', async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/auth/user' ? json(200, person(1, 'user', 'sam')) : undefined));
    renderWithProviders(<AdminUsersPage />, { route: '/admin/users' });
    expect(await screen.findByText('404 - Page not found')).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/api/admin'))).toBe(false);
  });

  it('an admin sees the cards and deletes a user after the warning', async () => {
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/auth/user') return json(200, person(1, 'admin', 'boss'));
      if (req.path === '/api/admin/users' && req.method === 'GET') {
        return json(200, [
          listed(1, 'admin', 'boss', { signInMethods: ['password', 'oidc'], lastSignInAt: '2026-03-06T14:30:00.000Z' }),
          listed(2, 'user', 'kim', { signInMethods: ['oidc'], lastSignInAt: null }),
        ]);
      }
      if (req.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersPage />);
    expect(await screen.findAllByTestId('user-card')).toHaveLength(2);
    // How each signs in and when they last did, on the admin's clock (America/New_York).
    expect(screen.getAllByTestId('user-sign-in').map((line) => line.textContent)).toEqual([
      'Password and OIDC · Last sign-in Mar 6, 2026, 9:30 AM',
      'OIDC · Never signed in',
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText(/This cannot be undone\. All of the user's data/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path === `/api/admin/users/${uuid(2)}`)).toBe(true));
  });
});

describe('how users sign in', () => {
  it('names the methods', () => {
    expect([signInMethodsLabel(['password']), signInMethodsLabel(['oidc']), signInMethodsLabel(['password', 'oidc']), signInMethodsLabel([])]).toEqual([
      'Password',
      'OIDC',
      'Password and OIDC',
      'No sign-in method',
    ]);
  });

  it("dates the last sign-in in the admin's timezone", () => {
    expect(lastSignInLabel('2026-03-06T23:30:00.000Z', 'Asia/Tokyo')).toBe('Last sign-in Mar 7, 2026, 8:30 AM');
    expect(lastSignInLabel(null, 'Asia/Tokyo')).toBe('Never signed in');
  });
});
