import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quotaMessage } from '@daybook/shared';
import { makeClient, makeIncrement, makeTask, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { NaturalLanguageBox } from './NaturalLanguageBox';

const ACME = makeClient({ id: uuid(10), name: 'Acme', color: '#ef4444' });
const INCREMENTS = [makeIncrement({ id: uuid(20), label: '30 minutes', value: '30min' })];
const STRUCTURED = {
  title: 'Call Acme',
  description: '',
  clientName: 'acme',
  priority: 'urgent',
  dueDate: '2026-03-05',
  dueTime: '15:00',
  estimatedTime: '30min',
  isRecurring: false,
  recurringType: null,
  recurringInterval: 1,
};

function api(overrides: (req: RecordedRequest) => Response | undefined = () => undefined) {
  return mockFetch((req) => {
    const answer = overrides(req);
    if (answer) return answer;
    if (req.path === '/api/clients') return json(200, [ACME]);
    if (req.path === '/api/time-increments') return json(200, INCREMENTS);
    if (req.path === '/api/ai/structure-task') return json(200, STRUCTURED);
    if (req.path === '/api/tasks') return json(201, makeTask({ id: uuid(1), title: 'Call Acme' }));
    return undefined;
  });
}

const box = () => screen.getByRole('textbox', { name: 'Describe your task' });
const submit = () => screen.getByRole('button', { name: 'Create task from description' });

describe('NaturalLanguageBox', () => {
  afterEach(() => {
    delete (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
  });

  it('keeps submit disabled for blank text', async () => {
    api();
    renderWithProviders(<NaturalLanguageBox onOpenTask={jest.fn()} />);
    expect(box()).toHaveAttribute('placeholder', 'Describe your task naturally...');
    expect(submit()).toBeDisabled();
    await userEvent.type(box(), '   ');
    expect(submit()).toBeDisabled();
  });

  it('structures the text, creates the task with client, date, time and recurrence, clears, and offers to open it', async () => {
    const { requests } = api();
    const onOpenTask = jest.fn();
    renderWithProviders(<NaturalLanguageBox onOpenTask={onOpenTask} />);
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/time-increments'));
    await userEvent.type(box(), 'Call Acme tomorrow 3pm urgent 30 min{Enter}');
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(screen.getByText('Your task has been created successfully from your description')).toBeInTheDocument();
    expect(box()).toHaveValue('');
    expect(screen.getByTestId('nl-box')).toHaveAttribute('data-flash', 'true');

    expect(requests.find((r) => r.path === '/api/ai/structure-task')?.body).toEqual({
      input: 'Call Acme tomorrow 3pm urgent 30 min',
      availableClients: ['Acme'],
      availableTimeIncrements: ['30 minutes'],
    });
    expect(requests.find((r) => r.path === '/api/tasks')?.body).toEqual({
      title: 'Call Acme',
      description: null,
      clientId: ACME.id,
      priority: 'urgent',
      status: 'todo',
      dueDate: '2026-03-05',
      dueTime: '15:00',
      estimatedTime: '30min',
      documentLinks: [],
      isRecurring: false,
      recurringType: null,
      recurringInterval: 1,
      isBacklog: false,
      isCompleted: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Open task' }));
    expect(onOpenTask).toHaveBeenCalledWith(expect.objectContaining({ id: uuid(1) }));
  });

  it('leaves the client empty when the name matches none of the user\'s clients', async () => {
    const { requests } = api((req) => (req.path === '/api/ai/structure-task' ? json(200, { ...STRUCTURED, clientName: 'Globex' }) : undefined));
    renderWithProviders(<NaturalLanguageBox onOpenTask={jest.fn()} />);
    await userEvent.type(box(), 'Call Globex{Enter}');
    await screen.findByText('Task created');
    expect(requests.find((r) => r.path === '/api/tasks')?.body).toMatchObject({ clientId: null });
  });

  it('says when the text could not be structured, and keeps it', async () => {
    const { requests } = api((req) => (req.path === '/api/ai/structure-task' ? json(503, { error: { code: 'ai_unavailable', message: 'x' } }) : undefined));
    renderWithProviders(<NaturalLanguageBox onOpenTask={jest.fn()} />);
    await userEvent.type(box(), 'Something{Enter}');
    expect(await screen.findByText('Failed to process your task description. Please try again.')).toBeInTheDocument();
    expect(box()).toHaveValue('Something');
    expect(requests.some((r) => r.path === '/api/tasks')).toBe(false);
  });

  it("shows the server's message when the user sends descriptions too quickly (429)", async () => {
    const message = 'You are sending task descriptions too quickly. Please wait 40 seconds and try again.';
    api((req) => (req.path === '/api/ai/structure-task' ? json(429, { error: { code: 'too_many_requests', message } }) : undefined));
    renderWithProviders(<NaturalLanguageBox onOpenTask={jest.fn()} />);
    await userEvent.type(box(), 'Something{Enter}');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Failed to process your task description. Please try again.')).not.toBeInTheDocument();
    expect(box()).toHaveValue('Something');
  });

  it('says "Failed to create task" when the task cannot be saved', async () => {
    api((req) => (req.path === '/api/tasks' ? json(500, { error: { code: 'internal_error', message: 'x' } }) : undefined));
    renderWithProviders(<NaturalLanguageBox onOpenTask={jest.fn()} />);
    await userEvent.type(box(), 'Something{Enter}');
    expect(await screen.findByText('Failed to create task')).toBeInTheDocument();
  });

  it('shows the api’s message when a quota is reached (DECISIONS 22)', async () => {
    const message = quotaMessage('liveTasks');
    api((req) => (req.path === '/api/tasks' ? json(409, { error: { code: 'quota_exceeded', message } }) : undefined));
    renderWithProviders(<NaturalLanguageBox onOpenTask={jest.fn()} />);
    await userEvent.type(box(), 'Something{Enter}');
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Failed to create task');
    expect(screen.getByTestId('toast-description')).toHaveTextContent(message);
    expect(box()).toHaveValue('Something');
  });

  it('has no microphone where the browser has no speech recognition', () => {
    api();
    renderWithProviders(<NaturalLanguageBox onOpenTask={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Start voice input' })).not.toBeInTheDocument();
  });

  it('listens (continuous, interim, en-US) where it exists, and reports a recognition error', async () => {
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
    renderWithProviders(<NaturalLanguageBox onOpenTask={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start voice input' }));
    const recognition = instances[0]!;
    expect(recognition).toMatchObject({ continuous: true, interimResults: true, lang: 'en-US' });
    expect(box()).toHaveAttribute('placeholder', 'Listening for your task...');
    act(() => recognition.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: 'Call Acme' }], { isFinal: false })] }));
    expect(box()).toHaveValue('Call Acme');
    act(() => recognition.onerror?.({ error: 'not-allowed' }));
    expect(screen.getByText('Voice recognition error')).toBeInTheDocument();
    expect(screen.getByText('Please try again or check your microphone permissions.')).toBeInTheDocument();
    expect(box()).toHaveAttribute('placeholder', 'Describe your task naturally...');
  });
});
