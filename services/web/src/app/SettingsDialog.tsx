import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import ReviewIcon from '@mui/icons-material/FactCheckOutlined';
import type { User } from '@daybook/shared';
import { ResponsiveModal, WIDE_SCREEN_QUERY } from '../components/ResponsiveModal';
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

/** How far below the top of the scrolling box a section lands when jumped to (under the phone's chip row). */
const JUMP_MARGIN = { wide: 8, phone: 56 };
/** The longest a smooth jump takes. */
const JUMP_HOLD_MS = 1_500;

/** The box that scrolls `element` (the dialog's content, or the phone drawer's). */
function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let box = element.parentElement; box; box = box.parentElement) if (/(auto|scroll)/.test(getComputedStyle(box).overflowY)) return box;
  return null;
}

/**
 * The sections the dialog shows, by their headings (their `<section aria-label>`, whichever feature
 * renders them: some load later), and the current one: the last whose top has passed the top of the
 * scrolling box (the last section once it is scrolled to the end), or the one jumped to until that
 * scroll ends.
 */
function useSections(open: boolean) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [titles, setTitles] = useState<string[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const jumping = useRef(false);
  const sectionsOf = useCallback((box: HTMLElement) => [...box.querySelectorAll<HTMLElement>(':scope > section[aria-label]')], []);

  useEffect(() => {
    if (!container || !open) return;
    const read = () => {
      const next = sectionsOf(container).map((section) => section.getAttribute('aria-label')!);
      setTitles((shown) => (shown.join('\n') === next.join('\n') ? shown : next));
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(container, { childList: true });
    const scroller = scrollingAncestor(container);
    const onScroll = () => {
      if (!scroller || jumping.current) return;
      const sections = sectionsOf(container);
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      const top = scroller.getBoundingClientRect().top + JUMP_MARGIN.phone + 8;
      const passed = atEnd ? sections : sections.filter((section) => section.getBoundingClientRect().top <= top);
      setCurrent(passed.at(-1)?.getAttribute('aria-label') ?? null);
    };
    const onScrollEnd = () => {
      jumping.current = false;
    };
    scroller?.addEventListener('scroll', onScroll, { passive: true });
    scroller?.addEventListener('scrollend', onScrollEnd);
    return () => {
      observer.disconnect();
      scroller?.removeEventListener('scroll', onScroll);
      scroller?.removeEventListener('scrollend', onScrollEnd);
    };
  }, [container, open, sectionsOf]);

  const jump = (title: string) => {
    const section = container && sectionsOf(container).find((candidate) => candidate.getAttribute('aria-label') === title);
    if (!section) return;
    section.scrollIntoView({ block: 'start', behavior: 'smooth' });
    // The section jumped to stays current while the scroll runs (until it ends, or a jump that
    // scrolls nothing has had its time).
    jumping.current = true;
    setTimeout(() => (jumping.current = false), JUMP_HOLD_MS);
    setCurrent(title);
  };
  return { setContainer, titles, current: current ?? titles[0] ?? null, jump };
}

/**
 * Settings sections one can jump to: a list beside them on wide screens, a row of chips above them on
 * phones (it stays at the top while the sections scroll).
 */
function SectionsWithNavigation({ open, children }: { open: boolean; children: ReactNode }) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const { setContainer, titles, current, jump } = useSections(open);
  const chipRow = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // Keeps the current section's chip in the middle of the row (scrolling only the row, not the sections).
    const row = chipRow.current;
    const chip = row?.querySelector<HTMLElement>('[aria-current="true"]');
    if (row && chip) row.scrollTo?.({ left: chip.offsetLeft - (row.clientWidth - chip.offsetWidth) / 2, behavior: 'smooth' });
  }, [current]);
  const sections = (
    <Box ref={setContainer} sx={{ minWidth: 0, '& > section': { scrollMarginTop: wide ? JUMP_MARGIN.wide : JUMP_MARGIN.phone } }}>
      {children}
    </Box>
  );
  if (wide) {
    return (
      <Box sx={{ display: 'grid', gridTemplateColumns: '180px minmax(0, 1fr)', columnGap: 3, alignItems: 'start' }}>
        <Box component="nav" aria-label="Settings sections" sx={{ position: 'sticky', top: 0, borderRight: 1, borderColor: 'divider', pr: 1 }}>
          <List dense disablePadding>
            {titles.map((title) => (
              <ListItem key={title} disablePadding>
                <ListItemButton aria-current={title === current ? 'true' : undefined} selected={title === current} onClick={() => jump(title)} sx={{ borderRadius: 1, py: 0.5 }}>
                  {title}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        {sections}
      </Box>
    );
  }
  return (
    <>
      <Box
        component="nav"
        aria-label="Settings sections"
        ref={chipRow}
        sx={{ position: 'sticky', top: -16, zIndex: 2, mx: -2.5, mt: -2, mb: 2, px: 2.5, py: 1, display: 'flex', gap: 1, overflowX: 'auto', bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', scrollbarWidth: 'none' }}
      >
        {titles.map((title) => (
          <Chip key={title} label={title} size="small" clickable aria-current={title === current ? 'true' : undefined} color={title === current ? 'primary' : 'default'} variant={title === current ? 'filled' : 'outlined'} onClick={() => jump(title)} sx={{ flexShrink: 0 }} />
        ))}
      </Box>
      {sections}
    </>
  );
}

/**
 * Settings (spec §2): one section per domain, each from its own feature folder (profile, clients, time
 * increments, delegation contacts while delegation is on), notifications (DECISIONS 29), API tokens and
 * the calendar feed (DECISIONS 30), then the actions; a navigation jumps to each.
 */
export function SettingsDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  return (
    <ResponsiveModal open={open} onClose={onClose} title="Settings" maxWidth="md">
      <SectionsWithNavigation open={open}>
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
      </SectionsWithNavigation>
    </ResponsiveModal>
  );
}

export default SettingsDialog;
