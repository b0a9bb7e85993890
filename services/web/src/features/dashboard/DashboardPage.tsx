import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { isWeekendMode, todayIn, weekRangeLabel, weekStartOf, zonedParts, type Task, type User } from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { baseApi, TAG_TYPES } from '../../api/baseApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import { useGetContactsQuery } from '../../api/contactsApi';
import { useGetDayTasksQuery } from '../../api/tasksApi';
import { SkeletonRows } from '../../components/SkeletonRows';
import { preloadDragAndDrop } from '../../components/tasks/TaskList';
import { NO_FILTERS, type TaskFilters } from '../../components/tasks/taskFilters';
import { TaskViewContext, type TaskView } from '../../components/tasks/TaskViewContext';
import { toast } from '../../lib/toast';
import { useNow } from '../../lib/useNow';
import { DailyReviewFlow } from '../overdue/DailyReviewFlow';
import { DashboardHeader } from './DashboardHeader';
import { FilterBar } from './FilterBar';
import { ActiveTab, ArchivedTab, BacklogTab, DelegatedTab } from './ListTabs';
import { NaturalLanguageBox } from './NaturalLanguageBox';
import { TodayTab } from './TodayTab';
import { usePriorityTasks } from '../../components/tasks/usePriorityTasks';

// Dialogs load on first use: they are not part of the dashboard's first paint.
const TaskDialog = lazy(() => import('../../components/tasks/TaskDialog'));
const SettingsDialog = lazy(() => import('./settings/SettingsDialog'));

type DashboardTab = 'today' | 'active' | 'delegated' | 'backlog';

interface DialogState {
  open: boolean;
  task: Task | null;
  /** A new key per opening mounts a fresh form (pre-filled or reset, spec §2). */
  key: number;
}

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

function greeting(now: Date, timeZone: string): string {
  const { hour } = zonedParts(now, timeZone);
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

/** The dashboard (spec §2) for the signed-in user. */
function Dashboard({ user }: { user: User }) {
  const dispatch = useDispatch();
  const now = useNow();
  const timeZone = user.timezone;
  const delegationEnabled = user.enableDelegation;
  const weekendMode = isWeekendMode(now, timeZone);
  // Deferred: the first screen then renders in React's background lane, in slices that leave the main
  // thread free between them, instead of one long task when the data arrives.
  const firstScreenSettled = useDeferredValue(useFirstScreenSettled(weekendMode));
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });

  const clients = useGetClientsQuery();
  const contacts = useGetContactsQuery(undefined, { skip: !delegationEnabled });
  const [tab, setTab] = useState<DashboardTab>('today');
  const [filters, setFilters] = useState<TaskFilters>(NO_FILTERS);
  const [showArchived, setShowArchived] = useState(false);
  const [dialog, setDialog] = useState<DialogState>({ open: false, task: null, key: 0 });
  const [settings, setSettings] = useState({ open: false, mounted: false });

  useEffect(preloadDragAndDrop, []);

  const openTask = useCallback((task: Task | null) => setDialog((current) => ({ open: true, task, key: current.key + 1 })), []);
  const currentTab: DashboardTab = tab === 'delegated' && !delegationEnabled ? 'today' : tab;

  const view = useMemo<TaskView>(
    () => ({
      clientsById: new Map((clients.data ?? []).map((client) => [client.id, client])),
      contactsById: new Map((contacts.data ?? []).map((contact) => [contact.id, contact])),
      now,
      timeZone,
      delegationEnabled,
      openTask,
    }),
    [clients.data, contacts.data, now, timeZone, delegationEnabled, openTask],
  );

  const refresh = () => {
    dispatch(baseApi.util.invalidateTags([...TAG_TYPES]));
    toast({ title: 'Data refreshed', description: 'All data has been refreshed from the server', variant: 'success' });
  };

  return (
    <TaskViewContext.Provider value={view}>
      <Box sx={{ minHeight: '100dvh', pb: 10 }}>
        <DashboardHeader
          isAdmin={user.role === 'admin'}
          onRefresh={refresh}
          onOpenSettings={() => setSettings({ open: true, mounted: true })}
          onNewTask={() => openTask(null)}
        />
        <Container component="main" maxWidth="md" sx={{ pt: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
          <Box sx={{ mb: 2 }}>
            <Typography variant="h5" component="p" sx={{ fontSize: { xs: '1.3rem', sm: '1.5rem' } }}>
              {greeting(now, timeZone)}, {user.firstName || user.username}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="week-range">
              Week of {weekRangeLabel(weekStartOf(todayIn(now, timeZone)))}
            </Typography>
          </Box>

          <Card component="section" aria-label="Create Task" sx={{ p: { xs: 2, sm: 2.5 }, mb: 3 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Typography variant="h6" component="h2">
                Create Task
              </Typography>
              <Chip
                size="small"
                icon={<AutoAwesomeIcon sx={{ fontSize: 14 }} />}
                label="AI Powered"
                sx={{ height: 22, fontSize: '0.7rem', bgcolor: 'rgba(124, 77, 204, 0.1)', color: 'secondary.main', '& .MuiChip-icon': { color: 'secondary.main' } }}
              />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Describe what you need to do and I&apos;ll organize it for you
            </Typography>
            <NaturalLanguageBox onOpenTask={openTask} />
          </Card>

          <Tabs
            value={currentTab}
            onChange={(_event, next: DashboardTab) => setTab(next)}
            variant={phone ? 'fullWidth' : 'standard'}
            aria-label="Task views"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: { xs: 0, sm: 90 }, px: { xs: 1, sm: 2 } } }}
          >
            <Tab value="today" label="Today" />
            <Tab value="active" label="Active" />
            {delegationEnabled && <Tab value="delegated" label="Delegated" />}
            <Tab value="backlog" label="Backlog" />
          </Tabs>

          {firstScreenSettled ? (
            <>
              <DailyReviewFlow user={user} now={now} />
              {currentTab !== 'today' && (
                <FilterBar
                  clients={clients.data ?? []}
                  filters={filters}
                  onChange={setFilters}
                  showArchived={currentTab === 'active' ? { checked: showArchived, onChange: setShowArchived } : undefined}
                />
              )}

              <Box role="tabpanel" aria-label={currentTab}>
                {currentTab === 'today' && <TodayTab weekendMode={weekendMode} clients={clients.data ?? []} />}
                {currentTab === 'active' && (showArchived ? <ArchivedTab filters={filters} /> : <ActiveTab filters={filters} />)}
                {currentTab === 'delegated' && <DelegatedTab filters={filters} />}
                {currentTab === 'backlog' && <BacklogTab filters={filters} />}
              </Box>
            </>
          ) : (
            <SkeletonRows count={3} />
          )}
        </Container>
      </Box>

      <Suspense fallback={null}>
        {dialog.key > 0 && (
          <TaskDialog
            key={dialog.key}
            open={dialog.open}
            task={dialog.task}
            delegationEnabled={delegationEnabled}
            onClose={() => setDialog((current) => ({ ...current, open: false }))}
          />
        )}
        {settings.mounted && <SettingsDialog user={user} open={settings.open} onClose={() => setSettings({ open: false, mounted: true })} />}
      </Suspense>
    </TaskViewContext.Provider>
  );
}

export function DashboardPage() {
  const user = useSignedInUser();
  return user ? <Dashboard user={user} /> : null;
}

export default DashboardPage;
