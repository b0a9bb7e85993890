import { Suspense, useMemo, useState, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined';
import { dashboardDate, dashboardDayLabel, formatShortDate, weekdayNameOf, type Client } from '@daybook/shared';
import { useGetDayTasksQuery } from '../../api/tasksApi';
import { DayCapacity } from '../../components/planning/DayCapacity';
import { TaskList } from '../../components/tasks/TaskList';
import { useTaskView } from '../../components/tasks/TaskViewContext';
import { filterTasks, NO_FILTERS } from '../../components/tasks/taskFilters';
import { countLabel } from '../../lib/format';
import { ClientFilterField } from './ClientFilterField';
import { dayFigures, splitDay, type DayParts } from './dayFigures';
import { TaskListSection } from './TaskListSection';
import { lazyChunk } from '../../lib/lazyPreloadable';

// Weekend mode only (Friday 18:00 through Sunday): not part of the dashboard's first paint on a weekday.
const ShutdownBanner = lazyChunk(() => import('./ShutdownBanner'));

export interface TodayTabProps {
  weekendMode: boolean;
  clients: readonly Client[];
  /** Today's top 3 (features/daily-plan), shown in the overview. */
  priorities: ReactNode;
  /** The overdue banner (features/daily-plan), shown in the overview: on Today only. */
  overdueBanner?: ReactNode;
  /** The last capture went to another tab: the empty day says so instead of inviting a first task. */
  capturedElsewhere?: { count: number; place: string } | null;
}

const NOTHING_DUE = { title: 'No tasks for the day', icon: <EventAvailableIcon /> };

/** The empty day's words (spec §2), true also right after a capture that went to another tab. */
function emptyDayOf(capturedElsewhere: TodayTabProps['capturedElsewhere']) {
  if (!capturedElsewhere) return { ...NOTHING_DUE, description: "You're all caught up! Create a new task to get started." };
  const { count, place } = capturedElsewhere;
  return { ...NOTHING_DUE, description: count === 1 ? `Your new task was added to ${place}.` : `Your ${count} new tasks were added to ${place}.` };
}

function Figure({ label, value, alert = false }: { label: string; value: string | number; alert?: boolean }) {
  return (
    <div className="db-figure">
      <dt className="db-figure-label">{label}</dt>
      <dd className="db-figure-value" data-testid={`figure-${label}`} data-alert={alert ? 'true' : 'false'}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The overview (spec §2): 'Today' or 'Friday - Monday' and the date, the three figures and the capacity line in
 * the same row (the capacity under them on phones), the overdue banner and the top 3. Plain elements
 * (styles/today.css): it is on the dashboard's first paint.
 */
function OverviewCard({ day, isLoading, overdueBanner, priorities }: { day: DayParts | undefined; isLoading: boolean; overdueBanner: ReactNode; priorities: ReactNode }) {
  const { now, timeZone } = useTaskView();
  const date = dashboardDate(now, timeZone);
  const figures = day && dayFigures(day, now, timeZone);
  return (
    <section aria-label="Overview" className="db-panel db-overview">
      <div className="db-overview-row">
        <div className="db-overview-day">
          <h2 data-testid="day-label" className="db-overview-label">
            {dashboardDayLabel(now, timeZone)}
          </h2>
          <p className="db-overview-date">
            {weekdayNameOf(date)}, {formatShortDate(date)}
          </p>
        </div>
        {/* Beside the figures on wider screens, under them on phones. */}
        {!isLoading && <DayCapacity date={date} tasks={day?.open} className="db-overview-capacity" />}
        {isLoading || !figures ? (
          <Skeleton variant="rounded" height={38} sx={{ flex: '0 0 180px' }} />
        ) : (
          <dl aria-label="Day figures" className="db-figures">
            <Figure label="Due" value={figures.due} />
            <Figure label="Overdue" value={figures.overdue} alert={figures.overdue > 0} />
            <Figure label="Est. Time" value={figures.estimate} />
          </dl>
        )}
      </div>
      <div className="db-overview-banner">{overdueBanner}</div>
      <div className="db-overview-priorities">{priorities}</div>
    </section>
  );
}

/**
 * The Today tab (spec §2): the overview with the overdue banner and the top 3 (`priorities`, from the daily
 * plan), then the day's tasks (Monday's in weekend mode) with their own client filter and drag reordering,
 * the completed ones last, and for delegation users the delegated tasks due that day.
 */
export function TodayTab({ weekendMode, clients, priorities, overdueBanner, capturedElsewhere }: TodayTabProps) {
  const view = useTaskView();
  const day = useGetDayTasksQuery(weekendMode);
  const [clientId, setClientId] = useState<string>('all');
  const parts = useMemo(() => day.data && splitDay(day.data), [day.data]);
  const shown = useMemo(() => splitDay(filterTasks(day.data ?? [], { ...NO_FILTERS, clientId })), [day.data, clientId]);
  const date = dashboardDate(view.now, view.timeZone);
  const delegatedDue = (day.data ?? []).filter((task) => task.isDelegated && task.dueDate === date);

  return (
    <div className="db-stack">
      <OverviewCard day={parts} isLoading={day.isLoading} overdueBanner={overdueBanner} priorities={priorities} />
      {weekendMode && (
        <Suspense fallback={null}>
          <ShutdownBanner />
        </Suspense>
      )}
      <TaskListSection
        heading="Tasks Due"
        headingAction={<ClientFilterField clients={clients} value={clientId} onChange={setClientId} className="db-today-client-filter" />}
        tasks={day.data}
        shown={shown.open}
        isLoading={day.isLoading}
        isError={day.isError}
        onRetry={() => void day.refetch()}
        skeletonRows={3}
        empty={emptyDayOf(capturedElsewhere)}
        list={weekendMode ? 'getMondayTasks' : 'getTodayTasks'}
        reorderType="today"
      />
      {shown.completed.length > 0 && (
        <section aria-label="Completed">
          <div className="db-section-title db-section-gap">
            <h2 className="db-heading">Completed</h2>
            <p className="db-count" data-testid="completed-count" aria-label={countLabel(shown.completed.length, 'task')}>
              {shown.completed.length}
            </p>
          </div>
          <TaskList listId="completed" tasks={shown.completed} />
        </section>
      )}
      {view.delegationEnabled && (
        <section aria-label="Delegated Tasks Due Today" className="db-panel">
          <div className="db-section-title db-section-center">
            <h2 className="db-heading db-grow">Delegated Tasks Due Today</h2>
            <p className="db-count db-count-plain" data-testid="delegated-due-count">
              {countLabel(delegatedDue.length, 'task')}
            </p>
          </div>
          {delegatedDue.length > 0 && (
            <div className="db-delegated-list">
              {delegatedDue.map((task) => (
                <p key={task.id} className="db-body2">
                  {task.title}
                  {task.delegatedToId && view.contactsById.get(task.delegatedToId) && (
                    <span className="db-secondary">
                      {' '}
                      - {view.contactsById.get(task.delegatedToId)?.name}
                    </span>
                  )}
                </p>
              ))}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
