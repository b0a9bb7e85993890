import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, quotaMessage, todayIn, type Client, type StructuredTask } from '@daybook/shared';
import { makeClient, makeIncrement, makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { CaptureBox } from './CaptureBox';

const TIME_ZONE = 'America/New_York';
const ACME = makeClient({ id: uuid(10), name: 'Acme', color: '#ef4444' });
const GLOBEX = makeClient({ id: uuid(11), name: 'Globex', color: '#2563eb' });
const INCREMENTS = [
  makeIncrement({ id: uuid(20), label: '30 minutes', value: '30min' }),
  makeIncrement({ id: uuid(21), label: '1 hour', value: '1h' }),
  makeIncrement({ id: uuid(22), label: '2 hours', value: '2h' }),
];
const tomorrow = () => addDays(todayIn(new Date(), TIME_ZONE), 1);

interface ApiOptions {
  clients?: Client[];
  modelReview?: boolean;
  override?: (req: RecordedRequest) => Response | undefined;
}

/** The api as the box sees it: the user, their clients and increments, capture context, and the writes. */
function api({ clients = [ACME, GLOBEX], modelReview = false, override = () => undefined }: ApiOptions = {}) {
  const list = [...clients];
  let created = 0;
  const mock = mockFetch((req) => {
    const answer = override(req);
    if (answer) return answer;
    if (req.path === '/api/auth/user') return json(200, makeUser({ timezone: TIME_ZONE }));
    if (req.path === '/api/clients' && req.method === 'GET') return json(200, list);
    if (req.path === '/api/clients' && req.method === 'POST') {
      const client = makeClient({ id: uuid(30 + list.length), name: (req.body as { name: string }).name });
      list.push(client);
      return json(201, client);
    }
    if (req.path === '/api/time-increments') return json(200, INCREMENTS);
    if (req.path === '/api/capture/context') return json(200, { habits: [], modelReview });
    if (req.path === '/api/tasks' && req.method === 'POST') {
      created += 1;
      return json(201, makeTask({ id: uuid(100 + created), title: (req.body as { title: string }).title }));
    }
    if (req.path === '/api/tasks/batch') {
      const bodies = (req.body as { tasks: Array<{ title: string }> }).tasks;
      return json(201, { tasks: bodies.map((body, i) => makeTask({ id: uuid(200 + i), title: body.title })) });
    }
    if (req.path === '/api/capture/corrections') return json(200, { clients: [], habits: [], skippedAliases: [] });
    return undefined;
  });
  return mock;
}

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Describe your task' });
const submit = () => screen.getByRole('button', { name: 'Create task from description' });
const chip = (field: string, within_: HTMLElement = document.body) =>
  within_.querySelector<HTMLElement>(`[data-testid="capture-chip"][data-field="${field}"]`);
const chipTexts = (scope: HTMLElement = document.body) =>
  [...scope.querySelectorAll<HTMLElement>('[data-testid="capture-chip"]')].map((element) => `${element.dataset.field}: ${element.textContent}`);
const posted = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.method === 'POST' && r.path === path);

/** Renders the box with the user's data in, and its engine loaded (as after the first focus). */
async function renderBox(onCreated = jest.fn()) {
  const view = renderWithProviders(<CaptureBox onCreated={onCreated} />);
  await userEvent.click(box());
  await waitFor(() => expect(screen.getByTestId('capture-box')).toHaveAttribute('data-engine', 'ready'));
  await waitFor(() => expect(view.store.getState().api.queries['getClients(undefined)']?.status).toBe('fulfilled'));
  await waitFor(() => expect(view.store.getState().api.queries['getCurrentUser(undefined)']?.status).toBe('fulfilled'));
  return { ...view, onCreated };
}

describe('CaptureBox', () => {
  afterEach(() => {
    delete (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
  });

  it('keeps submit disabled for blank text, with the spec’s placeholder', async () => {
    api();
    await renderBox();
    expect(box()).toHaveAttribute('placeholder', 'Describe your task naturally...');
    expect(submit()).toBeDisabled();
    await userEvent.type(box(), '   ');
    expect(submit()).toBeDisabled();
    expect(screen.queryByTestId('capture-preview')).not.toBeInTheDocument();
  });

  it('shows what it understood while the user types, highlighted in place and as chips, and Enter saves exactly that', async () => {
    const { requests } = api();
    const onCreated = jest.fn(() => ({ action: { label: 'Show', onClick: jest.fn() } }));
    await renderBox(onCreated);
    await userEvent.type(box(), 'Call Acme tomorrow 3pm urgent 30 min');

    expect(screen.getByTestId('capture-title')).toHaveTextContent('Call Acme');
    expect(chipTexts()).toEqual(['when: Tomorrow 3:00 PM', 'priority: Urgent', 'client: Acme', 'estimate: 30 minutes']);
    const marks = [...screen.getByTestId('capture-highlights').querySelectorAll('mark')].map((mark) => `${mark.dataset.mark}: ${mark.textContent}`);
    expect(marks).toEqual(['client: Acme', 'when: tomorrow', 'when: 3pm', 'priority: urgent', 'estimate: 30 min']);
    // The input stays a real textarea holding exactly what was typed.
    expect(box().tagName).toBe('TEXTAREA');
    expect(box()).toHaveValue('Call Acme tomorrow 3pm urgent 30 min');

    await userEvent.type(box(), '{Enter}');
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(screen.getByText('Your task has been created successfully from your description')).toBeInTheDocument();
    expect(posted(requests, '/api/tasks').map((r) => r.body)).toEqual([
      {
        title: 'Call Acme',
        description: null,
        clientId: ACME.id,
        priority: 'urgent',
        status: 'todo',
        dueDate: tomorrow(),
        dueTime: '15:00',
        estimatedTime: '30min',
        documentLinks: [],
        isRecurring: false,
        recurringType: null,
        recurringInterval: 1,
        isBacklog: false,
        isCompleted: false,
      },
    ]);
    // No model configured: nothing asked of the server before saving, and nothing corrected.
    expect(requests.some((r) => r.path === '/api/ai/structure-task' || r.path === '/api/capture/corrections')).toBe(false);
    expect(box()).toHaveValue('');
    expect(screen.getByTestId('nl-box')).toHaveAttribute('data-flash', 'true');
    expect(screen.queryByTestId('capture-preview')).not.toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith([expect.objectContaining({ id: uuid(101), title: 'Call Acme' })]);
    expect(screen.getByRole('button', { name: 'Show' })).toBeInTheDocument();
  });

  it('says where the screen put the new task, and shows its hint no more once a task is captured (issue 37)', async () => {
    api();
    const onCreated = jest.fn(() => ({ description: 'Added to Backlog', action: { label: 'Show', onClick: jest.fn() } }));
    renderWithProviders(<CaptureBox onCreated={onCreated} hint="Describe what you need to do" />);
    await userEvent.click(box());
    expect(screen.getByTestId('capture-bar-hint')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('capture-box')).toHaveAttribute('data-engine', 'ready'));
    await userEvent.type(box(), 'Learn the cello{Enter}');
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(screen.getByText('Added to Backlog')).toBeInTheDocument();
    expect(screen.queryByText('Your task has been created successfully from your description')).not.toBeInTheDocument();
    // The box keeps the focus for the next task, without the hint over the tabs below it.
    expect(box()).toHaveFocus();
    expect(screen.queryByTestId('capture-bar-hint')).not.toBeInTheDocument();
  });

  it('shows a repeat in words, and an estimate as said, named like the user’s own choices', async () => {
    api();
    await renderBox();
    await userEvent.type(box(), 'Send the invoice every weekday at 9');
    expect(chipTexts()).toEqual([expect.stringMatching(/^when: (Today|Tomorrow|\w{3}, \w{3} \d+) 9:00 AM$/), 'repeat: Every weekday']);
    await userEvent.clear(box());
    await userEvent.type(box(), 'Review the lease every 2 weeks high priority 90 min');
    expect(chipTexts()).toEqual([expect.stringMatching(/^when: /), 'repeat: Every 2 weeks', 'priority: High Priority', 'estimate: 1.5 hours']);
  });

  it('gives a removed chip’s words back to the title; typing before them keeps them there', async () => {
    const { requests } = api();
    await renderBox();
    await userEvent.type(box(), 'Call Acme tomorrow 3pm');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Due: Tomorrow 3:00 PM' }));
    expect(chip('when')).toBeNull();
    expect(screen.getByTestId('capture-title')).toHaveTextContent('Call Acme tomorrow 3pm');
    expect([...screen.getByTestId('capture-highlights').querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Acme']);

    // The words move with the text typed before them, and stay words.
    await userEvent.type(box(), 'Ring ', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    expect(box()).toHaveValue('Ring Call Acme tomorrow 3pm');
    expect(chip('when')).toBeNull();

    await userEvent.type(box(), '{Enter}');
    await screen.findByText('Task created');
    expect(posted(requests, '/api/tasks')[0]?.body).toMatchObject({ title: 'Ring Call Acme tomorrow 3pm', dueDate: null, dueTime: null, clientId: ACME.id });
  });

  it('shows a reminder the text asks for as a chip of its own, and saves it with the task (DECISIONS 29)', async () => {
    const { requests } = api();
    await renderBox();
    await userEvent.type(box(), 'Call Acme tomorrow 9am, remind me 30 min before');
    expect(screen.getByTestId('capture-title')).toHaveTextContent('Call Acme');
    expect(chipTexts()).toEqual(['when: Tomorrow 9:00 AM', 'reminder: Remind 30 min before', 'client: Acme']);
    const marks = [...screen.getByTestId('capture-highlights').querySelectorAll('mark')].map((mark) => `${mark.dataset.mark}: ${mark.textContent}`);
    expect(marks).toEqual(['client: Acme', 'when: tomorrow', 'when: 9am', 'reminder: remind me 30 min before']);

    await userEvent.type(box(), '{Enter}');
    await screen.findByText('Task created');
    expect(posted(requests, '/api/tasks')[0]?.body).toMatchObject({ title: 'Call Acme', dueDate: tomorrow(), dueTime: '09:00', estimatedTime: null, reminders: [{ kind: 'before', minutes: 30 }] });
  });

  it('gives a removed reminder’s words back to the title, and then sends no reminders (the user’s defaults apply)', async () => {
    const { requests } = api();
    await renderBox();
    await userEvent.type(box(), 'Call Acme tomorrow 9am, remind me at 8');
    expect(chipTexts()).toContain('reminder: Remind on the day at 08:00');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Reminder: Remind on the day at 08:00' }));
    expect(chip('reminder')).toBeNull();
    expect(screen.getByTestId('capture-title')).toHaveTextContent('Call Acme, remind me at 8');

    await userEvent.type(box(), '{Enter}');
    await screen.findByText('Task created');
    const body = posted(requests, '/api/tasks')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Call Acme, remind me at 8', dueTime: '09:00' });
    expect('reminders' in body).toBe(false);
  });

  it('keeps a stated estimate as said: its chip, its place in the chip’s menu, and the saved task (DECISIONS 18)', async () => {
    const { requests } = api();
    await renderBox();
    await userEvent.type(box(), 'Draft the memo 20 min');
    expect(chipTexts()).toEqual(['estimate: 20 minutes']);
    await userEvent.click(screen.getByRole('button', { name: 'Change Estimate: 20 minutes' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toContain('20 minutes');
    expect(screen.getByRole('menuitem', { name: '20 minutes' })).toHaveClass('Mui-selected');
    await userEvent.keyboard('{Escape}');
    await userEvent.type(box(), '{Enter}');
    await screen.findByText('Task created');
    expect(posted(requests, '/api/tasks')[0]?.body).toMatchObject({ title: 'Draft the memo', estimatedTime: '20min' });
  });

  it('records a changed client and estimate as corrections, sent after saving', async () => {
    const { requests } = api();
    await renderBox();
    await userEvent.type(box(), 'Payroll run for Acme 30 min');
    await userEvent.click(screen.getByRole('button', { name: 'Change Client: Acme' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Globex' }));
    expect(chipTexts()).toContain('client: Globex');
    await userEvent.click(screen.getByRole('button', { name: 'Change Estimate: 30 minutes' }));
    await userEvent.click(screen.getByRole('menuitem', { name: '2 hours' }));
    expect(chipTexts()).toContain('estimate: 2 hours');
    // Typing on keeps the choices.
    await userEvent.type(box(), ' tomorrow');
    expect(chipTexts()).toEqual(expect.arrayContaining(['client: Globex', 'estimate: 2 hours']));

    await userEvent.type(box(), '{Enter}');
    await screen.findByText('Task created');
    expect(posted(requests, '/api/tasks')[0]?.body).toMatchObject({ clientId: GLOBEX.id, estimatedTime: '2h', dueDate: tomorrow() });
    const title = (posted(requests, '/api/tasks')[0]?.body as { title: string }).title;
    await waitFor(() => expect(posted(requests, '/api/capture/corrections')).toHaveLength(1));
    expect(posted(requests, '/api/capture/corrections')[0]?.body).toEqual({
      clientAliases: [{ alias: 'Acme', clientId: GLOBEX.id }],
      estimates: [{ title, estimatedTime: '2h' }],
    });
    // The corrections go after the task.
    expect(requests.findIndex((r) => r.path === '/api/capture/corrections')).toBeGreaterThan(requests.findIndex((r) => r.path === '/api/tasks' && r.method === 'POST'));
  });

  it('offers to create a client the text names that is none of the user’s, then reads it as that client', async () => {
    const { requests } = api();
    await renderBox();
    await userEvent.type(box(), 'Hooli: send the quarterly report');
    expect(chip('client')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create client “Hooli”' }));
    expect(await screen.findByText('Client created')).toBeInTheDocument();
    expect(posted(requests, '/api/clients').map((r) => r.body)).toEqual([{ name: 'Hooli' }]);
    await waitFor(() => expect(chipTexts()).toEqual(['client: Hooli']));
    expect(screen.queryByRole('button', { name: /Create client/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('capture-title')).toHaveTextContent('Send the quarterly report');
  });

  it('shows each task of a ramble as its own row; one removed and one retitled, the rest saved together', async () => {
    const { requests } = api();
    await renderBox();
    await userEvent.type(box(), 'Email Globex the contract tomorrow, then call Acme on Friday and book flights next week');
    const rows = () => screen.getAllByTestId('capture-proposal');
    expect(rows()).toHaveLength(3);
    expect(rows().map((row) => within(row).getByTestId('capture-title').textContent)).toEqual(['Email Globex the contract', 'Call Acme', 'Book flights']);
    expect(chipTexts(rows()[1]!)).toEqual([expect.stringMatching(/^when: /), 'client: Acme']);
    expect(screen.getByTestId('capture-hint')).toHaveTextContent('3 tasks: Enter saves them together.');

    await userEvent.click(screen.getByRole('button', { name: 'Remove task 3' }));
    expect(rows()[2]).toHaveAttribute('data-removed', 'true');
    expect(screen.getByTestId('capture-highlights').querySelector('[data-mark="removed"]')).toHaveTextContent('book flights next week');
    await userEvent.click(screen.getByRole('button', { name: 'Edit the title of task 1' }));
    const title = screen.getByRole('textbox', { name: 'Task title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Send Globex the signed contract{Enter}');
    expect(within(rows()[0]!).getByTestId('capture-title')).toHaveTextContent('Send Globex the signed contract');
    // A chip of one row changes that row only.
    await userEvent.click(within(rows()[1]!).getByRole('button', { name: /^Remove Due:/ }));
    expect(chip('when', rows()[1]!)).toBeNull();
    expect(chip('when', rows()[0]!)).not.toBeNull();

    await userEvent.click(box());
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('2 tasks created')).toBeInTheDocument();
    expect(posted(requests, '/api/tasks')).toHaveLength(0);
    const batch = posted(requests, '/api/tasks/batch')[0]?.body as { tasks: Array<Record<string, unknown>> };
    expect(batch.tasks.map((task) => [task.title, task.clientId, task.dueDate])).toEqual([
      ['Send Globex the signed contract', GLOBEX.id, tomorrow()],
      ['Call Acme on Friday', ACME.id, null],
    ]);
  });

  it('with a model: the first Enter shows what the model changed, the second saves it', async () => {
    const modelTask: StructuredTask = {
      title: 'Call Acme about the renewal',
      description: '',
      clientName: 'Acme',
      priority: 'high',
      dueDate: tomorrow(),
      dueTime: '15:00',
      estimatedTime: null,
      isRecurring: false,
      recurringType: null,
      recurringInterval: 1,
      reminders: [],
    };
    const { requests } = api({
      modelReview: true,
      override: (req) => (req.path === '/api/ai/structure-task' ? json(200, { task: modelTask, clientId: ACME.id, readBy: 'model' }) : undefined),
    });
    const { store } = await renderBox();
    await waitFor(() => expect(store.getState().api.queries['getCaptureContext(undefined)']?.status).toBe('fulfilled'));
    await userEvent.type(box(), 'Call Acme about the renewal tomorrow 3pm{Enter}');

    expect(await screen.findByTestId('capture-hint')).toHaveTextContent('The model changed 1 detail (marked). Press Enter again to save.');
    expect(posted(requests, '/api/ai/structure-task').map((r) => r.body)).toEqual([{ input: 'Call Acme about the renewal tomorrow 3pm' }]);
    expect(posted(requests, '/api/tasks')).toHaveLength(0);
    expect(chip('priority')).toHaveAttribute('data-changed', 'true');
    expect(chip('priority')).toHaveTextContent('High Priority');
    expect(chip('client')).toHaveAttribute('data-changed', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Task created');
    expect(posted(requests, '/api/ai/structure-task')).toHaveLength(1);
    expect(posted(requests, '/api/tasks')[0]?.body).toMatchObject({ title: 'Call Acme about the renewal', priority: 'high', clientId: ACME.id, dueTime: '15:00' });
  });

  it('with a model that reads the same, or that cannot answer, saves at the first Enter', async () => {
    const { requests } = api({
      modelReview: true,
      override: (req) => (req.path === '/api/ai/structure-task' ? json(503, { error: { code: 'service_unavailable', message: 'x' } }) : undefined),
    });
    const { store } = await renderBox();
    await waitFor(() => expect(store.getState().api.queries['getCaptureContext(undefined)']?.status).toBe('fulfilled'));
    await userEvent.type(box(), 'Call Acme tomorrow{Enter}');
    await screen.findByText('Task created');
    expect(posted(requests, '/api/ai/structure-task')).toHaveLength(1);
    expect(posted(requests, '/api/tasks')[0]?.body).toMatchObject({ title: 'Call Acme', clientId: ACME.id });
  });

  it('says the task waits on the device when the service worker queued it offline', async () => {
    const onCreated = jest.fn();
    api({ override: (req) => (req.path === '/api/tasks' && req.method === 'POST' ? json(202, { queued: true }) : undefined) });
    await renderBox(onCreated);
    await userEvent.type(box(), 'Water the plants{Enter}');
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(screen.getByText("Saved on this device: it will sync when you're back online")).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    expect(box()).toHaveValue('');
  });

  it('says "Failed to create task" and keeps the text when the task cannot be saved; a quota shows the api’s message', async () => {
    let status = 500;
    const message = quotaMessage('liveTasks');
    api({ override: (req) => (req.path === '/api/tasks' && req.method === 'POST' ? json(status, { error: { code: status === 409 ? 'quota_exceeded' : 'internal_error', message } }) : undefined) });
    await renderBox();
    await userEvent.type(box(), 'Something{Enter}');
    expect(await screen.findByTestId('toast-description')).toHaveTextContent('Failed to create task');
    expect(box()).toHaveValue('Something');
    status = 409;
    await userEvent.type(box(), '{Enter}');
    await waitFor(() => expect(screen.getByTestId('toast-title')).toHaveTextContent('Failed to create task'));
    expect(screen.getByTestId('toast-description')).toHaveTextContent(message);
  });

  it('has no microphone where the browser has no speech recognition', async () => {
    api();
    await renderBox();
    expect(screen.queryByRole('button', { name: 'Start voice input' })).not.toBeInTheDocument();
  });

  it('listens (continuous, interim, en-US) into the same box with its preview, and reports a recognition error', async () => {
    const instances: FakeRecognition[] = [];
    class FakeRecognition {
      continuous = false;
      interimResults = false;
      lang = '';
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start = jest.fn();
      stop = jest.fn(() => this.onend?.());
      constructor() {
        instances.push(this);
      }
    }
    (window as unknown as { webkitSpeechRecognition: unknown }).webkitSpeechRecognition = FakeRecognition;
    api();
    await renderBox();
    await userEvent.click(screen.getByRole('button', { name: 'Start voice input' }));
    const recognition = instances[0]!;
    expect(recognition).toMatchObject({ continuous: true, interimResults: true, lang: 'en-US' });
    expect(box()).toHaveAttribute('placeholder', 'Listening for your task...');
    act(() => recognition.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: 'Call Acme tomorrow' }], { isFinal: false })] }));
    expect(box()).toHaveValue('Call Acme tomorrow');
    expect(chipTexts()).toEqual(['when: Tomorrow', 'client: Acme']);
    act(() => recognition.onerror?.({ error: 'not-allowed' }));
    expect(screen.getByText('Voice recognition error')).toBeInTheDocument();
    expect(screen.getByText('Please try again or check your microphone permissions.')).toBeInTheDocument();
    expect(box()).toHaveAttribute('placeholder', 'Describe your task naturally...');
  });
});
