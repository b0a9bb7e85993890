import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calendarFeedPath } from '@daybook/shared';
import { makeUser } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { CalendarFeedSection } from './CalendarFeedSection';

const FIRST = calendarFeedPath('A'.repeat(32));
const SECOND = calendarFeedPath('B'.repeat(32));

type Answer = Response | undefined | Promise<Response | undefined>;

const MADE_AT = '2027-03-05T19:03:00.000Z';

/**
 * The api as the contract answers it: GET says whether the feed is on (never its address, which only a
 * hash of is kept), each POST gives the feed a new address in its answer, DELETE turns it off.
 */
function api(initiallyOn: boolean, override: (req: RecordedRequest) => Answer = () => undefined) {
  let path: string | null = initiallyOn ? FIRST : null;
  const next = [FIRST, SECOND];
  return mockFetch(async (req) => {
    const answer = await override(req);
    if (answer) return answer;
    if (req.path === '/api/auth/user') return json(200, makeUser({ timezone: 'UTC' }));
    if (req.path !== '/api/calendar/feed') return undefined;
    if (req.method === 'GET') return json(200, { enabled: path !== null, createdAt: path !== null ? MADE_AT : null });
    if (req.method === 'POST') {
      path = next.find((candidate) => candidate !== path) ?? FIRST;
      return json(200, { enabled: true, createdAt: MADE_AT, path });
    }
    if (req.method === 'DELETE') {
      path = null;
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const section = () => within(screen.getByRole('region', { name: 'Calendar feed' }));
const renderSection = () => renderWithProviders(<CalendarFeedSection />);

describe('Settings, Calendar feed', () => {
  afterEach(() => delete (window as unknown as Record<string, unknown>).isSecureContext);

  it('says what the feed is, and turns it on: the link to copy and to open in a calendar app', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const user = userEvent.setup();
    const { requests } = api(false);
    renderSection();
    expect(section().getByText(/open tasks with due dates/)).toHaveTextContent('Anyone with the link can see them');
    await user.click(await section().findByRole('button', { name: 'Turn on calendar feed' }));
    expect(await screen.findByText('Calendar feed on')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    expect(await section().findByLabelText('Calendar feed link')).toHaveValue(`http://localhost${FIRST}`);
    expect(section().getByRole('note')).toHaveTextContent('Copy the link now: it is shown only this once.');
    expect(section().getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', `webcal://localhost${FIRST}`);
    expect(section().queryByRole('button', { name: 'Turn on calendar feed' })).not.toBeInTheDocument();

    await user.click(section().getByRole('button', { name: 'Copy calendar feed link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`http://localhost${FIRST}`);
  });

  it('cannot show the link of a feed made before (only its hash is kept): a new link shows one', async () => {
    const { requests } = api(true);
    renderSection();
    expect(await section().findByRole('note')).toHaveTextContent(
      'The calendar feed is on (link made Mar 5, 2027). Its link is shown only when it is made: get a new link to see one. The old link then stops working.',
    );
    expect(section().queryByLabelText('Calendar feed link')).not.toBeInTheDocument();
    expect(section().queryByRole('link', { name: 'Open in calendar app' })).not.toBeInTheDocument();
    await userEvent.click(section().getByRole('button', { name: 'Get a new link' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Get a new link?' }));
    expect(confirm.getByText(/The old link stops working at once/)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(confirm.getByRole('button', { name: 'Get a new link' }));
    expect(await screen.findByText('New link ready')).toBeInTheDocument();
    await dialogClosed();
    expect(section().getByLabelText('Calendar feed link')).toHaveValue(`http://localhost${SECOND}`);
    expect(section().getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', `webcal://localhost${SECOND}`);
  });

  it('turns the feed off after asking', async () => {
    const { requests } = api(true);
    renderSection();
    await userEvent.click(await section().findByRole('button', { name: 'Turn off' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Turn off calendar feed?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Calendar feed off')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/calendar/feed');
    await dialogClosed();
    expect(section().getByRole('button', { name: 'Turn on calendar feed' })).toBeInTheDocument();
    expect(section().queryByLabelText('Calendar feed link')).not.toBeInTheDocument();
  });

  it('keeps the link when a new one could not be made', async () => {
    let posts = 0;
    api(false, (req) => (req.method === 'POST' && (posts += 1) > 1 ? json(500, { error: { code: 'internal', message: 'Boom' } }) : undefined));
    renderSection();
    await userEvent.click(await section().findByRole('button', { name: 'Turn on calendar feed' }));
    expect(await section().findByLabelText('Calendar feed link')).toHaveValue(`http://localhost${FIRST}`);
    await userEvent.click(await section().findByRole('button', { name: 'Get a new link' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Get a new link?' })).getByRole('button', { name: 'Get a new link' }));
    await waitFor(() => expect(screen.getByTestId('toast-title')).toHaveTextContent('Error'));
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Failed to get a new link');
    await dialogClosed();
    expect(section().getByLabelText('Calendar feed link')).toHaveValue(`http://localhost${FIRST}`);
  });
});
