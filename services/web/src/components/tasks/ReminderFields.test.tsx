import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationSettings, ScheduledReminder } from '@daybook/shared';
import { makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { TaskDialog } from './TaskDialog';

const DEFAULTS: NotificationSettings = {
  timedDefault: { kind: 'before', minutes: 30 },
  dateOnlyDefault: { kind: 'on-day', daysBefore: 0, time: '09:00' },
  digestHour: null,
  digestSkipEmpty: true,
};

function api({ settings = DEFAULTS, scheduled = [] }: { settings?: NotificationSettings | null; scheduled?: ScheduledReminder[] } = {}) {
  return mockFetch((req: RecordedRequest) => {
    if (req.path === '/api/auth/user') return json(200, makeUser({ timezone: 'America/New_York' }));
    if (req.path === '/api/notifications/settings') return settings ? json(200, settings) : json(503, { error: { code: 'unavailable', message: 'Down' } });
    if (req.path.endsWith('/reminders')) return json(200, scheduled);
    if (req.path.endsWith('/comments')) return json(200, []);
    if (req.path.includes('/time-entries')) return json(200, { items: [], nextCursor: null });
    if (req.path === '/api/clients' || req.path === '/api/time-increments') return json(200, []);
    if (req.path.startsWith('/api/tasks')) return json(req.method === 'POST' ? 201 : 200, makeTask({ id: uuid(1), title: 'Saved' }));
    return undefined;
  });
}

const reminders = () => within(screen.getByRole('list', { name: 'Reminders' }));
const chipLabels = () => reminders().queryAllByRole('listitem').map((item) => item.textContent);
const setDue = (date: string, time?: string) => {
  fireEvent.change(screen.getByLabelText('Due date'), { target: { value: date } });
  if (time !== undefined) fireEvent.change(screen.getByLabelText('Due time'), { target: { value: time } });
};
const openMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
};
const postedBody = (requests: RecordedRequest[]) => requests.find((r) => r.method === 'POST' && r.path === '/api/tasks')?.body as Record<string, unknown> | undefined;

describe('ReminderFields in the task dialog (DECISIONS 29)', () => {
  it("a new task's reminders start from the user's defaults and follow the due fields", async () => {
    const { requests } = api();
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/notifications/settings')).toBe(true));
    expect(await screen.findByText('No reminders')).toBeInTheDocument();

    setDue('2026-03-10');
    await waitFor(() => expect(chipLabels()).toEqual(['On the day at 09:00']));
    expect(screen.getByText('Your default reminder (change it in Settings)')).toBeInTheDocument();
    setDue('2026-03-10', '15:00');
    expect(chipLabels()).toEqual(['30 min before']);
    setDue('2026-03-10', '');
    expect(chipLabels()).toEqual(['On the day at 09:00']);
    setDue('', '15:00');
    expect(chipLabels()).toEqual([]);

    setDue('2026-03-10', '15:00');
    await userEvent.type(screen.getByLabelText(/Task Title/), 'Call Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(postedBody(requests)).toMatchObject({ dueDate: '2026-03-10', dueTime: '15:00', reminders: [{ kind: 'before', minutes: 30 }] });
  });

  it('offers what the due date and time allow: before-choices need a time, on-the-day a date, a date and time always', async () => {
    api();
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    expect(await openMenu()).toEqual(['At a date and time…']);
    expect(screen.getByText('Set a due date to remind on the day')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    setDue('2026-03-10');
    expect(await openMenu()).toEqual(['On the day at…', 'Day before at…', 'At a date and time…']);
    expect(screen.getByText('Set a due time to remind before it')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    setDue('2026-03-10', '15:00');
    expect(await openMenu()).toEqual([
      'At due time',
      '5 min before',
      '10 min before',
      '15 min before',
      '30 min before',
      '1 h before',
      '2 h before',
      '1 day before',
      'On the day at…',
      'Day before at…',
      'At a date and time…',
    ]);
    // The default already set is not offered twice.
    await waitFor(() => expect(screen.getByRole('menuitem', { name: '30 min before' })).toHaveAttribute('aria-disabled', 'true'));
  });

  it('once edited by hand, the reminders stay as the user left them whatever the due fields do', async () => {
    const { requests } = api();
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    setDue('2026-03-10', '15:00');
    await waitFor(() => expect(chipLabels()).toEqual(['30 min before']));
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: '1 h before' }));
    expect(chipLabels()).toEqual(['30 min before', '1 h before']);
    // The chip is a button: Delete removes it.
    await userEvent.click(reminders().getByRole('button', { name: '30 min before' }));
    await userEvent.keyboard('{Delete}');
    expect(chipLabels()).toEqual(['1 h before']);

    setDue('2026-03-10', '');
    expect(chipLabels()).toEqual(['1 h before · needs a due time']);
    setDue('2026-03-10', '16:00');
    expect(chipLabels()).toEqual(['1 h before']);

    await userEvent.type(screen.getByLabelText(/Task Title/), 'Call Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(postedBody(requests)?.reminders).toEqual([{ kind: 'before', minutes: 60 }]);
  });

  it("adds a reminder the day before at a chosen time, and one at a date and time on the user's clock", async () => {
    const { requests } = api({ settings: { ...DEFAULTS, dateOnlyDefault: null } });
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    await screen.findByText('No reminders');
    setDue('2026-03-10');
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Day before at…' }));
    const draft = within(screen.getByRole('group', { name: 'New reminder' }));
    expect(draft.getByLabelText('Reminder time')).toHaveValue('09:00');
    fireEvent.change(draft.getByLabelText('Reminder time'), { target: { value: '18:00' } });
    await userEvent.click(draft.getByRole('button', { name: 'Add' }));
    expect(chipLabels()).toEqual(['Day before at 18:00']);

    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'At a date and time…' }));
    const at = within(screen.getByRole('group', { name: 'New reminder' }));
    expect(at.getByLabelText('Reminder date')).toHaveValue('2026-03-10');
    fireEvent.change(at.getByLabelText('Reminder date'), { target: { value: '2026-03-09' } });
    fireEvent.change(at.getByLabelText('Reminder time'), { target: { value: '08:00' } });
    await userEvent.click(at.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(chipLabels()).toEqual(['Day before at 18:00', 'Mar 9, 08:00']));

    await userEvent.type(screen.getByLabelText(/Task Title/), 'Renewal');
    await userEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    // 08:00 in New York on 9 March 2026 (daylight time from the 8th) is 12:00 UTC.
    expect(postedBody(requests)?.reminders).toEqual([
      { kind: 'on-day', daysBefore: 1, time: '18:00' },
      { kind: 'at', at: '2026-03-09T12:00:00.000Z' },
    ]);
  });

  it("without the user's defaults (offline), a new task names no reminders and the api applies the defaults", async () => {
    const { requests } = api({ settings: null });
    renderWithProviders(<TaskDialog open onClose={jest.fn()} delegationEnabled={false} />);
    setDue('2026-03-10', '15:00');
    await userEvent.type(screen.getByLabelText(/Task Title/), 'Call Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(postedBody(requests)).not.toHaveProperty('reminders');
  });

  it("an open task shows its own reminders (sent ones marked, snoozes listed), sends them on save, and takes at most five", async () => {
    const task = makeTask({
      id: uuid(1),
      title: 'Report',
      dueDate: '2026-03-10',
      dueTime: '15:00',
      reminders: [
        { kind: 'before', minutes: 0 },
        { kind: 'before', minutes: 15 },
        { kind: 'on-day', daysBefore: 1, time: '18:00' },
        { kind: 'on-day', daysBefore: 0, time: '09:00' },
      ],
    });
    const scheduled: ScheduledReminder[] = [
      { id: uuid(50), taskId: task.id, spec: { kind: 'on-day', daysBefore: 1, time: '18:00' }, fireAt: '2026-03-09T22:00:00.000Z', state: 'sent', late: false, sentAt: '2026-03-09T22:00:05.000Z' },
      { id: uuid(51), taskId: task.id, spec: null, fireAt: '2026-03-10T14:30:00.000Z', state: 'pending', late: false, sentAt: null },
    ];
    const { requests } = api({ scheduled });
    renderWithProviders(<TaskDialog open onClose={jest.fn()} task={task} delegationEnabled={false} />);
    await waitFor(() => expect(chipLabels()).toContain('Day before at 18:00 · sent'));
    expect(chipLabels()).toEqual(['At due time', '15 min before', 'Day before at 18:00 · sent', 'On the day at 09:00']);
    expect(screen.getByText('Snoozed until Mar 10, 10:30')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/notifications/settings')).toBe(false);

    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: '1 day before' }));
    expect(screen.getByRole('button', { name: 'Add reminder' })).toBeDisabled();
    expect(screen.getByText('At most 5 reminders')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    await screen.findByText('Task updated');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ reminders: [...task.reminders, { kind: 'before', minutes: 1440 }] });
  });

  it('once a reminder went off, "Snooze 1 h" reminds again in an hour at once; not before, nor for a completed task', async () => {
    const task = makeTask({ id: uuid(1), title: 'Report', dueDate: '2026-03-10', reminders: [{ kind: 'on-day', daysBefore: 0, time: '09:00' }] });
    const sent: ScheduledReminder = { id: uuid(50), taskId: task.id, spec: task.reminders[0]!, fireAt: '2026-03-10T13:00:00.000Z', state: 'sent', late: false, sentAt: '2026-03-10T13:00:02.000Z' };
    const snooze: ScheduledReminder = { id: uuid(51), taskId: task.id, spec: null, fireAt: '2026-03-10T14:30:00.000Z', state: 'pending', late: false, sentAt: null };
    const scheduled = [sent];
    const { requests } = mockFetch((req: RecordedRequest) => {
      if (req.path === '/api/auth/user') return json(200, makeUser({ timezone: 'America/New_York' }));
      if (req.path === `/api/tasks/${task.id}/reminders`) return json(200, scheduled);
      if (req.path === `/api/tasks/${task.id}/snooze`) {
        scheduled.push(snooze);
        return json(201, snooze);
      }
      if (req.path === '/api/clients' || req.path === '/api/time-increments') return json(200, []);
      return undefined;
    });
    const { unmount } = renderWithProviders(<TaskDialog open onClose={jest.fn()} task={task} delegationEnabled={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Snooze 1 h' }));
    expect(await screen.findByText('Reminder snoozed')).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith('/snooze'))).toMatchObject({ method: 'POST', body: {} });
    expect(await screen.findByText('Snoozed until Mar 10, 10:30')).toBeInTheDocument();
    // Nothing saved: the snooze is not part of the form.
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    unmount();

    // Nothing went off yet (its snooze listed shows the reminders have loaded).
    scheduled.splice(0, scheduled.length, { ...sent, state: 'pending', sentAt: null }, snooze);
    const { unmount: unmountPending } = renderWithProviders(<TaskDialog open onClose={jest.fn()} task={task} delegationEnabled={false} />);
    expect(await screen.findByText('Snoozed until Mar 10, 10:30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Snooze 1 h' })).not.toBeInTheDocument();
    unmountPending();

    scheduled.splice(0, scheduled.length, sent);
    renderWithProviders(<TaskDialog open onClose={jest.fn()} task={{ ...task, isCompleted: true, status: 'completed' }} delegationEnabled={false} />);
    await waitFor(() => expect(chipLabels()).toEqual(['On the day at 09:00 · sent']));
    expect(screen.queryByRole('button', { name: 'Snooze 1 h' })).not.toBeInTheDocument();
  });
});
