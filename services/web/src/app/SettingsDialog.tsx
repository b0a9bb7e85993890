import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import ReviewIcon from '@mui/icons-material/FactCheckOutlined';
import type { User } from '@daybook/shared';
import { ResponsiveModal } from '../components/ResponsiveModal';
import { SettingsSection } from '../components/settings/SettingsSection';
import { LogoutButton } from '../features/auth/LogoutButton';
import { PasswordSection } from '../features/auth/PasswordSection';
import { ProfileSection } from '../features/auth/ProfileSection';
import { SignOutEverywhereButton } from '../features/auth/SignOutEverywhereButton';
import { ClientsSection } from '../features/clients/ClientsSection';
import { ContactsSection } from '../features/contacts/ContactsSection';
import { TimeIncrementsSection } from '../features/time-increments/TimeIncrementsSection';
import { BillingSettingsSection } from '../features/billing/BillingSettingsSection';
import { WorkingHoursSection } from '../features/planning/WorkingHoursSection';
import { LoadingSkeleton } from '../components/LoadingSkeleton';
import { lazyChunk } from '../lib/lazyPreloadable';

// Its forms check channels with the shared schemas (zod): loaded when the dialog opens, after the rest.
const NotificationsSection = lazyChunk(() => import('../components/settings/notifications/NotificationsSection'));
const DataTransferSection = lazyChunk(() => import('../features/data-transfer/DataTransferSection'));
// API tokens and the calendar feed (DECISIONS 30): a chunk of their own, loaded when the dialog opens.
const IntegrationsSections = lazyChunk(() => import('../features/integrations/IntegrationsSections'));
// Where the account is signed in and what happened (DECISIONS 48): a chunk of its own too.
const AccountSecuritySections = lazyChunk(() => import('../features/account-security/AccountSecuritySections'));
// Two-step sign-in (DECISIONS 47): the QR code and passkey code load with the dialog, not the dashboard.
const TwoStepSection = lazyChunk(() => import('../features/auth/two-step/TwoStepSection'));

/**
 * Settings (spec §2): one section per domain, each from its own feature folder (profile, clients, time
 * increments, delegation contacts while delegation is on), notifications (DECISIONS 29), API tokens and
 * the calendar feed (DECISIONS 30), then the actions.
 */
export function SettingsDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  return (
    <ResponsiveModal open={open} onClose={onClose} title="Settings" maxWidth="sm">
      <ProfileSection user={user} />
      <PasswordSection />
      <ClientsSection />
      <TimeIncrementsSection />
      <WorkingHoursSection user={user} />
      {user.enableDelegation && <ContactsSection />}
      <BillingSettingsSection />
      <Suspense fallback={<LoadingSkeleton variant="rounded" height={160} sx={{ mt: 3 }} label="Loading notifications" />}>
        <NotificationsSection timeZone={user.timezone} />
        <DataTransferSection />
      </Suspense>
      <Suspense fallback={<LoadingSkeleton variant="rounded" height={160} sx={{ mt: 3 }} label="Loading API tokens and calendar feed" />}>
        <IntegrationsSections timeZone={user.timezone} />
        <TwoStepSection timeZone={user.timezone} />
        <AccountSecuritySections timeZone={user.timezone} open={open} />
      </Suspense>
      <SettingsSection title="Actions">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/daily-review" variant="outlined" startIcon={<ReviewIcon />} onClick={onClose}>
            Daily Task Review
          </Button>
          <Button component={RouterLink} to="/archived" variant="outlined" startIcon={<ArchiveIcon />} onClick={onClose}>
            View Archived Tasks
          </Button>
          <LogoutButton />
          <SignOutEverywhereButton />
        </Stack>
      </SettingsSection>
    </ResponsiveModal>
  );
}

export default SettingsDialog;
