import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { taskShareResponseSchema, taskShareSchema, type Task, type TaskShare, type TaskShareResponse } from '@daybook/shared';
import { makeContact, makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { TaskShareSection } from './TaskShareSection';
import { taskToForm } from './taskForm';
import type { TaskFormFields } from './useTaskForm';

const BRUNO = makeContact({ id: uuid(30), name: 'Bruno' });
const TASK = makeTask({ id: uuid(1), title: 'Collect the signed lease', dueDate: '2027-03-10', dueTime: '15:00', isDelegated: true, delegatedToId: BRUNO.id, delegationNotes: 'Front desk' });
const TOKEN = 'Abc_def-0123456789Abc_def-0123456789Abc_wxyz';

const makeShare = (overrides: Partial<TaskShare> = {}): TaskShare =>
  taskShareSchema.parse({
    id: uuid(40),
    contactId: BRUNO.id,
    contactName: 'Bruno',
    hint: '…wxyz',
    createdAt: '2027-03-01T15:00:00.000Z',
    expiresAt: '2027-03-15T15:00:00.000Z',
    lastOpenedAt: null,
    isLive: true,
    endedAt: null,
    endReason: null,
    ...overrides,
  });
const PROPOSAL = taskShareResponseSchema.parse({
  id: uuid(50),
  shareId: uuid(40),
  contactName: 'Bruno',
  kind: 'proposal',
  proposedDate: '2027-03-17',
  proposedTime: '09:30',
  text: 'The office is closed that week',
  createdAt: '2027-03-05T19:03:00.000Z',
  acceptedAt: null,
});
const COMMENT: TaskShareResponse = { ...PROPOSAL, id: uuid(51), kind: 'comment', proposedDate: null, proposedTime: null, text: 'I will call them first.', createdAt: '2027-03-05T20:00:00.000Z' };

function api({ shares = [] as TaskShare[], responses = [] as TaskShareResponse[] } = {}, override: (req: RecordedRequest) => Response | undefined = () => undefined) {
  let live = shares;
  let sent = responses;
  return mockFetch((req) => {
    const answer = override(req);
    if (answer) return answer;
    if (req.path === '/api/auth/user') return json(200, makeUser({ enableDelegation: true }));
    if (req.path === '/api/delegation-contacts') return json(200, [BRUNO]);
    const base = `/api/tasks/${TASK.id}`;
    if (req.path === `${base}/shares` && req.method === 'GET') return json(200, live);
    if (req.path === `${base}/shares` && req.method === 'POST') {
      const share = makeShare({ createdAt: new Date().toISOString() });
      live = [share, ...live];
      return json(201, { share, token: TOKEN, path: `/share/${TOKEN}` });
    }
    if (req.path.startsWith(`${base}/shares/`) && req.method === 'DELETE') {
      live = live.map((one) => (req.path.endsWith(one.id) ? { ...one, isLive: false, endedAt: '2027-03-06T10:00:00.000Z', endReason: 'revoked' as const } : one));
      return new Response(null, { status: 204 });
    }
    if (req.path === `${base}/share-responses`) return json(200, sent);
    if (req.path.endsWith('/accept') && req.method === 'POST') {
      const response = { ...PROPOSAL, acceptedAt: '2027-03-06T10:00:00.000Z' };
      sent = sent.map((one) => (one.id === response.id ? response : one));
      return json(200, { task: { ...TASK, dueDate: '2027-03-17', dueTime: '09:30' }, response });
    }
    return undefined;
  });
}

function fieldsOf(task: Task, changes: Partial<TaskFormFields['values']> = {}): TaskFormFields {
  return { values: { ...taskToForm(task), ...changes }, errors: {}, set: jest.fn(), remindersFromDefaults: false };
}

describe('the task dialog’s Share section', () => {
  it('is not there for a task that is not delegated, and asks to save a changed delegation first', () => {
    api();
    const plain = makeTask({ id: uuid(2), title: 'Alone' });
    const { unmount } = renderWithProviders(<TaskShareSection task={plain} fields={fieldsOf(plain)} />);
    expect(screen.queryByText('Share')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<TaskShareSection task={TASK} fields={fieldsOf(TASK, { delegatedToId: uuid(31) })} />);
    expect(screen.getByText('Save the task first: a link is made for the contact the task is delegated to.')).toBeInTheDocument();
  });

  it('shares with the contact: the link is shown once with Copy, for the expiry chosen, then listed', async () => {
    const { requests } = api();
    renderWithProviders(<TaskShareSection task={TASK} fields={fieldsOf(TASK)} />);
    const share = await screen.findByRole('button', { name: 'Share with Bruno' });
    expect(screen.getByLabelText('Link expires in')).toHaveValue('14');
    await userEvent.selectOptions(screen.getByLabelText('Link expires in'), '30');
    await userEvent.click(share);

    const panel = within(await screen.findByRole('region', { name: 'New link' }));
    expect(panel.getByLabelText('Link')).toHaveValue(`http://localhost/share/${TOKEN}`);
    expect(panel.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(requests.find((req) => req.method === 'POST')).toMatchObject({ path: `/api/tasks/${TASK.id}/shares`, body: { expiresInDays: 30 } });
    expect(await screen.findByRole('listitem', { name: 'Link …wxyz' })).toHaveTextContent('Expires Mar 15, 2027 · Not opened yet');

    await userEvent.click(panel.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'New link' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(`http://localhost/share/${TOKEN}`)).not.toBeInTheDocument();
  });

  it('turns a link off', async () => {
    const { requests } = api({ shares: [makeShare({ lastOpenedAt: '2027-03-05T19:03:00.000Z' })] });
    renderWithProviders(<TaskShareSection task={TASK} fields={fieldsOf(TASK)} />);
    const row = await screen.findByRole('listitem', { name: 'Link …wxyz' });
    expect(row).toHaveTextContent('Opened Mar 5, 2027, 2:03 PM');
    await userEvent.click(within(row).getByRole('button', { name: 'Turn off link …wxyz' }));
    expect(await screen.findByText('Link turned off')).toBeInTheDocument();
    // It stays in the list, ended for good: no way to turn it on again.
    const ended = await screen.findByRole('listitem', { name: 'Link …wxyz (ended)' });
    expect(ended).toHaveTextContent('Ended Mar 6, 2027: turned off');
    expect(within(ended).queryByRole('button')).not.toBeInTheDocument();
    expect(requests.find((req) => req.method === 'DELETE')!.path).toBe(`/api/tasks/${TASK.id}/shares/${uuid(40)}`);
  });

  it('shows a link whose task was un-delegated or archived as ended, and offers a new one', async () => {
    const { requests } = api({
      shares: [
        makeShare({ isLive: false, endedAt: '2027-03-04T10:00:00.000Z', endReason: 'undelegated' }),
        makeShare({ id: uuid(41), hint: '…abcd', isLive: false, endedAt: '2027-03-02T10:00:00.000Z', endReason: 'archived' }),
        makeShare({ id: uuid(42), hint: '…efgh', isLive: false, createdAt: '2026-02-17T10:00:00.000Z', expiresAt: '2026-03-03T10:00:00.000Z' }),
      ],
    });
    renderWithProviders(<TaskShareSection task={TASK} fields={fieldsOf(TASK)} />);
    expect(await screen.findByRole('listitem', { name: 'Link …wxyz (ended)' })).toHaveTextContent('Ended Mar 4, 2027: the task was no longer delegated');
    expect(screen.getByRole('listitem', { name: 'Link …abcd (ended)' })).toHaveTextContent('Ended Mar 2, 2027: the task was archived');
    expect(screen.getByRole('listitem', { name: 'Link …efgh (ended)' })).toHaveTextContent('Expired Mar 3, 2026');
    expect(screen.queryByRole('button', { name: /^Turn off link/ })).not.toBeInTheDocument();
    expect(screen.getByText('An ended link stays ended: share again to send Bruno a new one.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Share with Bruno' }));
    expect(within(await screen.findByRole('region', { name: 'New link' })).getByLabelText('Link')).toHaveValue(`http://localhost/share/${TOKEN}`);
    expect(requests.filter((req) => req.method === 'POST')).toHaveLength(1);
  });

  it('lists what the contact sent and accepts a proposed date in one click, into the form too', async () => {
    const { requests } = api({ responses: [COMMENT, PROPOSAL] });
    const fields = fieldsOf(TASK);
    renderWithProviders(<TaskShareSection task={TASK} fields={fields} />);
    const list = within(await screen.findByRole('list', { name: 'Responses' }));
    expect(list.getByRole('listitem', { name: 'Bruno commented' })).toHaveTextContent('I will call them first.');
    const proposal = within(list.getByRole('listitem', { name: 'Bruno proposed Wednesday, Mar 17, 2027 at 9:30 AM' }));
    expect(proposal.getByText('The office is closed that week')).toBeInTheDocument();

    await userEvent.click(proposal.getByRole('button', { name: 'Accept date' }));
    expect(await screen.findByText('Due date updated')).toBeInTheDocument();
    expect(requests.find((req) => req.path.endsWith('/accept'))).toMatchObject({ method: 'POST', path: `/api/tasks/${TASK.id}/share-responses/${PROPOSAL.id}/accept` });
    expect(fields.set).toHaveBeenCalledWith('dueDate', '2027-03-17');
    expect(fields.set).toHaveBeenCalledWith('dueTime', '09:30');
    expect(await proposal.findByText('Accepted')).toBeInTheDocument();
  });
});
