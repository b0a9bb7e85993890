import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task, TimeEntry } from '@daybook/shared';
import { makeClient, makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { makeTimeEntry, timerState } from '../../test/timeFixtures';
import { TaskTimePanel } from './TaskTimePanel';

const ACME = { ...makeClient({ id: uuid(10), name: 'Acme' }), billable: true };
const TASK = makeTask({ id: uuid(1), title: 'Write report', clientId: ACME.id, estimatedTime: '2h', trackedSeconds: 5400 });
const FIRST = makeTimeEntry({ id: uuid(501), startedAt: '2026-03-04T14:00:00.000Z', endedAt: '2026-03-04T15:00:00.000Z', note: 'first draft', billable: true, overlaps: [uuid(502)] });
const SECOND = makeTimeEntry({ id: uuid(502), startedAt: '2026-03-04T14:30:00.000Z', endedAt: '2026-03-04T15:00:00.000Z', overlaps: [uuid(501)] });
const BILLED = makeTimeEntry({ id: uuid(503), startedAt: '2026-03-02T14:00:00.000Z', endedAt: '2026-03-02T14:30:00.000Z', billingPeriodId: uuid(900), billable: true });

function api(entries: TimeEntry[], overrides: (req: RecordedRequest) => Response | Promise<Response> | undefined = () => undefined, task: Task = TASK) {
  return mockFetch((req) => {
    const answer = overrides(req);
    if (answer) return answer;
    if (req.path === '/api/auth/user') return json(200, makeUser());
    if (req.path === '/api/clients') return json(200, [ACME]);
    if (req.path === '/api/timer' && req.method === 'GET') return json(200, timerState(null));
    if (req.path === `/api/tasks/${task.id}`) return json(200, task);
    if (req.path.startsWith(`/api/tasks/${task.id}/time-entries`)) return json(200, { items: entries, nextCursor: null });
    return undefined;
  });
}

const panel = () => screen.getByRole('region', { name: 'Time' });

describe('the task dialog’s time section', () => {
  it('shows tracked against estimated and the entries, flagging overlaps and keeping billed ones read-only', async () => {
    api([FIRST, SECOND, BILLED]);
    renderWithProviders(<TaskTimePanel task={TASK} />);
    expect(await within(panel()).findByTestId('task-time-tracked')).toHaveTextContent('1 h 30 min tracked / 2 h estimated');
    expect(screen.getByRole('progressbar', { name: 'Tracked against estimated' })).toHaveAttribute('aria-valuenow', '75');
    const rows = await screen.findAllByTestId('time-entry');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Mar 4, 2026 · 9:00 AM – 10:00 AM1 h'),
      expect.stringContaining('Mar 4, 2026 · 9:30 AM – 10:00 AM30 min'),
      expect.stringContaining('Mar 2, 2026 · 9:00 AM – 9:30 AM30 min'),
    ]);
    expect(within(rows[0]!).getByText('first draft')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('time-entry-overlap')).toHaveTextContent('Overlaps 1 other entry');
    expect(within(rows[1]!).getByTestId('time-entry-overlap')).toBeInTheDocument();
    expect(within(rows[2]!).queryByTestId('time-entry-overlap')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText('Billed')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: 'Edit time entry' })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Edit time entry' })).toBeInTheDocument();
  });

  it('starts the timer with the button or Alt+T, and shows the running time in the total', async () => {
    const running = makeTimeEntry({ id: uuid(600), taskId: TASK.id, startedAt: new Date(Date.now() - 30 * 60_000).toISOString(), endedAt: null });
    let started = false;
    const { requests } = api([], (req) => {
      if (req.path === '/api/timer' && req.method === 'POST') {
        started = true;
        return json(201, timerState(running));
      }
      if (req.path === '/api/timer' && req.method === 'GET') return json(200, timerState(started ? running : null));
      if (req.path === '/api/timer/stop') {
        started = false;
        return json(200, timerState(null, { ...running, endedAt: new Date().toISOString() }));
      }
      return undefined;
    });
    renderWithProviders(<TaskTimePanel task={TASK} />);
    const start = await screen.findByRole('button', { name: 'Start timer' });
    expect(start).toHaveAttribute('aria-keyshortcuts', 'Alt+T');
    await userEvent.click(start);
    expect(requests.find((req) => req.path === '/api/timer' && req.method === 'POST')?.body).toEqual({ taskId: TASK.id });
    expect(await screen.findByRole('button', { name: 'Stop timer' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('task-time-tracked')).toHaveTextContent('2 h tracked / 2 h estimated'));

    await userEvent.keyboard('{Alt>}t{/Alt}');
    await waitFor(() => expect(requests.filter((req) => req.path === '/api/timer/stop')).toHaveLength(1));
    expect(requests.find((req) => req.path === '/api/timer/stop')?.body).toEqual({ entryId: running.id });
    expect(await screen.findByRole('button', { name: 'Start timer' })).toBeInTheDocument();
  });

  it('adds an entry by hand: billable as the task’s client, the duration setting the end', async () => {
    const { requests } = api([], (req) => (req.path === '/api/time-entries' && req.method === 'POST' ? json(201, makeTimeEntry({ overlaps: [uuid(9)] })) : undefined));
    renderWithProviders(<TaskTimePanel task={TASK} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add time' }));
    const form = await screen.findByRole('form', { name: 'Add time' });
    await waitFor(() => expect(within(form).getByRole('checkbox', { name: 'Billable' })).toBeChecked());
    const day = within(form).getByLabelText('Day');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-03-04');
    const start = within(form).getByLabelText('Start');
    await userEvent.clear(start);
    await userEvent.type(start, '09:00');
    const duration = within(form).getByLabelText('Duration');
    await userEvent.clear(duration);
    await userEvent.type(duration, '1h 15min');
    expect(within(form).getByLabelText('End')).toHaveValue('10:15');
    await userEvent.type(within(form).getByLabelText('Note'), 'kickoff');
    await userEvent.click(within(form).getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(requests.some((req) => req.path === '/api/time-entries')).toBe(true));
    expect(requests.find((req) => req.path === '/api/time-entries')?.body).toEqual({
      taskId: TASK.id,
      startedAt: '2026-03-04T14:00:00.000Z',
      endedAt: '2026-03-04T15:15:00.000Z',
      note: 'kickoff',
      billable: true,
    });
    expect(await screen.findByText('It overlaps another entry: check the times.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add time' })).not.toBeInTheDocument();
  });

  it('edits an entry (sending what changed) and deletes one after asking', async () => {
    const { requests } = api([FIRST], (req) => {
      if (req.path === `/api/time-entries/${FIRST.id}` && req.method === 'PATCH') return json(200, { ...FIRST, note: 'final draft' });
      if (req.path === `/api/time-entries/${FIRST.id}` && req.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    renderWithProviders(<TaskTimePanel task={TASK} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit time entry' }));
    const form = await screen.findByRole('form', { name: 'Edit time entry' });
    expect(within(form).getByLabelText('Start')).toHaveValue('09:00');
    expect(within(form).getByLabelText('Duration')).toHaveValue('1 h');
    const note = within(form).getByLabelText('Note');
    await userEvent.clear(note);
    await userEvent.type(note, 'final draft');
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(requests.some((req) => req.method === 'PATCH')).toBe(true));
    expect(requests.find((req) => req.method === 'PATCH')?.body).toEqual({ note: 'final draft' });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete time entry' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Mar 4, 2026 · 9:00 AM – 10:00 AM will be deleted.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.some((req) => req.method === 'DELETE' && req.path === `/api/time-entries/${FIRST.id}`)).toBe(true));
  });

  it('sends only the new start when only the start changed (a 9:46–9:47 PM entry started at 8:05 PM keeps its end)', async () => {
    const late = makeTimeEntry({ id: uuid(504), startedAt: '2026-03-05T02:46:20.000Z', endedAt: '2026-03-05T02:47:41.000Z' });
    const { requests } = api([late], (req) => (req.path === `/api/time-entries/${late.id}` && req.method === 'PATCH' ? json(200, { ...late, startedAt: '2026-03-05T01:05:00.000Z' }) : undefined));
    renderWithProviders(<TaskTimePanel task={TASK} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit time entry' }));
    const form = await screen.findByRole('form', { name: 'Edit time entry' });
    const start = within(form).getByLabelText('Start');
    expect(start).toHaveValue('21:46');
    await userEvent.clear(start);
    await userEvent.type(start, '20:05');
    expect(within(form).getByLabelText('End')).toHaveValue('21:47');
    expect(within(form).getByLabelText('Duration')).toHaveValue('1 h 42 min');
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(requests.some((req) => req.method === 'PATCH')).toBe(true));
    expect(requests.filter((req) => req.method === 'PATCH').map((req) => req.body)).toEqual([{ startedAt: '2026-03-05T01:05:00.000Z' }]);
  });

  it('sends only the new end when the duration or the end changed', async () => {
    const { requests } = api([FIRST], (req) => (req.path === `/api/time-entries/${FIRST.id}` && req.method === 'PATCH' ? json(200, FIRST) : undefined));
    renderWithProviders(<TaskTimePanel task={TASK} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit time entry' }));
    let form = await screen.findByRole('form', { name: 'Edit time entry' });
    const duration = within(form).getByLabelText('Duration');
    await userEvent.clear(duration);
    await userEvent.type(duration, '2h');
    expect(within(form).getByLabelText('Start')).toHaveValue('09:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(requests.filter((req) => req.method === 'PATCH')).toHaveLength(1));

    await userEvent.click(await screen.findByRole('button', { name: 'Edit time entry' }));
    form = await screen.findByRole('form', { name: 'Edit time entry' });
    const end = within(form).getByLabelText('End');
    await userEvent.clear(end);
    await userEvent.type(end, '10:30');
    expect(within(form).getByLabelText('Start')).toHaveValue('09:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(requests.filter((req) => req.method === 'PATCH')).toHaveLength(2));
    expect(requests.filter((req) => req.method === 'PATCH').map((req) => req.body)).toEqual([{ endedAt: '2026-03-04T16:00:00.000Z' }, { endedAt: '2026-03-04T15:30:00.000Z' }]);
  });
});
