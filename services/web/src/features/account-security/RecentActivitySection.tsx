import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetAuditLogInfiniteQuery } from '../../api/accountSecurityApi';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { LoadFailed } from '../../components/settings/LoadFailed';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { loadedItems } from '../../lib/pages';
import { AuditEventRow } from '../../components/audit/AuditEventRow';

/** The first page is short: the settings show the latest events, more load on request. */
const FIRST_EVENTS = 10;

/**
 * Settings, "Recent activity" (DECISIONS 48): the account's audit log, newest first: sign-ins and refused
 * ones, sessions ended, password and second-factor changes, tokens, exports, shared tasks, what an admin did.
 */
export function RecentActivitySection({ timeZone, open }: { timeZone: string; open: boolean }) {
  // Read afresh whenever the settings open, as the sessions.
  const log = useGetAuditLogInfiniteQuery({ limit: FIRST_EVENTS }, { skip: !open, refetchOnMountOrArgChange: true });
  const events = useMemo(() => loadedItems(log.data), [log.data]);
  return (
    <SettingsSection title="Recent activity">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        What happened to your account, and from where. A refused sign-in you do not recognise may be someone guessing your password.
      </Typography>
      {events ? (
        events.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            Nothing yet.
          </Typography>
        ) : (
          <Box>
            <Box role="list" aria-label="Recent activity">
              {events.map((event) => (
                <AuditEventRow key={event.id} event={event} timeZone={timeZone} />
              ))}
            </Box>
            <LoadMoreRow paging={log} label="Loading more activity" buttonText="Show more" />
          </Box>
        )
      ) : log.isError ? (
        <LoadFailed what="Recent activity" onRetry={() => void log.refetch()} />
      ) : (
        <Skeleton variant="rounded" height={120} aria-label="Loading recent activity" />
      )}
    </SettingsSection>
  );
}
