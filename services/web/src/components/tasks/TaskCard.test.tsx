import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from '@daybook/shared';
import { makeClient, makeContact, makeTask, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, taskView, withTaskView } from '../../test/render';
import { TaskCard, type TaskCardVariant } from './TaskCard';
import { TaskMetaRow } from './TaskMetaRow';
import { HeaderTimer } from '../timer/HeaderTimer';

// Saturday 2026-03-07, 10:00 in New York.
const NOW = new Date('2026-03-07T15:00:00Z');
const ACME = makeClient({ id: uuid(10), name: 'Acme', color: '#ef4444' });
const PAT = makeContact({ id: uuid(20), name: 'Pat' });

function renderCard(task: Task, variant: TaskCardVariant = 'default') {
  const view = taskView({ clientsById: new Map([[ACME.id, ACME]]), contactsById: new Map([[PAT.id, PAT]]), now: NOW, delegationEnabled: true });
  renderWithProviders(withTaskView(<TaskCard task={task} variant={variant} />, view));
  return view;
}

describe('TaskCard', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'vibrate', { value: jest.fn(() => true), configurable: true });
  });

  it('shows the task: title, description, priority, due label, estimate, client, delegate and document links', () => {
    renderCard(
      makeTask({
        id: uuid(1),
        title: 'Call Acme',
        description: 'About the renewal',
        priority: 'high',
        dueDate: '2026-03-07',
        dueTime: '15:00',
        estimatedTime: '30min',
        clientId: ACME.id,
        isDelegated: true,
        delegatedToId: PAT.id,
        documentLinks: ['https://docs.example/a', 'docs.example/b', 'javascript:alert(1)'],
      }),
    );
    expect(screen.getByText('Call Acme')).toBeInTheDocument();
    expect(screen.getByTestId('task-description')).toHaveTextContent('About the renewal');
    expect(screen.getByText('High Priority')).toBeInTheDocument();
    expect(screen.getByTestId('task-due')).toHaveTextContent('Due: Today · 3:00 PM');
    expect(screen.getByTestId('task-estimate')).toHaveTextContent('30 min');
    expect(screen.getByTestId('client-chip')).toHaveTextContent('Acme');
    expect(screen.getByTestId('task-delegate')).toHaveTextContent('Pat');
    expect(screen.getByRole('link', { name: 'Doc 1' })).toHaveAttribute('href', 'https://docs.example/a');
    expect(screen.getByRole('link', { name: 'Doc 2' })).toHaveAttribute('href', 'https://docs.example/b');
    // A script link is shown, never linked.
    expect(screen.getByText('Doc 3')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Doc 3' })).not.toBeInTheDocument();
  });

  it.each([
    ['weekdays', 1, 'Every weekday'],
    ['daily', 1, 'Daily'],
    ['weekly', 2, 'Every 2 weeks'],
    ['monthly', 1, 'Monthly'],
  ] as const)('labels a %s repeat every %i as "%s" (DECISIONS 35)', (recurringType, recurringInterval, label) => {
    renderCard(makeTask({ id: uuid(1), title: 'Stand-up', isRecurring: true, recurringType, recurringInterval }));
    expect(screen.getByTestId('task-recurrence')).toHaveTextContent(label);
  });

  it('labels a weekdays series "Every weekday" even with another interval stored', () => {
    renderCard(makeTask({ id: uuid(1), title: 'Stand-up', isRecurring: true, recurringType: 'weekdays', recurringInterval: 3 }));
    expect(screen.getByTestId('task-recurrence')).toHaveTextContent(/^Every weekday$/);
  });

  it('keeps no empty row for a task with nothing to show under its title: the actions sit beside the priority', () => {
    renderCard(makeTask({ id: uuid(1), title: 'Someday' }));
    renderCard(makeTask({ id: uuid(2), title: 'Dated', dueDate: '2026-03-09' }));
    const [undated, dated] = screen.getAllByTestId('task-card') as [HTMLElement, HTMLElement];
    expect(within(undated).queryByTestId('task-meta')).not.toBeInTheDocument();
    expect(within(undated).getByTestId('task-actions')).toContainElement(within(undated).getByRole('button', { name: 'Archive task' }));
    // With a date, the actions close the meta row.
    expect(within(dated).getByTestId('task-meta')).toContainElement(within(dated).getByTestId('task-actions'));
    expect(within(dated).getByTestId('task-meta')).toContainElement(within(dated).getByTestId('task-due'));
  });

  it('counts an estimate, a client, a repeat, a link or a delegate as meta too', () => {
    renderCard(makeTask({ id: uuid(1), title: 'Estimated', estimatedTime: '1h' }));
    renderCard(makeTask({ id: uuid(2), title: 'For Acme', clientId: ACME.id }));
    renderCard(makeTask({ id: uuid(3), title: 'Linked', documentLinks: ['https://docs.example/a'] }));
    renderCard(makeTask({ id: uuid(4), title: 'Delegated', isDelegated: true, delegatedToId: PAT.id }));
    renderCard(makeTask({ id: uuid(5), title: 'Daily', isRecurring: true, recurringType: 'daily', recurringInterval: 1 }));
    expect(screen.getAllByTestId('task-card')).toHaveLength(5);
    for (const card of screen.getAllByTestId('task-card')) expect(within(card).getByTestId('task-meta')).toContainElement(within(card).getByTestId('task-actions'));
  });

  it('shows an unknown priority as "None" and an overdue date in red', () => {
    // Off the contract on purpose: the card must still show something.
    renderCard({ ...makeTask({ id: uuid(1), title: 'Old', dueDate: '2026-03-02' }), priority: 'someday' as Task['priority'] });
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.getByTestId('task-due')).toHaveAttribute('data-overdue', 'true');
    expect(screen.getByTestId('task-due')).toHaveTextContent('Mar 2, 2026');
  });

  // How a completed card looks (muted, struck through, not translucent) is its stylesheet's: the look journey checks it in Chromium.
  it('marks a completed task as such, its box checked and its due date not overdue', () => {
    renderCard(makeTask({ id: uuid(1), title: 'Done', isCompleted: true, status: 'completed', dueDate: '2026-03-02' }));
    expect(screen.getByTestId('task-card')).toHaveAttribute('data-completed', 'true');
    expect(screen.getByTestId('task-due')).toHaveAttribute('data-overdue', 'false');
    expect(screen.getByRole('checkbox', { name: 'Mark "Done" not complete' })).toBeChecked();
  });

  it('completes a task with "Task completed"', async () => {
    const { requests } = mockFetch(() => json(200, makeTask({ id: uuid(1), title: 'Call', isCompleted: true })));
    renderCard(makeTask({ id: uuid(1), title: 'Call' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mark "Call" complete' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: `/api/tasks/${uuid(1)}/complete`, body: { isCompleted: true } });
  });

  it('changes the priority with "Priority updated"', async () => {
    const { requests } = mockFetch(() => json(200, makeTask({ id: uuid(1), title: 'Call', priority: 'urgent' })));
    renderCard(makeTask({ id: uuid(1), title: 'Call' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change priority' }));
    // The menus load with the first one opened.
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Urgent' }));
    expect(await screen.findByText('Priority updated')).toBeInTheDocument();
    expect(screen.getByText('Task priority has been updated successfully')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: `/api/tasks/${uuid(1)}`, body: { priority: 'urgent' } });
  });

  it('says "Failed to archive task" and vibrates when archiving fails', async () => {
    mockFetch(() => json(500, { error: { code: 'internal_error', message: 'Internal server error' } }));
    renderCard(makeTask({ id: uuid(1), title: 'Call' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive task' }));
    expect(await screen.findByText('Failed to archive task')).toBeInTheDocument();
    expect(navigator.vibrate).toHaveBeenCalledWith([100, 50, 100, 50, 100]);
  });

  it('moves a task to the backlog from its menu', async () => {
    const { requests } = mockFetch(() => json(200, makeTask({ id: uuid(1), title: 'Call', isBacklog: true })));
    renderCard(makeTask({ id: uuid(1), title: 'Call' }));
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to backlog' }));
    expect(await screen.findByText('Task moved to backlog')).toBeInTheDocument();
    expect(requests.find((req) => req.method === 'PATCH')).toMatchObject({ method: 'PATCH', path: `/api/tasks/${uuid(1)}/backlog` });
  });

  it('deletes a task from its menu, and Undo in the toast brings it back (issue 37)', async () => {
    const { requests } = mockFetch((req) =>
      req.method === 'DELETE' ? new Response(null, { status: 204 }) : req.method === 'POST' ? json(200, makeTask({ id: uuid(1), title: 'Call' })) : undefined,
    );
    renderCard(makeTask({ id: uuid(1), title: 'Call' }));
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete task' }));
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    expect(requests.find((req) => req.method === 'DELETE')).toMatchObject({ path: `/api/tasks/${uuid(1)}` });
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Task restored')).toBeInTheDocument();
    expect(requests.find((req) => req.method === 'POST')).toMatchObject({ path: `/api/tasks/${uuid(1)}/undelete` });
  });

  it('archives with Undo in the toast, which unarchives (issue 37)', async () => {
    const { requests } = mockFetch(() => json(200, makeTask({ id: uuid(1), title: 'Call' })));
    renderCard(makeTask({ id: uuid(1), title: 'Call' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive task' }));
    expect(await screen.findByText('Task archived')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Task unarchived')).toBeInTheDocument();
    expect(requests.filter((req) => req.method === 'PATCH').map((req) => req.path)).toEqual([`/api/tasks/${uuid(1)}/archive`, `/api/tasks/${uuid(1)}/unarchive`]);
  });

  it('shows a drag handle in a list the user rearranges only (issue 37)', () => {
    const view = taskView({ now: NOW });
    renderWithProviders(withTaskView(<TaskCard task={makeTask({ id: uuid(1), title: 'Movable' })} sortable />, view));
    renderWithProviders(withTaskView(<TaskCard task={makeTask({ id: uuid(2), title: 'Fixed' })} />, view));
    const [movable, fixed] = screen.getAllByTestId('task-card') as [HTMLElement, HTMLElement];
    expect(within(movable).getByTestId('task-drag-handle')).toHaveAttribute('title', 'Drag to reorder');
    expect(within(fixed).queryByTestId('task-drag-handle')).not.toBeInTheDocument();
  });

  it('offers restore and archive in the backlog, nothing else', async () => {
    const { requests } = mockFetch(() => json(200, makeTask({ id: uuid(1), title: 'Later' })));
    renderCard(makeTask({ id: uuid(1), title: 'Later', isBacklog: true, status: 'backlog' }), 'backlog');
    expect(screen.queryByRole('button', { name: 'Change priority' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive task' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore task' }));
    await waitFor(() => expect(screen.getByText('Task restored')).toBeInTheDocument());
    expect(screen.getByText('The task has been restored from backlog')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: `/api/tasks/${uuid(1)}/restore` });
  });

  it('shows a bell labelled "Reminder set" on a task with reminders, none without (DECISIONS 29)', () => {
    mockFetch(() => undefined);
    renderCard(makeTask({ id: uuid(1), title: 'Call', dueDate: '2026-03-07', dueTime: '15:00', reminders: [{ kind: 'before', minutes: 30 }] }));
    renderCard(makeTask({ id: uuid(2), title: 'Write' }));
    const [withReminder, without] = screen.getAllByTestId('task-card');
    expect(within(withReminder as HTMLElement).getByRole('img', { name: 'Reminder set' })).toBeInTheDocument();
    expect(within(without as HTMLElement).queryByRole('img', { name: 'Reminder set' })).not.toBeInTheDocument();
  });

  it('shows the bell in the short meta row too (Kanban, top 3)', () => {
    mockFetch(() => undefined);
    renderWithProviders(withTaskView(<TaskMetaRow task={makeTask({ id: uuid(1), title: 'Call', dueDate: '2026-03-07', reminders: [{ kind: 'on-day', daysBefore: 0, time: '09:00' }] })} />, taskView({ now: NOW })));
    expect(screen.getByRole('img', { name: 'Reminder set' })).toBeInTheDocument();
  });

  it('opens the task dialog from its title', async () => {
    mockFetch(() => undefined);
    const task = makeTask({ id: uuid(1), title: 'Call' });
    const view = renderCard(task);
    await userEvent.click(screen.getByTestId('task-title'));
    expect(view.openTask).toHaveBeenCalledWith(task);
  });

  it('shows tracked against estimated time once time is tracked, in the warning colour past the estimate (DECISIONS 31)', () => {
    mockFetch(() => undefined);
    renderCard(makeTask({ id: uuid(1), title: 'On track', estimatedTime: '2h', trackedSeconds: 5400 }));
    renderCard(makeTask({ id: uuid(2), title: 'Over', estimatedTime: '30min', trackedSeconds: 2700 }));
    renderCard(makeTask({ id: uuid(3), title: 'Not started', estimatedTime: '1h' }));
    const [onTrack, over, notStarted] = screen.getAllByTestId('task-card') as HTMLElement[];
    expect(within(onTrack!).getByTestId('task-tracked')).toHaveTextContent('1 h 30 min / 2 h');
    expect(within(over!).getByTestId('task-tracked')).toHaveTextContent('45 min / 30 min');
    expect(within(notStarted!).queryByTestId('task-tracked')).not.toBeInTheDocument();
    expect(within(notStarted!).getByTestId('task-estimate')).toHaveTextContent('1 h');
  });

  it('shows on a delegated task that its contact answered through the shared link: how often, and when last (DECISIONS 33)', async () => {
    const { requests } = mockFetch((req) =>
      req.path === '/api/share-answers'
        ? json(200, [
            { taskId: uuid(1), count: 1, lastAt: '2026-03-06T15:00:00.000Z' },
            { taskId: uuid(2), count: 3, lastAt: '2026-03-07T14:00:00.000Z' },
          ])
        : undefined,
    );
    const view = taskView({ contactsById: new Map([[PAT.id, PAT]]), now: NOW, delegationEnabled: true });
    const delegated = (n: number, title: string) => makeTask({ id: uuid(n), title, isDelegated: true, delegatedToId: PAT.id });
    const tasks = [delegated(1, 'Collect the lease'), delegated(2, 'Send the invoice'), delegated(3, 'Not answered'), makeTask({ id: uuid(4), title: 'Mine' })];
    renderWithProviders(withTaskView(tasks.map((task) => <TaskCard key={task.id} task={task} />), view));
    const [once, thrice, quiet, mine] = screen.getAllByTestId('task-card') as HTMLElement[];
    expect(await within(once!).findByTestId('task-answered')).toHaveTextContent('Answered');
    expect(within(once!).getByTestId('task-answered')).toHaveAttribute('title', 'Your contact answered through the shared link, last on Mar 6, 2026');
    expect(within(thrice!).getByTestId('task-answered')).toHaveTextContent('3 answers');
    expect(within(quiet!).queryByTestId('task-answered')).not.toBeInTheDocument();
    expect(within(mine!).queryByTestId('task-answered')).not.toBeInTheDocument();
    // One read for every card of the screen.
    expect(requests.filter((req) => req.path === '/api/share-answers')).toHaveLength(1);
  });

  it('starts the timer from the card’s menu, and offers to stop it while it runs there (DECISIONS 31)', async () => {
    const task = makeTask({ id: uuid(1), title: 'Call Acme' });
    let running: unknown = null;
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/timer' && req.method === 'GET') return json(200, { running, stopped: null });
      if (req.path === '/api/timer' && req.method === 'POST') {
        running = { id: uuid(500), taskId: task.id, taskTitle: task.title, clientId: null, startedAt: '2026-03-07T15:00:00.000Z', endedAt: null, durationSeconds: null, note: '', billable: false, billingPeriodId: null, overlaps: [], createdAt: '2026-03-07T15:00:00.000Z', updatedAt: '2026-03-07T15:00:00.000Z' };
        return json(201, { running, stopped: null });
      }
      return undefined;
    });
    // The header's timer keeps the timer's answer on every screen; the card reads it.
    renderWithProviders(
      withTaskView(
        <>
          <HeaderTimer />
          <TaskCard task={task} />
        </>,
        taskView({ now: NOW }),
      ),
    );
    await waitFor(() => expect(requests.some((req) => req.path === '/api/timer')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Start timer' }));
    await waitFor(() => expect(requests.find((req) => req.path === '/api/timer' && req.method === 'POST')?.body).toEqual({ taskId: task.id }));
    expect(await screen.findByTestId('running-timer')).toHaveTextContent('Call Acme');
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Stop timer' })).toBeInTheDocument();
  });
});
