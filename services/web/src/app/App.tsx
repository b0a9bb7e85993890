import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { CONFIRM_EMAIL_PATH } from '@daybook/shared';
import { useCurrentUser } from '../api/authApi';
import { DASHBOARD_PATHS } from '../api/firstNetworkReads';
import { lazyPreloadable } from '../lib/lazyPreloadable';
import { LoadingScreen } from './LoadingScreen';
import type { RootState } from './store';

// Every screen is its own chunk: signed-out visitors never load the dashboard, and the reverse.
const LandingPage = lazy(() => import('../features/auth/LandingPage'));
const loadDashboard = () => import('./DashboardScreen');
const DashboardScreen = lazyPreloadable(loadDashboard);
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const NotesPage = lazy(() => import('../features/notes/NotesPage'));
const DailyReviewPage = lazy(() => import('../features/daily-plan/DailyReviewPage'));
const ClientsPage = lazy(() => import('../features/clients/ClientsPage'));
const BillingPage = lazy(() => import('../features/billing/BillingPage'));
const ClientPage = lazy(() => import('../features/clients/ClientPage'));
const ArchivedPage = lazy(() => import('../features/archived/ArchivedPage'));
const CalendarPage = lazy(() => import('../features/calendar/CalendarPage'));
const AdminUsersPage = lazy(() => import('../features/admin/AdminUsersPage'));
const AdminAuditPage = lazy(() => import('../features/admin/AdminAuditPage'));
const KanbanPage = lazy(() => import('../features/kanban/KanbanPage'));
const SharedTaskPage = lazy(() => import('../features/shared-task/SharedTaskPage'));
const ConfirmEmailPage = lazy(() => import('../features/auth/ConfirmEmailPage'));

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
 * The route table (spec §2): a Loading screen while the current user loads; signed out, the landing
 * page at any path; signed in, the screens, and a 404 page for unknown paths.
 */
export function App() {
  // A shared task's page is for someone without an account (DECISIONS 33): it never asks who is signed in.
  if (useLocation().pathname.startsWith('/share/')) return <SharedLinkScreen />;
  return <Screens />;
}

const SharedLinkScreen = () => (
  <Suspense fallback={<LoadingScreen />}>
    <Routes>
      <Route path="/share/:token" element={<SharedTaskPage />} />
    </Routes>
  </Suspense>
);

function Screens() {
  const currentUser = useCurrentUser();

  if (currentUser.isLoading) return <LoadingScreen />;
  if (currentUser.isError) {
    return <LoadingScreen error="Check your connection and try again." onRetry={() => void currentUser.refetch()} />;
  }
  if (!currentUser.data) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <LandingPage />
      </Suspense>
    );
  }
  return (
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
  );
}
