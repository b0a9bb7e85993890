import { Suspense, useDeferredValue, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { isWeekendMode, todayIn, weekRangeLabel, weekStartOf, zonedParts, type Task, type User } from '@daybook/shared';
import { baseApi, TAG_TYPES } from '../../api/baseApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import { useGetDayTasksQuery } from '../../api/tasksApi';
import { plainIcon } from '../../components/icons/plainIcon';
import { SkeletonRows } from '../../components/SkeletonRows';
import { preloadDragAndDrop } from '../../components/tasks/TaskList';
import { filterTasks, NO_FILTERS, type TaskFilters } from '../../components/tasks/taskFilters';
import { TaskScreen } from '../../components/tasks/TaskScreen';
import { useTaskView } from '../../components/tasks/TaskViewContext';
import { usePriorityTasks } from '../../components/tasks/usePriorityTasks';
import { toast, type ToastAction } from '../../lib/toast';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { DashboardHeader } from './DashboardHeader';
import { FilterBar } from './FilterBar';
import { ActiveTab, ArchivedTab, BacklogTab, DelegatedTab } from './ListTabs';
import { HOME_TAB_NAMES, homeTabOf, placeOf } from './revealTask';
import { TodayTab } from './TodayTab';
import { ViewTabs, type ViewTab } from './ViewTabs';

/**
 * What the dashboard shows from other domains. Features do not import each other: app/DashboardScreen.tsx
 * passes these in.
 */
/** The capture toast's words about new tasks (where they went) and its action ('Show', 'Open task'). */
export interface CreatedNotice {
  description?: string;
  action: ToastAction;
}

export interface DashboardParts {
  /**
   * The once-a-day review (features/daily-plan) around the tab panel, and its overdue banner: shown where
   * the Today tab's overview places an OverdueBanner, not at all while another tab is open.
   */
  DailyReview: ComponentType<{ user: User; now: Date; children: ReactNode }>;
  OverdueBanner: ComponentType;
  /** Today's top 3, on the Today tab (features/daily-plan). */
  TopPriorities: ComponentType;
  /** The settings dialog, one section per domain (app/SettingsDialog.tsx; load it lazily). */
  SettingsDialog: ComponentType<{ user: User; open: boolean; onClose: () => void }>;
  /**
   * The natural-language capture box (features/capture). `onCreated` gets the tasks it created; the
   * dashboard shows them and returns what the box's success toast says about them.
   */
  CaptureBox: ComponentType<{ onCreated: (tasks: readonly Task[]) => CreatedNotice | undefined; leading?: ReactNode; hint?: ReactNode }>;
}

type DashboardTab = 'today' | 'active' | 'delegated' | 'backlog';

const TABS: readonly ViewTab<DashboardTab>[] = [
  { value: 'today', label: HOME_TAB_NAMES.today },
  { value: 'active', label: HOME_TAB_NAMES.active },
  { value: 'delegated', label: 'Delegated' },
  { value: 'backlog', label: HOME_TAB_NAMES.backlog },
];
const TABS_WITHOUT_DELEGATION = TABS.filter((tab) => tab.value !== 'delegated');

/**
 * True once the data of the dashboard's first screen has arrived (or failed), and from then on: the
 * day's list (with every overdue task: the overdue banner) and the daily plan with its top 3. Until then
 * one placeholder stands below the tabs, so the banner, the top 3 and the list appear together and push
 * nothing already on screen (no layout shift). Later loads (weekend mode starting, say) show their own
 * placeholders.
 */
function useFirstScreenSettled(weekendMode: boolean): boolean {
  const day = useGetDayTasksQuery(weekendMode);
  const priorities = usePriorityTasks();
  const [settledOnce, setSettledOnce] = useState(false);
  const settled = !day.isLoading && !priorities.isLoading;
  if (settled && !settledOnce) setSettledOnce(true);
  return settled || settledOnce;
}

const SparkleIcon = plainIcon(AutoAwesomeIcon);

/** The capture bar's 'AI Powered' badge (spec §1): the sparkle, with the words on wider screens. */
function AiPoweredBadge() {
  return (
    <span role="img" aria-label="AI Powered" title="AI Powered" className="db-ai-badge">
      <SparkleIcon />
      <span aria-hidden className="db-ai-badge-words">
        AI Powered
      </span>
    </span>
  );
}

function greeting(now: Date, timeZone: string): string {
  const { hour } = zonedParts(now, timeZone);
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

interface DashboardProps {
  user: User;
  /** Opens the task dialog on a task, or on a new one (null). */
  openTask: (task: Task | null) => void;
  parts: DashboardParts;
}

/** The dashboard (spec §2) for the signed-in user. */
function Dashboard({ user, openTask, parts: { DailyReview, OverdueBanner, TopPriorities, SettingsDialog, CaptureBox } }: DashboardProps) {
  const dispatch = useDispatch();
  const { now } = useTaskView();
  const timeZone = user.timezone;
  const delegationEnabled = user.enableDelegation;
  const weekendMode = isWeekendMode(now, timeZone);
  // Deferred: the first screen then renders in React's background lane, in slices that leave the main
  // thread free between them, instead of one long task when the data arrives.
  const firstScreenSettled = useDeferredValue(useFirstScreenSettled(weekendMode));

  const clients = useGetClientsQuery();
  const [tab, setTab] = useState<DashboardTab>('today');
  const [filters, setFilters] = useState<TaskFilters>(NO_FILTERS);
  const [showArchived, setShowArchived] = useState(false);
  const [settings, setSettings] = useState({ open: false, mounted: false });
  /** Where the last capture went when not to the day's list: Today's empty state says so. */
  const [capturedElsewhere, setCapturedElsewhere] = useState<{ count: number; place: string } | null>(null);

  const tabPanel = useRef<HTMLDivElement>(null);
  const stopRevealing = useRef<() => void>(() => undefined);

  useEffect(() => void preloadDragAndDrop(), []);
  useEffect(() => () => stopRevealing.current(), []);

  const currentTab: DashboardTab = tab === 'delegated' && !delegationEnabled ? 'today' : tab;
  const tabs = delegationEnabled ? TABS : TABS_WITHOUT_DELEGATION;

  const reveal = (tasks: readonly Task[]) => {
    stopRevealing.current();
    void import('./revealTasks').then(({ revealTasks }) => {
      stopRevealing.current();
      stopRevealing.current = revealTasks(tasks.map((task) => task.id), () => tabPanel.current);
    });
  };

  /**
   * Tasks just captured: in the list on screen they are scrolled to and highlighted (the toast offers to
   * open the first); elsewhere the toast says which tab holds them and its 'Show' switches to it, filters
   * off (issue 37).
   */
  const showCreated = (tasks: readonly Task[]): CreatedNotice | undefined => {
    const [first] = tasks;
    if (!first) return undefined;
    const home = homeTabOf(first, now, timeZone);
    const inView = home === currentTab && (home === 'today' || (!showArchived && filterTasks([first], filters).length > 0));
    const here = tasks.filter((task) => homeTabOf(task, now, timeZone) === home);
    const place = placeOf(tasks, now, timeZone);
    setCapturedElsewhere(home === 'today' ? null : { count: tasks.length, place });
    if (inView) {
      reveal(here);
      return { action: { label: 'Open task', onClick: () => openTask(first) } };
    }
    return {
      description: `Added to ${place}`,
      action: {
        label: 'Show',
        onClick: () => {
          setTab(home);
          setFilters(NO_FILTERS);
          setShowArchived(false);
          reveal(here);
        },
      },
    };
  };

  const refresh = () => {
    dispatch(baseApi.util.invalidateTags([...TAG_TYPES]));
    toast({ title: 'Data refreshed', description: 'All data has been refreshed from the server', variant: 'success' });
  };

  return (
    <>
      {/* Plain elements (styles/today.css, .db-main: at most 960 px wide, enough for the tabs and the filters in one row on a laptop, narrow enough to read a card at a glance). */}
      <div className="db-page">
        <DashboardHeader
          isAdmin={user.role === 'admin'}
          onRefresh={refresh}
          onOpenSettings={() => setSettings({ open: true, mounted: true })}
          onNewTask={() => openTask(null)}
        />
        <main className="db-main">
          <div className="db-greeting">
            <p className="db-greeting-hello">
              {greeting(now, timeZone)}, {user.firstName || user.username}
            </p>
            <p className="db-greeting-week" data-testid="week-range">
              Week of {weekRangeLabel(weekStartOf(todayIn(now, timeZone)))}
            </p>
          </div>

          <section aria-labelledby="create-task-heading" className="db-create">
            {/* The panel's title (spec §1) for screen readers: the bar itself says what it is for. */}
            <h2 id="create-task-heading" className="db-heading" style={visuallyHidden}>
              Create Task
            </h2>
            <CaptureBox
              onCreated={showCreated}
              leading={<AiPoweredBadge />}
              hint={
                <>
                  <span className="db-ai-hint-lead">AI Powered · </span>
                  Describe what you need to do and I&apos;ll organize it for you
                </>
              }
            />
          </section>

          <div className="db-views">
            <ViewTabs tabs={tabs} value={currentTab} onChange={setTab} label="Task views" />
            {currentTab !== 'today' && (
              <FilterBar
                clients={clients.data ?? []}
                filters={filters}
                onChange={setFilters}
                showArchived={currentTab === 'active' ? { checked: showArchived, onChange: setShowArchived } : undefined}
              />
            )}
          </div>

          {firstScreenSettled ? (
            <DailyReview user={user} now={now}>
              <div role="tabpanel" aria-label={currentTab} ref={tabPanel}>
                {currentTab === 'today' && <TodayTab weekendMode={weekendMode} clients={clients.data ?? []} priorities={<TopPriorities />} overdueBanner={<OverdueBanner />} capturedElsewhere={capturedElsewhere} />}
                {currentTab === 'active' && (showArchived ? <ArchivedTab filters={filters} /> : <ActiveTab filters={filters} />)}
                {currentTab === 'delegated' && <DelegatedTab filters={filters} />}
                {currentTab === 'backlog' && <BacklogTab filters={filters} />}
              </div>
            </DailyReview>
          ) : (
            <SkeletonRows count={3} />
          )}
        </main>
      </div>

      <Suspense fallback={null}>
        {settings.mounted && <SettingsDialog user={user} open={settings.open} onClose={() => setSettings({ open: false, mounted: true })} />}
      </Suspense>
    </>
  );
}

/** The dashboard with its task view and task dialog (TaskScreen), for the signed-in user. */
export function DashboardPage({ parts }: { parts: DashboardParts }) {
  return <TaskScreen>{(openTask, user) => <Dashboard user={user} openTask={openTask} parts={parts} />}</TaskScreen>;
}
