import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { AdminUsersPage, createUserErrors } from './AdminUsersPage';

const person = (n: number, role: 'user' | 'admin', username: string) => makeUser({ id: uuid(n), username, role });

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
      if (req.path === '/api/admin/users' && req.method === 'GET') return json(200, [person(1, 'admin', 'boss'), person(2, 'user', 'kim')]);
      if (req.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersPage />);
    expect(await screen.findAllByTestId('user-card')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText(/This cannot be undone\. All of the user's data/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path === `/api/admin/users/${uuid(2)}`)).toBe(true));
  });
});
