import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quotaMessage } from '@daybook/shared';
import { makeClient, makeIncrement, makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { makeTimeEntry } from '../../test/timeFixtures';
import { TaskDialog } from './TaskDialog';

const ACME = makeClient({ id: uuid(10), name: 'Acme', color: '#ef4444' });

function api(overrides: (req: RecordedRequest) => Response | Promise<Response> | undefined = () => undefined) {
  return mockFetch((req) => {
    const answer = overrides(req);
    if (answer) return answer;
    if (req.path === '/api/clients' && req.method === 'GET') return json(200, [ACME]);
    if (req.path === '/api/clients' && req.method === 'POST') return json(201, makeClient({ id: uuid(11), name: (req.body as { name: string }).name }));
    if (req.path === '/api/time-increments') return json(200, [makeIncrement({ id: uuid(20), label: '30 minutes', value: '30min' })]);
    if (req.path === '/api/delegation-contacts') return json(200, []);
    if (req.path.endsWith('/reminders') || req.path.endsWith('/comments')) return json(200, []);
    if (req.path.includes('/time-entries')) return json(200, { items: [], nextCursor: null });
    if (req.path.startsWith('/api/tasks')) return json(req.method === 'POST' ? 201 : 200, makeTask({ id: uuid(1), title: 'Saved' }));
    return undefined;
  });
}

const dialog = () => screen.getByRole('dialog');

describe('TaskDialog', () => {
  it("creates: 'Create New Task', empty form, Delegation only with delegation on", async () => {
    api();
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    expect(within(dialog()).getByText('Create New Task')).toBeInTheDocument();
    expect(within(dialog()).getByText('Task Details')).toBeInTheDocument();
    expect(within(dialog()).getByText('Configuration')).toBeInTheDocument();
    expect(within(dialog()).queryByText('Delegation')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Task Title/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Create Task' })).toBeInTheDocument();
  });

  it('requires a title, then sends the form with the status flags, and shows "Saving..." meanwhile', async () => {
    let release: (response: Response) => void = () => undefined;
    const { requests } = api((req) =>
      req.path === '/api/tasks' && req.method === 'POST'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : undefined,
    );
    const onClose = jest.fn();
    renderWithProviders(<TaskDialog open onClose={onClose} delegationEnabled={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(screen.getByText('Title is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Task Title/), 'Wrap up');
    await userEvent.click(screen.getByLabelText('Status'));
    await userEvent.click(screen.getByRole('option', { name: 'Completed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      title: 'Wrap up',
      status: 'completed',
      isCompleted: true,
      isBacklog: false,
      clientId: null,
      documentLinks: [],
    });
    release(json(201, makeTask({ id: uuid(1), title: 'Wrap up' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByText('Task created')).toBeInTheDocument();
  });

  it("edits: 'Edit Task', pre-filled, 'Update Task' sends a PATCH", async () => {
    const { requests } = api();
    const task = makeTask({
      id: uuid(1),
      title: 'Report',
      clientId: ACME.id,
      priority: 'high',
      dueDate: '2026-03-05',
      dueTime: '09:30',
      isBacklog: true,
      status: 'backlog',
      estimatedTime: '30min',
    });
    renderWithProviders(<TaskDialog open onClose={jest.fn()} task={task} delegationEnabled={false} />);
    expect(within(dialog()).getByText('Edit Task')).toBeInTheDocument();
    expect(screen.getByLabelText(/Task Title/)).toHaveValue('Report');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Acme'));
    expect(screen.getByLabelText('Due date')).toHaveValue('2026-03-05');
    expect(screen.getByLabelText('Due time')).toHaveValue('09:30');
    expect(screen.getByLabelText('Status')).toHaveTextContent('Backlog');
    expect(screen.getByLabelText('Priority')).toHaveTextContent('High Priority');
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    await screen.findByText('Task updated');
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({
      path: `/api/tasks/${uuid(1)}`,
      body: expect.objectContaining({ title: 'Report', status: 'backlog', isBacklog: true, isCompleted: false, clientId: ACME.id }),
    });
  });

  it('deletes the task it edits: the dialog closes and the toast offers Undo (issue 37)', async () => {
    const { requests } = api((req) => (req.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
    const onClose = jest.fn();
    renderWithProviders(<TaskDialog open onClose={onClose} task={makeTask({ id: uuid(1), title: 'Old' })} delegationEnabled={false} />);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    // The dialog stays open here (onClose is a mock), so the toast is outside the modal.
    expect(screen.getByRole('button', { name: 'Undo', hidden: true })).toBeInTheDocument();
    expect(requests.find((req) => req.method === 'DELETE')).toMatchObject({ path: `/api/tasks/${uuid(1)}` });
  });

  it('offers no Delete while creating', () => {
    api();
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    expect(within(dialog()).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("creates a client inline: 'Client created', and selects it", async () => {
    api();
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    const client = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(client, 'Initech');
    await userEvent.click(await screen.findByRole('option', { name: 'Create client: Initech' }));
    expect(await screen.findByText('Client created')).toBeInTheDocument();
  });

  it("says 'Failed to create client' when the client cannot be created", async () => {
    api((req) => (req.path === '/api/clients' && req.method === 'POST' ? json(500, { error: { code: 'x', message: 'x' } }) : undefined));
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Client' }), 'Initech');
    await userEvent.click(await screen.findByRole('option', { name: 'Create client: Initech' }));
    expect(await screen.findByText('Failed to create client')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('');
  });

  it("says 'Failed to create task' with the api's message when a quota is reached (DECISIONS 22), and stays open", async () => {
    const message = quotaMessage('liveTasks');
    api((req) => (req.path === '/api/tasks' && req.method === 'POST' ? json(409, { error: { code: 'quota_exceeded', message } }) : undefined));
    const onClose = jest.fn();
    renderWithProviders(<TaskDialog open onClose={onClose} delegationEnabled={false} />);
    await userEvent.type(screen.getByLabelText(/Task Title/), 'One too many');
    await userEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Failed to create task');
    expect(screen.getByTestId('toast-description')).toHaveTextContent(message);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("other failures keep the spec's text: 'Error' / 'Failed to create task'", async () => {
    api((req) => (req.path === '/api/tasks' && req.method === 'POST' ? json(500, { error: { code: 'internal_error', message: 'Internal server error' } }) : undefined));
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    await userEvent.type(screen.getByLabelText(/Task Title/), 'Anything');
    await userEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Error');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Failed to create task');
  });

  it("says why a client cannot be created when the api tells (a name taken, 409)", async () => {
    api((req) => (req.path === '/api/clients' && req.method === 'POST' ? json(409, { error: { code: 'conflict', message: 'A client named Initech already exists' } }) : undefined));
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Client' }), 'Initech');
    await userEvent.click(await screen.findByRole('option', { name: 'Create client: Initech' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Failed to create client');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('A client named Initech already exists');
  });

  it("shows Delegation with delegation on: the delegate combo box and notes appear when 'Delegate this task' is ticked", async () => {
    api();
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled />);
    expect(within(dialog()).getByText('Delegation')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Delegate to' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Delegate this task'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Delegate to' }));
    expect(screen.getByText('No delegation contacts available')).toBeInTheDocument();
    expect(screen.getByLabelText('Delegation notes')).toBeInTheDocument();
  });
  it('offers "Every weekday" beside daily, weekly and monthly, without "every N", and saves it with interval 1 (DECISIONS 35)', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    await user.type(screen.getByLabelText(/Task Title/), 'Stand-up notes');
    await user.click(screen.getByLabelText('Repeat'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Does not repeat', 'Daily', 'Every weekday', 'Weekly', 'Monthly']);
    await user.click(screen.getByRole('option', { name: 'Weekly' }));
    const every = screen.getByLabelText('Every');
    await user.clear(every);
    await user.type(every, '2');
    expect(screen.getByText('weeks')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Repeat'));
    await user.click(screen.getByRole('option', { name: 'Every weekday' }));
    expect(screen.getByLabelText('Repeat')).toHaveTextContent('Every weekday');
    expect(screen.getByText('Monday to Friday')).toBeInTheDocument();
    expect(screen.queryByLabelText('Every')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/tasks')?.body).toMatchObject({
      title: 'Stand-up notes',
      isRecurring: true,
      recurringType: 'weekdays',
      recurringInterval: 1,
    });
  });

  it('opens a weekdays task with "Every weekday" chosen and no "every N"', async () => {
    api();
    const task = makeTask({ id: uuid(1), title: 'Stand-up notes', isRecurring: true, recurringType: 'weekdays' });
    renderWithProviders(<TaskDialog open onClose={jest.fn()} task={task} delegationEnabled={false} />);
    expect(screen.getByLabelText('Repeat')).toHaveTextContent('Every weekday');
    expect(screen.queryByLabelText('Every')).not.toBeInTheDocument();
  });
});

describe('edits left open when the task is saved', () => {
  const TASK = makeTask({ id: uuid(1), title: 'Report', dueDate: '2026-03-10', reminders: [] });
  const ENTRY = makeTimeEntry({ id: uuid(501), taskId: TASK.id, startedAt: '2026-03-05T02:46:20.000Z', endedAt: '2026-03-05T02:47:41.000Z' });

  function withEntry(entryAnswer: (req: RecordedRequest) => Response = () => json(200, ENTRY)) {
    return api((req) => {
      if (req.path === '/api/auth/user') return json(200, makeUser()); // in New York
      if (req.path.startsWith(`/api/tasks/${TASK.id}/time-entries`)) return json(200, { items: [ENTRY], nextCursor: null });
      if (req.path === `/api/time-entries/${ENTRY.id}` && req.method === 'PATCH') return entryAnswer(req);
      if (req.path === `/api/tasks/${TASK.id}` && req.method === 'PATCH') return json(200, TASK);
      return undefined;
    });
  }
  const taskPatches = (requests: RecordedRequest[]) => requests.filter((req) => req.method === 'PATCH' && req.path === `/api/tasks/${TASK.id}`);
  const entryPatches = (requests: RecordedRequest[]) => requests.filter((req) => req.method === 'PATCH' && req.path === `/api/time-entries/${ENTRY.id}`);

  async function editEntryStart(time: string) {
    await userEvent.click(await screen.findByRole('button', { name: 'Edit time entry' }));
    const form = await screen.findByRole('form', { name: 'Edit time entry' });
    fireEvent.change(within(form).getByLabelText('Start'), { target: { value: time } });
    return form;
  }

  it('saves a time entry edited but not saved with "Save entry" when "Update Task" is pressed, then the task', async () => {
    const { requests } = withEntry();
    const onClose = jest.fn();
    renderWithProviders(<TaskDialog open onClose={onClose} task={TASK} delegationEnabled={false} />);
    await editEntryStart('20:05');
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(entryPatches(requests).map((req) => req.body)).toEqual([{ startedAt: '2026-03-05T01:05:00.000Z' }]);
    expect(taskPatches(requests)).toHaveLength(1);
    // The entry first: a task saved is never followed by an entry that could not be.
    expect(requests.indexOf(entryPatches(requests)[0]!)).toBeLessThan(requests.indexOf(taskPatches(requests)[0]!));
  });

  it('adds a reminder set up but not added with "Add" to the task it saves', async () => {
    const { requests } = withEntry();
    const onClose = jest.fn();
    renderWithProviders(<TaskDialog open onClose={onClose} task={TASK} delegationEnabled={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Day before at…' }));
    fireEvent.change(within(screen.getByRole('group', { name: 'New reminder' })).getByLabelText('Reminder time'), { target: { value: '18:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(taskPatches(requests).map((req) => (req.body as { reminders: unknown }).reminders)).toEqual([[{ kind: 'on-day', daysBefore: 1, time: '18:00' }]]);
  });

  it('saves nothing while an open edit cannot be saved, and says why on its row', async () => {
    const { requests } = withEntry();
    const onClose = jest.fn();
    renderWithProviders(<TaskDialog open onClose={onClose} task={TASK} delegationEnabled={false} />);
    const form = await editEntryStart('');
    await userEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Day before at…' }));
    const reminder = screen.getByRole('group', { name: 'New reminder' });
    fireEvent.change(within(reminder).getByLabelText('Reminder time'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter the start time');
    expect(within(reminder).getByRole('alert')).toHaveTextContent('Enter the reminder’s time, or cancel it');
    expect(requests.filter((req) => req.method === 'PATCH')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    // Cancelled, they are left out on purpose: the task is saved.
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(reminder).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(entryPatches(requests)).toEqual([]);
    expect(taskPatches(requests).map((req) => (req.body as { reminders: unknown }).reminders)).toEqual([[]]);
  });

  it('keeps the task unsaved and the dialog open when the api refuses the open entry', async () => {
    const { requests } = withEntry(() => json(409, { error: { code: 'conflict', message: 'This time entry is billed' } }));
    const onClose = jest.fn();
    renderWithProviders(<TaskDialog open onClose={onClose} task={TASK} delegationEnabled={false} />);
    await editEntryStart('20:05');
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    expect(await screen.findByText('Failed to save the time entry')).toBeInTheDocument();
    expect(taskPatches(requests)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('form', { name: 'Edit time entry' })).toBeInTheDocument();
  });

  it('leaves untouched entry forms alone: nothing was edited', async () => {
    const { requests } = withEntry();
    const onClose = jest.fn();
    renderWithProviders(<TaskDialog open onClose={onClose} task={TASK} delegationEnabled={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit time entry' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add time' }));
    await screen.findByRole('form', { name: 'Add time' });
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(entryPatches(requests)).toEqual([]);
    expect(requests.filter((req) => req.method === 'POST' && req.path === '/api/time-entries')).toEqual([]);
  });
});

