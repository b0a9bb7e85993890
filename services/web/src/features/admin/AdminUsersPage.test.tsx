import { screen, waitFor } from '@testing-library/react';
import type { AdminUser } from '@daybook/shared';
import userEvent from '@testing-library/user-event';
import { makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { AdminUsersPage, createUserErrors, lastSignInLabel, matchesUserSearch, signInMethodsLabel } from './AdminUsersPage';

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

describe('changing a role', () => {
  it('an admin makes a user admin; the last admin’s refusal is shown as the api says it', async () => {
    let kim = listed(2, 'user', 'kim', { signInMethods: ['password'], lastSignInAt: null });
    const boss = listed(1, 'admin', 'boss', { signInMethods: ['password'], lastSignInAt: null });
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/auth/user') return json(200, person(1, 'admin', 'boss'));
      if (req.path === '/api/admin/users' && req.method === 'GET') return json(200, [boss, kim]);
      if (req.path === `/api/admin/users/${uuid(2)}/role`) {
        kim = { ...kim, role: (req.body as { role: 'user' | 'admin' }).role };
        return json(200, kim);
      }
      if (req.path === `/api/admin/users/${uuid(1)}/role`) {
        return json(400, { error: { code: 'last_admin', message: 'The last admin cannot be made a user: make another account admin first' } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersPage />);
    const kimRole = await screen.findByRole('combobox', { name: 'Role of kim' });
    expect(kimRole).toHaveTextContent('User');
    await user.click(kimRole);
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(screen.getByText('kim is now an admin.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({ path: `/api/admin/users/${uuid(2)}/role`, body: { role: 'admin' } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of kim' })).toHaveTextContent('Admin'));

    await user.click(screen.getByRole('combobox', { name: 'Role of boss' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));
    expect(await screen.findByText('The last admin cannot be made a user: make another account admin first')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of boss' })).toHaveTextContent('Admin');
  });
});

describe('searching users', () => {
  const never = { signInMethods: ['password'] as AdminUser['signInMethods'], lastSignInAt: null };
  const named = (n: number, username: string, firstName: string | null, lastName: string | null, email: string | null): AdminUser => ({
    ...listed(n, 'user', username, never),
    firstName,
    lastName,
    email,
  });

  it('matches every word typed in the username, the name or the email, in any case', () => {
    const robin = named(1, 'rmember', 'Robin', 'Member', 'robin@Example.com');
    expect(['', '  ', 'RMEM', 'robin member', 'member robin', 'example.com', 'rob exa'].map((q) => matchesUserSearch(robin, q))).toEqual([true, true, true, true, true, true, true]);
    expect(['kim', 'robin kim', 'admin'].map((q) => matchesUserSearch(robin, q))).toEqual([false, false, false]);
    expect(matchesUserSearch(named(2, 'kim', null, null, null), 'kim')).toBe(true);
  });

  it('filters the cards as the admin types, with the count, and says when none match', async () => {
    mockFetch((req) => {
      if (req.path === '/api/auth/user') return json(200, person(1, 'admin', 'boss'));
      if (req.path === '/api/admin/users') {
        return json(200, [named(1, 'boss', 'Ada', 'Boss', null), named(2, 'kim', 'Kim', 'Lee', 'kim@example.com'), named(3, 'rob', 'Robin', 'Member', 'robin@acme.test')]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersPage />);
    expect(await screen.findAllByTestId('user-card')).toHaveLength(3);
    expect(screen.getByTestId('user-count')).toHaveTextContent('3 users');
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'acme');
    expect(screen.getAllByTestId('user-username').map((u) => u.textContent)).toEqual(['rob']);
    expect(screen.getByTestId('user-count')).toHaveTextContent('1 of 3 users');
    await user.clear(search);
    await user.type(search, 'LEE');
    expect(screen.getAllByTestId('user-username').map((u) => u.textContent)).toEqual(['kim']);
    await user.type(search, ' nobody');
    expect(screen.queryAllByTestId('user-card')).toHaveLength(0);
    expect(screen.getByText('No users found')).toBeInTheDocument();
    await user.clear(search);
    expect(screen.getAllByTestId('user-card')).toHaveLength(3);
  });

  it('Add User is one button, named, on every width', async () => {
    mockFetch((req) => (req.path === '/api/auth/user' ? json(200, person(1, 'admin', 'boss')) : req.path === '/api/admin/users' ? json(200, []) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
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
