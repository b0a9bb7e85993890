import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeTask, makeUser, taskPage, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { ArchivedPage } from './ArchivedPage';

const ME = makeUser();

describe('archived screen', () => {
  it('counts, loads the next page and unarchives', async () => {
    const first = makeTask({ id: uuid(1), title: 'Old report', isArchived: true });
    const second = makeTask({ id: uuid(2), title: 'Older report', isArchived: true });
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/auth/user') return json(200, ME);
      if (req.path === '/api/tasks/archived') return json(200, taskPage([first], 'c1'));
      if (req.path === '/api/tasks/archived?cursor=c1') return json(200, taskPage([second]));
      if (req.path === `/api/tasks/${uuid(1)}/unarchive`) return json(200, { ...first, isArchived: false });
      if (req.path === '/api/clients') return json(200, []);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ArchivedPage />, { route: '/archived' });
    expect(await screen.findByText('1 archived task loaded, more below')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older report')).toBeInTheDocument();
    expect(screen.getByTestId('archived-count')).toHaveTextContent('2 archived tasks');

    const unarchive = screen.getAllByRole('button', { name: 'Unarchive task' });
    await user.click(unarchive[0]!);
    expect(await screen.findByText('Task unarchived')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/unarchive'))).toBe(true));
  });

  it('No archived tasks', async () => {
    mockFetch((req) => (req.path === '/api/auth/user' ? json(200, ME) : req.path === '/api/clients' ? json(200, []) : json(200, taskPage([]))));
    renderWithProviders(<ArchivedPage />);
    expect(await screen.findByText('No archived tasks')).toBeInTheDocument();
  });
});
