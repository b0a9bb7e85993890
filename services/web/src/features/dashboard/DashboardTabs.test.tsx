import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_FILTERS } from '../../components/tasks/taskFilters';
import { intersectionObserver } from '../../test/intersectionObserver';
import { makeDailyPlan, makeTask, taskPage, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, taskView, withTaskView } from '../../test/render';
import { ActiveTab, ArchivedTab, BacklogTab, DelegatedTab } from './ListTabs';
import { TodayTab } from './TodayTab';

// Wednesday 2026-03-04, 10:00 in New York; Friday 2026-03-06, 19:00 in New York (weekend mode).
const WEDNESDAY = new Date('2026-03-04T15:00:00Z');
const FRIDAY_EVENING = new Date('2026-03-07T00:00:00Z');

const withView = (ui: ReactNode, now = WEDNESDAY, delegationEnabled = false) => withTaskView(ui, taskView({ now, delegationEnabled }));

const never = () => new Promise<Response>(() => undefined);

describe('dashboard tabs while loading: skeleton rows 3 / 4 / 2 (spec §9)', () => {
  it.each([
    ['Today', <TodayTab key="t" weekendMode={false} clients={[]} priorities={null} />, 3],
    ['Active', <ActiveTab key="a" filters={NO_FILTERS} />, 4],
    ['Delegated', <DelegatedTab key="d" filters={NO_FILTERS} />, 2],
    ['Backlog', <BacklogTab key="b" filters={NO_FILTERS} />, 2],
    ['Archived', <ArchivedTab key="r" filters={NO_FILTERS} />, 2],
  ])('%s', (_name, tab, rows) => {
    mockFetch(never);
    renderWithProviders(withView(tab));
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(rows);
  });
});

describe('dashboard tabs when empty (spec §2)', () => {
  it.each([
    ['Today', <TodayTab key="t" weekendMode={false} clients={[]} priorities={null} />, 'No tasks for the day', "You're all caught up! Create a new task to get started."],
    ['Active', <ActiveTab key="a" filters={NO_FILTERS} />, 'No active tasks', 'Create your first task to get started'],
    ['Delegated', <DelegatedTab key="d" filters={NO_FILTERS} />, 'No delegated tasks', 'Tasks you delegate to others will appear here'],
    ['Backlog', <BacklogTab key="b" filters={NO_FILTERS} />, 'No items in backlog', 'Tasks moved to backlog will appear here'],
  ])('%s', async (_name, tab, title, description) => {
    mockFetch((req) => {
      if (req.path === '/api/daily-plan') return json(200, makeDailyPlan({ reviewed: false }));
      return json(200, req.path === '/api/tasks/today' ? [] : taskPage([]));
    });
    renderWithProviders(withView(tab));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('Archived', async () => {
    mockFetch(() => json(200, taskPage([])));
    renderWithProviders(withView(<ArchivedTab filters={NO_FILTERS} />));
    expect(await screen.findByText('No archived tasks')).toBeInTheDocument();
    expect(screen.getByText('Archived tasks will appear here')).toBeInTheDocument();
  });
});

describe('a list that cannot be loaded', () => {
  it('says so, not "empty", and tries again on request', async () => {
    let fail = true;
    mockFetch(() => (fail ? json(500, { error: { code: 'internal_error', message: 'x' } }) : json(200, taskPage([makeTask({ id: uuid(1), title: 'Back again' })]))));
    renderWithProviders(withView(<ActiveTab filters={NO_FILTERS} />));
    expect(await screen.findByText('These tasks could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText('No active tasks')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});

describe('Today tab', () => {
  const due = makeTask({ id: uuid(1), title: 'Due today', dueDate: '2026-03-04', estimatedTime: '45min', priority: 'high' });
  const overdue = makeTask({ id: uuid(2), title: 'Late one', dueDate: '2026-03-01', estimatedTime: '1h' });
  const done = makeTask({ id: uuid(3), title: 'Finished', dueDate: '2026-03-04', isCompleted: true, status: 'completed', estimatedTime: '2h' });

  it('shows the overview figures, the top 3 it is given, and the day list', async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/tasks/today' ? json(200, [done, due, overdue]) : undefined));
    renderWithProviders(withView(<TodayTab weekendMode={false} clients={[]} priorities={<p>The top 3</p>} />));
    expect(await screen.findByText('Late one')).toBeInTheDocument();
    expect(screen.getByTestId('day-label')).toHaveTextContent('Today');
    // Due counts the open tasks of the list, the overdue one included: the list's own count.
    expect(screen.getByTestId('figure-Due')).toHaveTextContent('2');
    expect(within(screen.getByRole('region', { name: 'Tasks Due' })).getByLabelText('2 tasks')).toHaveTextContent('2');
    expect(screen.getByTestId('figure-Overdue')).toHaveTextContent('1');
    // 45 min + 1 h of the same open tasks (the completed one does not count).
    expect(screen.getByTestId('figure-Est. Time')).toHaveTextContent('1 h 45 min');
    // The completed one is counted apart and listed last, under 'Completed'.
    expect(screen.getByTestId('completed-count')).toHaveTextContent('1');
    expect(within(screen.getByTestId('task-list-getTodayTasks')).queryByText('Finished')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Completed' })).getByText('Finished')).toBeInTheDocument();
    expect(screen.getByText('The top 3')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/tasks/monday')).toBe(false);
    expect(requests.some((r) => r.path.startsWith('/api/tasks/active'))).toBe(false);
  });

  it("in weekend mode shows Monday's tasks under 'Friday - Monday'", async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/daily-plan' ? json(200, makeDailyPlan({ date: '2026-03-06', reviewed: false })) : json(200, [])));
    renderWithProviders(withView(<TodayTab weekendMode clients={[]} priorities={null} />, FRIDAY_EVENING));
    expect(await screen.findByText('No tasks for the day')).toBeInTheDocument();
    expect(screen.getByTestId('day-label')).toHaveTextContent('Friday - Monday');
    expect(screen.getByText('Monday, Mar 9, 2026')).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain('/api/tasks/monday');
    expect(requests.map((r) => r.path)).not.toContain('/api/tasks/today');
  });

  it("counts the delegated tasks due that day, 'task' or 'tasks'", async () => {
    const delegated = makeTask({ id: uuid(5), title: 'Theirs', dueDate: '2026-03-04', isDelegated: true, delegatedToId: uuid(9) });
    mockFetch((req) => (req.path === '/api/daily-plan' ? json(200, makeDailyPlan({ reviewed: false })) : json(200, [delegated])));
    renderWithProviders(withView(<TodayTab weekendMode={false} clients={[]} priorities={null} />, WEDNESDAY, true));
    await waitFor(() => expect(screen.getByTestId('delegated-due-count')).toHaveTextContent('1 task'));
  });
});

describe('lists that load in pages (DECISIONS 22)', () => {
  beforeEach(() => intersectionObserver.install());
  afterEach(() => intersectionObserver.uninstall());

  const first = [makeTask({ id: uuid(1), title: 'Page one, high', priority: 'high' }), makeTask({ id: uuid(2), title: 'Page one, low', priority: 'low' })];
  const second = [makeTask({ id: uuid(3), title: 'Page two, high', priority: 'high' })];

  function pagedApi(path: string) {
    return mockFetch((req) => {
      if (req.path === path) return json(200, taskPage(first, 'cursor-2'));
      if (req.path === `${path}?cursor=cursor-2`) return json(200, taskPage(second));
      return undefined;
    });
  }

  it.each([
    ['Active', '/api/tasks/active', (filters = NO_FILTERS) => <ActiveTab filters={filters} />],
    ['Backlog', '/api/tasks/backlog', (filters = NO_FILTERS) => <BacklogTab filters={filters} />],
    ['Delegated', '/api/tasks/delegated', (filters = NO_FILTERS) => <DelegatedTab filters={filters} />],
  ])('%s: the first page, then the next one when the end of the list scrolls into view', async (_name, path, tab) => {
    const { requests } = pagedApi(path);
    renderWithProviders(withView(tab()));
    expect(await screen.findByText('Page one, low')).toBeInTheDocument();
    expect(screen.getByLabelText('2 tasks loaded, more below')).toHaveTextContent('2+');
    expect(screen.queryByText('Page two, high')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path.startsWith(path))).toHaveLength(1);

    await waitFor(() => expect(intersectionObserver.scrollIntoView(screen.getByTestId('load-more'))).toBe(1));
    expect(await screen.findByText('Page two, high')).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain(`${path}?cursor=cursor-2`);
    // The last page: the count is exact and the end of the list loads nothing more.
    expect(screen.getByLabelText('3 tasks')).toHaveTextContent('3');
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
  });

  it('filters the pages loaded so far; a page the filter hides wholly still loads', async () => {
    pagedApi('/api/tasks/active');
    const onlyLow = <ActiveTab filters={{ clientId: 'all', priority: 'low' }} />;
    renderWithProviders(withView(onlyLow));
    expect(await screen.findByText('Page one, low')).toBeInTheDocument();
    expect(screen.queryByText('Page one, high')).not.toBeInTheDocument();
    await waitFor(() => expect(intersectionObserver.scrollIntoView(screen.getByTestId('load-more'))).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('load-more')).not.toBeInTheDocument());
    expect(screen.queryByText('Page two, high')).not.toBeInTheDocument();
    expect(screen.getByLabelText('1 task')).toBeInTheDocument();
  });

  it('a next page that fails is not retried by itself; "Load more" tries again', async () => {
    let fail = true;
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/tasks/active') return json(200, taskPage(first, 'cursor-2'));
      if (req.path === '/api/tasks/active?cursor=cursor-2') return fail ? json(500, { error: { code: 'internal_error', message: 'x' } }) : json(200, taskPage(second));
      return undefined;
    });
    renderWithProviders(withView(<ActiveTab filters={NO_FILTERS} />));
    expect(await screen.findByText('Page one, low')).toBeInTheDocument();
    await waitFor(() => expect(intersectionObserver.scrollIntoView(screen.getByTestId('load-more'))).toBe(1));
    await screen.findByRole('button', { name: 'Load more' });
    await waitFor(() => expect(requests.filter((r) => r.path.includes('cursor=')).length).toBe(1));
    // The end of the list is still in view, but nothing watches it until the user asks.
    expect(intersectionObserver.scrollIntoView(screen.getByTestId('load-more'))).toBe(0);
    expect(screen.getByText('Page one, low')).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Page two, high')).toBeInTheDocument();
  });
});
