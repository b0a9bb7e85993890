import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { TaskScreen } from './TaskScreen';

const task = makeTask({ id: uuid(10), title: 'Call the plumber' });
const gone = uuid(11);

function api() {
  return mockFetch((req) => {
    if (req.path === '/api/auth/user') return json(200, makeUser({ timezone: 'America/New_York' }));
    if (req.path === `/api/tasks/${task.id}`) return json(200, task);
    if (req.path.endsWith('/reminders')) return json(200, []);
    if (req.path === '/api/clients' || req.path === '/api/time-increments') return json(200, []);
    return undefined; // 404: another user's task, or a deleted one
  });
}

/** A task screen that shows the address, and a link into it as the service worker follows one. */
function Screen() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <TaskScreen>
      {() => (
        <>
          <output aria-label="Address">{`${location.pathname}${location.search}`}</output>
          <button type="button" onClick={() => void navigate(`/?task=${task.id}`)}>
            Follow link
          </button>
        </>
      )}
    </TaskScreen>
  );
}

// hidden: the open dialog hides the rest of the page from assistive technology.
const address = () => screen.getByRole('status', { name: 'Address', hidden: true });

describe("a reminder's link (?task=<id>, DECISIONS 29)", () => {
  it('opens the task’s dialog on load and leaves the address', async () => {
    api();
    renderWithProviders(<Screen />, { route: `/?task=${task.id}&tab=today` });

    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    expect(within(dialog).getByLabelText(/Task Title/)).toHaveValue('Call the plumber');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/\?tab=today$/));
  });

  it('opens it when a link is followed in an open window (a notification clicked)', async () => {
    api();
    renderWithProviders(<Screen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    expect(within(dialog).getByLabelText(/Task Title/)).toHaveValue('Call the plumber');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/$/));
  });

  it('says a task that is gone is not found, and opens nothing', async () => {
    const { requests } = api();
    renderWithProviders(<Screen />, { route: `/?task=${gone}` });

    expect(await screen.findByText('Task not found')).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(address()).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === `/api/tasks/${gone}`)).toHaveLength(1);
  });
});
