import type { RootState } from './store';
import { preloadDragAndDrop } from '../components/tasks/TaskList';
import { CaptureBox } from '../features/capture/CaptureBox';
import { DailyReviewBanner, DailyReviewFlow, preloadDueReview } from '../features/daily-plan/DailyReviewFlow';
import { TopPriorities } from '../features/daily-plan/TopPriorities';
import { DashboardPage, type DashboardParts } from '../features/dashboard/DashboardPage';
import { lazyChunk } from '../lib/lazyPreloadable';

/** Loads on first use: settings are not part of the dashboard's first paint. */
const SettingsDialog = lazyChunk(() => import('./SettingsDialog'), { floating: true });

const parts: DashboardParts = { DailyReview: DailyReviewFlow, OverdueBanner: DailyReviewBanner, TopPriorities, SettingsDialog, CaptureBox };

/**
 * The dashboard route: the dashboard with the parts it shows from other domains. Features do not import
 * each other (ESLint); the app wires them together here.
 */
export function DashboardScreen() {
  return <DashboardPage parts={parts} />;
}

/**
 * What the dashboard's first render shows besides its own code: drag and drop (main.tsx waits for it).
 * The overdue review, when it may open soon after, starts loading too (not waited for).
 */
export function preloadDashboardParts(state: RootState): Promise<void> {
  preloadDueReview(state);
  return preloadDragAndDrop();
}

export default DashboardScreen;
