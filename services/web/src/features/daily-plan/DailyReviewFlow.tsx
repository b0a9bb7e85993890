import { createContext, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isWeekendMode, type Task, type User } from '@daybook/shared';
import { dailyPlanApi, useGetDailyPlanQuery, useMarkDailyPlanReviewedMutation } from '../../api/dailyPlanApi';
import type { RootState } from '../../app/store';
import { useGetDayTasksQuery } from '../../api/tasksApi';
import { OverdueBanner } from './OverdueBanner';
import { overdueTasks, REVIEW_PROMPT_DELAY_MS, reviewPromptAction } from './overdue';
import { lazyChunk } from '../../lib/lazyPreloadable';

const loadOverdueReview = () => import('./OverdueReviewDialog');
const OverdueReviewDialog = lazyChunk(loadOverdueReview, { floating: true });
const PrioritiesDialog = lazyChunk(() => import('./PrioritiesDialog'), { floating: true });

/**
 * Before the dashboard's first render, with its first reads in `state`: when today is not yet reviewed
 * the review may open 1 s after that render, so its code starts loading now rather than after the render.
 */
export function preloadDueReview(state: RootState): void {
  if (dailyPlanApi.endpoints.getDailyPlan.select()(state).data?.reviewed === false) void loadOverdueReview();
}

interface OverdueView {
  tasks: readonly Task[];
  now: Date;
  timeZone: string;
  openReview: () => void;
}

const OverdueContext = createContext<OverdueView | null>(null);

/** The overdue banner of the review flow around it (nothing outside one), wherever the screen places it. */
export function DailyReviewBanner() {
  const view = useContext(OverdueContext);
  return view && <OverdueBanner tasks={view.tasks} now={view.now} timeZone={view.timeZone} onReview={view.openReview} />;
}

/**
 * The dashboard's overdue banner and the once-a-day review (spec §2, §4; DECISIONS 14): 1 s after the
 * dashboard loads, when today is not yet reviewed on the server, the Overdue Tasks Review opens if tasks
 * are overdue, or today is simply recorded. Closing or skipping records today too; 'Continue to
 * Dashboard' opens the priorities dialog. The overdue tasks come from the dashboard's day list, which
 * holds every overdue open task. The banner shows where `children` place a DailyReviewBanner (the dashboard's
 * Today overview; no banner on its other tabs), or in place without children.
 */
export function DailyReviewFlow({ user, now, children }: { user: Pick<User, 'timezone'>; now: Date; children?: ReactNode }) {
  const timeZone = user.timezone;
  const plan = useGetDailyPlanQuery();
  const day = useGetDayTasksQuery(isWeekendMode(now, timeZone));
  const [markReviewed] = useMarkDailyPlanReviewedMutation();
  const overdue = useMemo(() => overdueTasks(day.data ?? [], now, timeZone), [day.data, now, timeZone]);
  const [overdueDialog, setOverdue] = useState({ open: false, mounted: false });
  const [priorities, setPriorities] = useState({ open: false, key: 0 });
  const prompted = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const ready = plan.isSuccess && day.isSuccess;
  const reviewed = plan.data?.reviewed ?? true;
  const latest = useRef({ reviewed, overdueCount: overdue.length });
  useEffect(() => {
    latest.current = { reviewed, overdueCount: overdue.length };
  });
  useEffect(() => {
    if (!ready || prompted.current) return;
    prompted.current = true;
    // Likely to open: its code loads during the wait rather than after it.
    if (reviewPromptAction({ reviewed: latest.current.reviewed }, latest.current.overdueCount) === 'open') void loadOverdueReview();
    // Decided once per dashboard visit, 1 s after its data has loaded, from the latest figures.
    timer.current = setTimeout(() => {
      const action = reviewPromptAction({ reviewed: latest.current.reviewed }, latest.current.overdueCount);
      if (action === 'open') setOverdue({ open: true, mounted: true });
      else if (action === 'record') void markReviewed();
    }, REVIEW_PROMPT_DELAY_MS);
  }, [ready, markReviewed]);

  const closeOverdue = () => {
    setOverdue({ open: false, mounted: true });
    if (!latest.current.reviewed) void markReviewed();
  };

  const view = useMemo<OverdueView>(() => ({ tasks: overdue, now, timeZone, openReview: () => setOverdue({ open: true, mounted: true }) }), [overdue, now, timeZone]);
  return (
    <OverdueContext.Provider value={view}>
      {children ?? <DailyReviewBanner />}
      <Suspense fallback={null}>
        {overdueDialog.mounted && (
          <OverdueReviewDialog
            open={overdueDialog.open}
            tasks={overdue}
            now={now}
            timeZone={timeZone}
            onClose={closeOverdue}
            onContinue={() => {
              closeOverdue();
              setPriorities((current) => ({ open: true, key: current.key + 1 }));
            }}
          />
        )}
        {priorities.key > 0 && <PrioritiesDialog key={priorities.key} open={priorities.open} onClose={() => setPriorities((current) => ({ ...current, open: false }))} />}
      </Suspense>
    </OverdueContext.Provider>
  );
}

