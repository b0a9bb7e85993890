import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sharedTaskSchema, type SharedTask } from '@daybook/shared';
import { App } from '../../app/App';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';

const TOKEN = 'Abc_def-0123456789Abc_def-0123456789Abc_def';

const makeView = (overrides: Partial<SharedTask> = {}): SharedTask =>
  sharedTaskSchema.parse({
    title: 'Collect the signed lease',
    dueDate: '2027-03-10',
    dueTime: '15:00',
    notes: 'Pick it up at the front desk.\nAsk for Ms. Ortega.',
    isCompleted: false,
    expiresAt: '2027-03-24T15:00:00.000Z',
    responses: [],
    canRespond: true,
    ...overrides,
  });

/** The public api of one link: each answer adds to what was sent through it. */
function api(override: (req: RecordedRequest) => Response | undefined = () => undefined) {
  let view = makeView();
  const sent = (response: Partial<SharedTask['responses'][number]>) => {
    view = { ...view, responses: [...view.responses, { kind: 'comment', proposedDate: null, proposedTime: null, text: null, createdAt: '2027-03-05T15:00:00.000Z', ...response }] };
  };
  return mockFetch((req) => {
    const answer = override(req);
    if (answer) return answer;
    const base = `/api/shares/${TOKEN}`;
    if (req.path === base && req.method === 'GET') return json(200, view);
    if (req.path === `${base}/done` && req.method === 'POST') {
      view = { ...view, isCompleted: true };
      sent({ kind: 'done' });
      return json(200, view);
    }
    if (req.path === `${base}/proposals` && req.method === 'POST') {
      const body = req.body as { dueDate: string; dueTime?: string | null; message?: string | null };
      sent({ kind: 'proposal', proposedDate: body.dueDate, proposedTime: body.dueTime ?? null, text: body.message ?? null });
      return json(201, view);
    }
    if (req.path === `${base}/comments` && req.method === 'POST') {
      sent({ kind: 'comment', text: (req.body as { text: string }).text });
      return json(201, view);
    }
    return undefined;
  });
}

const renderPage = (token = TOKEN) => renderWithProviders(<App />, { route: `/share/${token}` });

describe('the shared task page (signed out)', () => {
  it('shows the task’s title, due date and notes, without asking who is signed in', async () => {
    const { requests } = api();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Collect the signed lease' })).toBeInTheDocument();
    expect(screen.getByLabelText('Due')).toHaveTextContent('Due Wednesday, Mar 10, 2027 at 3:00 PM');
    expect(screen.getByText(/Pick it up at the front desk\./)).toHaveTextContent('Pick it up at the front desk. Ask for Ms. Ortega.');
    expect(screen.getByText(/This private link works until Mar 24, 2027/)).toBeInTheDocument();
    expect(requests.map((req) => `${req.method} ${req.path}`)).toEqual([`GET /api/shares/${TOKEN}`]);
    expect(document.title).toBe('Shared task · Daybook');
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  });

  it('marks the task done: the page then says Done and lists it', async () => {
    const { requests } = api();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(requests.find((req) => req.path.endsWith('/done'))).toMatchObject({ method: 'POST', body: {} });
    expect(screen.getByText('You marked it done')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as done' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Propose a new date' })).not.toBeInTheDocument();
    expect(await screen.findByText('Marked as done')).toBeInTheDocument();
  });

  it('proposes a date: a missing date is said under the field; the date, time and message are sent', async () => {
    const { requests } = api();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Propose a new date' }));
    await userEvent.click(form.getByRole('button', { name: 'Send proposal' }));
    expect(form.getByText('Choose a date')).toBeInTheDocument();
    expect(requests.filter((req) => req.method === 'POST')).toHaveLength(0);

    await userEvent.type(form.getByLabelText('New date'), '2027-03-17');
    await userEvent.type(form.getByLabelText('Time (optional)'), '09:30');
    await userEvent.type(form.getByLabelText('Message (optional)'), 'The office is closed that week');
    await userEvent.click(form.getByRole('button', { name: 'Send proposal' }));
    expect(await screen.findByText('You proposed Wednesday, Mar 17, 2027 at 9:30 AM')).toBeInTheDocument();
    expect(requests.find((req) => req.path.endsWith('/proposals'))!.body).toEqual({ dueDate: '2027-03-17', dueTime: '09:30', message: 'The office is closed that week' });
    expect(form.getByLabelText('New date')).toHaveValue('');
  });

  it('leaves a comment, and shows the api’s reason when it refuses one', async () => {
    let full = false;
    api((req) => (full && req.method === 'POST' ? json(409, { error: { code: 'conflict', message: 'This link has taken its 50 responses. Ask for a new link.' } }) : undefined));
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Leave a comment' }));
    await userEvent.click(form.getByRole('button', { name: 'Send comment' }));
    expect(form.getByText('Write a comment')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Comment'), 'I will call them first.');
    await userEvent.click(form.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('You commented')).toBeInTheDocument();
    expect(screen.getByText('I will call them first.')).toBeInTheDocument();

    full = true;
    await userEvent.type(form.getByLabelText('Comment'), 'One more');
    await userEvent.click(form.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('This link has taken its 50 responses. Ask for a new link.')).toBeInTheDocument();
    expect(form.getByLabelText('Comment')).toHaveValue('One more');
  });

  it('says a link that does not work does not, and offers Try again when too many requests were made', async () => {
    api((req) => (req.path.includes('wrong') ? json(404, { error: { code: 'not_found', message: 'Link not found' } }) : undefined));
    const { unmount } = renderPage(`${'wrong'.repeat(8)}abc`);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    unmount();

    let limited = true;
    api(() => (limited ? json(429, { error: { code: 'too_many_requests', message: 'Too many requests for this link. Try again in 30 seconds.' } }) : undefined));
    renderPage();
    expect(await screen.findByText('Too many requests for this link. Try again in 30 seconds.')).toBeInTheDocument();
    limited = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Collect the signed lease' })).toBeInTheDocument());
  });
});
