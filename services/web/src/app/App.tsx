import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { CONFIRM_EMAIL_PATH } from '@daybook/shared';
import { useCurrentUser } from '../api/authApi';
import { DASHBOARD_PATHS } from '../api/firstNetworkReads';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary';
import { lazyChunk, lazyPreloadable } from '../lib/lazyPreloadable';
import { LoadingScreen } from './LoadingScreen';
import type { RootState } from './store';

// Every screen is its own chunk: signed-out visitors never load the dashboard, and the reverse. A chunk that
// cannot be loaded is tried again, then says so in the screen's place (issue 37).
const LandingPage = lazyChunk(() => import('../features/auth/LandingPage'));
const loadDashboard = () => import('./DashboardScreen');
const DashboardScreen = lazyPreloadable(loadDashboard);
const NotFoundPage = lazyChunk(() => import('./NotFoundPage'));
const NotesPage = lazyChunk(() => import('../features/notes/NotesPage'));
const DailyReviewPage = lazyChunk(() => import('../features/daily-plan/DailyReviewPage'));
const ClientsPage = lazyChunk(() => import('../features/clients/ClientsPage'));
const BillingPage = lazyChunk(() => import('../features/billing/BillingPage'));
const ClientPage = lazyChunk(() => import('../features/clients/ClientPage'));
const ArchivedPage = lazyChunk(() => import('../features/archived/ArchivedPage'));
const CalendarPage = lazyChunk(() => import('../features/calendar/CalendarPage'));
const AdminUsersPage = lazyChunk(() => import('../features/admin/AdminUsersPage'));
const AdminAuditPage = lazyChunk(() => import('../features/admin/AdminAuditPage'));
const KanbanPage = lazyChunk(() => import('../features/kanban/KanbanPage'));
const SharedTaskPage = lazyChunk(() => import('../features/shared-task/SharedTaskPage'));
const ConfirmEmailPage = lazyChunk(() => import('../features/auth/ConfirmEmailPage'));

/**
 * Loads the code of the screen a signed-in user opens at `pathname` (the dashboard's, with its drag and
 * drop) before the first render; `state` holds the screen's first reads.
 */
export async function preloadSignedInScreen(pathname: string, state: RootState): Promise<void> {
  if (!DASHBOARD_PATHS.has(pathname)) return;
  await DashboardScreen.preload();
  await (await loadDashboard()).preloadDashboardParts(state);
}

/**
 * What making a task offline needs, loaded once a signed-in screen has shown (issue 37): the task dialog,
 * the code that shows the tasks made offline in their lists, and the code that replays the changes kept
 * on the device when the connection returns. On a first visit the service worker, which would keep them,
 * may not have installed yet.
 */
export const preloadOfflineCapture = () =>
  Promise.all([import('../components/tasks/TaskDialog'), import('../lib/offlineTaskChanges'), import('../lib/serviceWorker')]);

function useOfflineCapturePreload() {
  useEffect(() => {
    void preloadOfflineCapture().catch(() => undefined); // offline already: the dialog then says it could not be loaded
  }, []);
}

/** One screen: an error in it is caught there (issue 37), and going to another screen starts afresh. */
function Screen({ children }: { children: ReactNode }) {
  return <ScreenErrorBoundary screen={useLocation().pathname}>{children}</ScreenErrorBoundary>;
}

/**
 * The route table (spec §2): a Loading screen while the current user loads; signed out, the landing
 * page at any path; signed in, the screens, and a 404 page for unknown paths.
 */
export function App() {
  // A shared task's page is for someone without an account (DECISIONS 33): it never asks who is signed in.
  if (useLocation().pathname.startsWith('/share/')) return <SharedLinkScreen />;
  return <Screens />;
}

const SharedLinkScreen = () => (
  <Screen>
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/share/:token" element={<SharedTaskPage />} />
      </Routes>
    </Suspense>
  </Screen>
);

function Screens() {
  const currentUser = useCurrentUser();

  if (currentUser.isLoading) return <LoadingScreen />;
  if (currentUser.isError) {
    return <LoadingScreen error="Check your connection and try again." onRetry={() => void currentUser.refetch()} />;
  }
  if (!currentUser.data) {
    return (
      <Screen>
        <Suspense fallback={<LoadingScreen />}>
          <LandingPage />
        </Suspense>
      </Screen>
    );
  }
  return <SignedInScreens />;
}

function SignedInScreens() {
  useOfflineCapturePreload();
  return (
    <Screen>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path="/" element={<DashboardScreen />} />
          <Route path="/dashboard" element={<DashboardScreen />} />
          <Route path="/daily-review" element={<DailyReviewPage />} />
          <Route path="/clients" element={<ClientsPage />} />
          <Route path="/billing" element={<BillingPage />} />
          <Route path="/clients/:id" element={<ClientPage />} />
          <Route path="/archived" element={<ArchivedPage />} />
          <Route path="/calendar" element={<CalendarPage />} />
          <Route path="/admin/users" element={<AdminUsersPage />} />
          <Route path="/admin/audit" element={<AdminAuditPage />} />
          <Route path="/kanban" element={<KanbanPage />} />
          <Route path="/notes" element={<NotesPage />} />
          <Route path={`${CONFIRM_EMAIL_PATH}/:token`} element={<ConfirmEmailPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </Screen>
  );
}
