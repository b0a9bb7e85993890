import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { makeTimeEntry, timerState } from '../../test/timeFixtures';
import { HeaderTimer } from './HeaderTimer';

const RUNNING = makeTimeEntry({ id: uuid(501), taskId: uuid(1), taskTitle: 'Write report', startedAt: new Date(Date.now() - 65_000).toISOString(), endedAt: null });

describe('the header timer', () => {
  it('shows the running timer’s task (a link that opens it) and the time ticking from its start', async () => {
    mockFetch((req) => (req.path === '/api/timer' ? json(200, timerState(RUNNING)) : undefined));
    renderWithProviders(<HeaderTimer />);
    expect(await screen.findByRole('group', { name: 'Running timer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write report' })).toHaveAttribute('href', `/dashboard?task=${uuid(1)}`);
    const first = screen.getByTestId('running-timer-elapsed').textContent;
    expect(first).toMatch(/^0:01:0\d$/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));
    expect(screen.getByTestId('running-timer-elapsed').textContent).not.toBe(first);
  });

  it('shows nothing while no timer runs, or when the timer cannot be read', async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/timer' ? json(200, timerState(null)) : undefined));
    renderWithProviders(<HeaderTimer />);
    await waitFor(() => expect(requests.some((req) => req.path === '/api/timer')).toBe(true));
    expect(screen.queryByTestId('running-timer')).not.toBeInTheDocument();
  });

  it('stops the timer it shows: at once, then as the api answers', async () => {
    let release: (response: Response) => void = () => undefined;
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/timer' && req.method === 'GET') return json(200, timerState(RUNNING));
      if (req.path === '/api/timer/stop') return new Promise<Response>((resolve) => (release = resolve));
      return undefined;
    });
    renderWithProviders(<HeaderTimer />);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop timer on “Write report”' }));
    await waitFor(() => expect(screen.queryByTestId('running-timer')).not.toBeInTheDocument());
    expect(requests.find((req) => req.path === '/api/timer/stop')?.body).toEqual({ entryId: RUNNING.id });
    release(json(200, timerState(null, { ...RUNNING, endedAt: new Date().toISOString(), durationSeconds: 65 })));
    await waitFor(() => expect(screen.queryByTestId('running-timer')).not.toBeInTheDocument());
  });

  it('shows the timer again when the stop fails, with the reason', async () => {
    mockFetch((req) => {
      if (req.path === '/api/timer' && req.method === 'GET') return json(200, timerState(RUNNING));
      if (req.path === '/api/timer/stop') return json(500, { error: { code: 'internal', message: 'boom' } });
      return undefined;
    });
    renderWithProviders(<HeaderTimer />);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop timer on “Write report”' }));
    expect(await screen.findByText('Failed to stop the timer')).toBeInTheDocument();
    expect(screen.getByTestId('running-timer')).toBeInTheDocument();
  });
});
