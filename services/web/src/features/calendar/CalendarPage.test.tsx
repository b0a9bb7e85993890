import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from '@daybook/shared';
import { makeTask, makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { HOUR_HEIGHT } from './calendarLayout';
import { CalendarPage } from './CalendarPage';

const ME = makeUser({ timezone: 'Asia/Tokyo' });
// Tuesday 2026-03-03 20:00 UTC is already Wednesday 2026-03-04 05:00 in Tokyo.
const NOW = new Date('2026-03-03T20:00:00Z');
const TODAY = '2026-03-04';

/** The screen's width for `useMediaQuery` (jsdom has no matchMedia: without it every query is false, a phone). */
function viewport(width: number) {
  window.matchMedia = ((media: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(media);
    const max = /max-width:\s*([\d.]+)px/.exec(media);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    const noop = () => undefined;
    return { matches, media, onchange: null, addEventListener: noop, removeEventListener: noop, addListener: noop, removeListener: noop, dispatchEvent: () => false };
  }) as typeof window.matchMedia;
}

/** A pointer event with the fields jsdom's MouseEvent stand-in lacks. */
function pointer(target: Element | Window, type: string, init: { x: number; y: number; pointerType?: string }) {
  const event = new PointerEvent(type, { bubbles: true, cancelable: true, clientX: init.x, clientY: init.y, button: 0, pointerId: 1 });
  Object.defineProperty(event, 'pointerType', { value: init.pointerType ?? 'mouse' });
  Object.defineProperty(event, 'isPrimary', { value: true });
  act(() => {
    target.dispatchEvent(event);
  });
}

interface Server {
  week?: Task[];
  dayList?: Task[];
  patch?: (request: RecordedRequest) => Response | Promise<Response>;
}

function serve({ week = [], dayList = [], patch }: Server) {
  return mockFetch((req) => {
    if (req.path === '/api/auth/user') return json(200, ME);
    if (req.path === '/api/clients') return json(200, []);
    if (req.path === '/api/tasks/today') return json(200, dayList);
    if (req.path.startsWith('/api/tasks/calendar')) return json(200, week);
    if (req.method === 'PATCH' && patch) return patch(req);
    return undefined;
  });
}

const day = (date: string) => document.querySelector<HTMLElement>(`[data-testid="calendar-day-header"][data-date="${date}"]`)!;
const allDay = (date: string) => document.querySelector<HTMLElement>(`[data-testid="calendar-all-day"][data-date="${date}"]`)!;
const column = (date: string) => document.querySelector<HTMLElement>(`[data-testid="calendar-day-column"][data-date="${date}"]`)!;
const card = (title: string) => screen.getByText(title).closest<HTMLElement>('[data-testid="calendar-task"]')!;

describe('calendar', () => {
  beforeEach(() => {
    viewport(1280);
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'], now: NOW });
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('shows the week of the user’s zone, its tasks on their day, and moves by 7 days', async () => {
    const { requests } = serve({ week: [makeTask({ id: uuid(1), title: 'Ship it', dueDate: TODAY, status: 'in_progress', estimatedTime: '2h', priority: 'high' })] });
    const user = userEvent.setup();
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    expect(await screen.findByTestId('calendar-range')).toHaveTextContent('Mar 1 - Mar 7, 2026');
    expect(requests.find((r) => r.path.startsWith('/api/tasks/calendar'))?.path).toBe('/api/tasks/calendar?start=2026-02-28T15%3A00%3A00.000Z&end=2026-03-07T15%3A00%3A00.000Z');
    expect(await screen.findAllByTestId('calendar-day-header')).toHaveLength(7);
    expect(day(TODAY)).toHaveAttribute('data-today', 'true');
    expect(day(TODAY)).toHaveTextContent('Wednesday, March 4, 2026, today');
    expect(await within(allDay(TODAY)).findByText('Ship it')).toBeInTheDocument();
    expect(within(day(TODAY)).getByTestId('day-count')).toHaveTextContent('1 task');
    // Priority as a named dot; estimate and status apart.
    const shipIt = card('Ship it');
    expect(within(shipIt).getByRole('img', { name: 'High Priority' })).toBeInTheDocument();
    expect(within(shipIt).getByTestId('calendar-task-estimate')).toHaveTextContent('2 h');
    expect(within(shipIt).getByTestId('calendar-task-status')).toHaveTextContent('in progress');
    expect(within(allDay('2026-03-01')).getByText('No tasks scheduled')).toBeInTheDocument();
    expect(within(day('2026-03-01')).getByTestId('day-count')).toHaveTextContent('0 tasks');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Mar 8 - Mar 14, 2026');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Feb 22 - Feb 28, 2026');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Mar 1 - Mar 7, 2026');
  });

  it('places timed tasks in the time grid, side by side when they overlap, and earlier weeks’ overdue tasks on today', async () => {
    serve({
      week: [
        makeTask({ id: uuid(1), title: 'Standup', dueDate: TODAY, dueTime: '09:30', estimatedTime: '1h' }),
        makeTask({ id: uuid(2), title: 'Call', dueDate: TODAY, dueTime: '10:00' }),
        makeTask({ id: uuid(3), title: 'Friday errand', dueDate: '2026-03-06' }),
      ],
      dayList: [
        makeTask({ id: uuid(4), title: 'Old invoice', dueDate: '2026-02-20', priority: 'urgent' }),
        makeTask({ id: uuid(5), title: 'Done long ago', dueDate: '2026-02-20', isCompleted: true }),
      ],
    });
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    await screen.findByText('Standup');
    const standup = card('Standup');
    expect(column(TODAY)).toContainElement(standup);
    expect(standup).toHaveAttribute('data-kind', 'timed');
    expect(standup).toHaveStyle({ top: `${9.5 * HOUR_HEIGHT}px`, height: `${HOUR_HEIGHT}px` });
    expect(standup).toHaveTextContent('9:30am');
    expect(card('Call')).toHaveStyle({ top: `${10 * HOUR_HEIGHT}px`, left: 'calc(50% + 2px)', width: 'calc(50% - 4px)' });
    expect(allDay('2026-03-06')).toContainElement(card('Friday errand'));

    const carried = await within(allDay(TODAY)).findByText('Old invoice');
    expect(card('Old invoice')).toHaveAttribute('data-carried', 'true');
    expect(within(card('Old invoice')).getByTestId('calendar-task-overdue')).toHaveTextContent('12 days overdue');
    expect(carried).toBeInTheDocument();
    expect(screen.queryByText('Done long ago')).not.toBeInTheDocument();
    expect(within(day(TODAY)).getByTestId('day-count')).toHaveTextContent('3 tasks');
  });

  it('shows 3 tasks a day in the all-day row until it is expanded', async () => {
    serve({ week: [1, 2, 3, 4, 5].map((i) => makeTask({ id: uuid(i), title: `Errand ${i}`, dueDate: TODAY })) });
    const user = userEvent.setup();
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    await screen.findByText('Errand 1');
    expect(within(allDay(TODAY)).getAllByTestId('calendar-task')).toHaveLength(3);
    expect(within(day(TODAY)).getByTestId('day-count')).toHaveTextContent('5 tasks');
    await user.click(within(allDay(TODAY)).getByRole('button', { name: '+2 more' }));
    expect(within(allDay(TODAY)).getAllByTestId('calendar-task')).toHaveLength(5);
    await user.click(within(allDay(TODAY)).getByRole('button', { name: 'Show less' }));
    expect(within(allDay(TODAY)).getAllByTestId('calendar-task')).toHaveLength(3);
  });

  it('moves a task from its Move menu at once, and puts it back when the api refuses', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { requests } = serve({
      week: [makeTask({ id: uuid(1), title: 'Review', dueDate: TODAY, dueTime: '09:00' })],
      patch: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    await screen.findByText('Review');

    await user.click(screen.getByRole('button', { name: 'Move Review' }));
    await user.click(within(screen.getByRole('menu', { name: 'Move to…' })).getByRole('menuitem', { name: 'Next day' }));
    // Shown on Thursday before the api answers.
    await waitFor(() => expect(column('2026-03-05')).toContainElement(card('Review')));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe(`/api/tasks/${uuid(1)}`);
    expect(patch.body).toEqual({ dueDate: '2026-03-05', dueTime: '09:00' });

    answer(json(500, { error: { code: 'internal_error', message: 'Internal server error' } }));
    expect(await screen.findByText('Failed to update task')).toBeInTheDocument();
    await waitFor(() => expect(column(TODAY)).toContainElement(card('Review')));
  });

  it('drags a task to another day’s all-day row and to a time in another day', async () => {
    const moved: unknown[] = [];
    serve({
      week: [makeTask({ id: uuid(1), title: 'Draft', dueDate: TODAY })],
      patch: (req) => {
        moved.push(req.body);
        return json(200, makeTask({ id: uuid(1), title: 'Draft', ...(req.body as object) }));
      },
    });
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    await screen.findByText('Draft');
    const elementFromPoint = jest.fn<Element | null, [number, number]>();
    document.elementFromPoint = elementFromPoint;

    // To Friday's all-day row.
    elementFromPoint.mockReturnValue(allDay('2026-03-06'));
    pointer(card('Draft'), 'pointerdown', { x: 10, y: 10 });
    pointer(window, 'pointermove', { x: 20, y: 12 });
    expect(allDay('2026-03-06')).toHaveStyle({ outline: '2px dashed #2d5bd0' });
    pointer(window, 'pointerup', { x: 20, y: 12 });
    await waitFor(() => expect(allDay('2026-03-06')).toContainElement(card('Draft')));
    await waitFor(() => expect(moved).toEqual([{ dueDate: '2026-03-06', dueTime: null }]));

    // To 14:30 on Thursday: the column's top is at 0 here.
    elementFromPoint.mockReturnValue(column('2026-03-05'));
    pointer(card('Draft'), 'pointerdown', { x: 10, y: 0 });
    pointer(window, 'pointermove', { x: 30, y: 14.5 * HOUR_HEIGHT });
    expect(within(column('2026-03-05')).getByTestId('calendar-drop-preview')).toHaveTextContent('2:30 PM Draft');
    pointer(window, 'pointerup', { x: 30, y: 14.5 * HOUR_HEIGHT });
    await waitFor(() => expect(column('2026-03-05')).toContainElement(card('Draft')));
    await waitFor(() => expect(moved).toHaveLength(2));
    expect(moved[1]).toEqual({ dueDate: '2026-03-05', dueTime: '14:30' });
    // The drag's click did not open the task.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a card held by its middle lands in the quarter-hour slot under the pointer (issue 37: not 15 minutes early)', async () => {
    const moved: unknown[] = [];
    serve({
      week: [makeTask({ id: uuid(1), title: 'Draft', dueDate: TODAY })],
      patch: (req) => {
        moved.push(req.body);
        return json(200, makeTask({ id: uuid(1), title: 'Draft', ...(req.body as object) }));
      },
    });
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    await screen.findByText('Draft');
    document.elementFromPoint = jest.fn(() => column('2026-03-05'));
    // The card (at 0 in jsdom) is pressed 20 px below its top; the pointer lets go 7 px into 11:00's slot.
    const elevenOClock = 11 * HOUR_HEIGHT + 7;
    pointer(card('Draft'), 'pointerdown', { x: 10, y: 20 });
    pointer(window, 'pointermove', { x: 30, y: elevenOClock });
    expect(within(column('2026-03-05')).getByTestId('calendar-drop-preview')).toHaveTextContent('11:00 AM Draft');
    pointer(window, 'pointerup', { x: 30, y: elevenOClock });
    await waitFor(() => expect(moved).toEqual([{ dueDate: '2026-03-05', dueTime: '11:00' }]));
  });

  it('a finger that moves at once scrolls; a long press drags; Escape drops nothing', async () => {
    const { requests } = serve({ week: [makeTask({ id: uuid(1), title: 'Draft', dueDate: TODAY })] });
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    await screen.findByText('Draft');
    document.elementFromPoint = jest.fn(() => allDay('2026-03-06'));

    pointer(card('Draft'), 'pointerdown', { x: 10, y: 10, pointerType: 'touch' });
    pointer(window, 'pointermove', { x: 10, y: 30, pointerType: 'touch' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    pointer(window, 'pointermove', { x: 12, y: 32, pointerType: 'touch' });
    expect(allDay('2026-03-06')).not.toHaveStyle({ outline: '2px dashed #2d5bd0' });
    pointer(window, 'pointerup', { x: 12, y: 32, pointerType: 'touch' });

    pointer(card('Draft'), 'pointerdown', { x: 10, y: 10, pointerType: 'touch' });
    await waitFor(() => expect(card('Draft')).toHaveStyle({ opacity: '0.4' }));
    pointer(window, 'pointermove', { x: 14, y: 12, pointerType: 'touch' });
    expect(allDay('2026-03-06')).toHaveStyle({ outline: '2px dashed #2d5bd0' });
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(card('Draft')).toHaveStyle({ opacity: '1' });
    pointer(window, 'pointerup', { x: 14, y: 12, pointerType: 'touch' });
    expect(allDay(TODAY)).toContainElement(card('Draft'));
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('on a phone: a day, or 3 days, moved by a swipe or the buttons', async () => {
    viewport(390);
    serve({ week: [makeTask({ id: uuid(1), title: 'Thursday call', dueDate: '2026-03-05', dueTime: '11:00' })] });
    const user = userEvent.setup();
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    expect(await screen.findByTestId('calendar-range')).toHaveTextContent('Wednesday, Mar 4, 2026');
    expect(await screen.findAllByTestId('calendar-day-header')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Week' })).not.toBeInTheDocument();

    const grid = screen.getByTestId('calendar-grid');
    pointer(grid, 'pointerdown', { x: 300, y: 400, pointerType: 'touch' });
    pointer(grid, 'pointerup', { x: 200, y: 410, pointerType: 'touch' });
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Thursday, Mar 5, 2026');
    expect(await screen.findByText('Thursday call')).toBeInTheDocument();
    // Mostly vertical: a scroll, not a swipe.
    pointer(grid, 'pointerdown', { x: 300, y: 400, pointerType: 'touch' });
    pointer(grid, 'pointerup', { x: 240, y: 250, pointerType: 'touch' });
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Thursday, Mar 5, 2026');

    await user.click(screen.getByRole('button', { name: '3 days' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Mar 5 - Mar 7, 2026');
    expect(screen.getAllByTestId('calendar-day-header')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Mar 8 - Mar 10, 2026');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Mar 4 - Mar 6, 2026');
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('Wednesday, Mar 4, 2026');
  });
});
