import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { AUDIT_CATEGORIES, AUDIT_CATEGORY_NAMES, type AuditCategory, type AuditEventType, type User } from '@daybook/shared';
import { useGetAdminAuditLogInfiniteQuery, type AdminAuditFilters } from '../../api/accountSecurityApi';
import { useGetAdminUsersQuery } from '../../api/adminApi';
import { useSignedInUser } from '../../api/authApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { loadedItems } from '../../lib/pages';
import { AuditEventRow } from '../../components/audit/AuditEventRow';
import { AUDIT_CATEGORY_LABELS, AUDIT_EVENT_LABELS } from '../../components/audit/auditLabels';
import NotFoundPage from '../../app/NotFoundPage';

const HOUR_MS = 3_600_000;
/** The periods the filter offers, back from now. */
export const AUDIT_PERIODS = [
  { value: 'all', label: 'All time', hours: null },
  { value: '24h', label: 'Last 24 hours', hours: 24 },
  { value: '7d', label: 'Last 7 days', hours: 24 * 7 },
  { value: '30d', label: 'Last 30 days', hours: 24 * 30 },
] as const;
type PeriodChoice = (typeof AUDIT_PERIODS)[number]['value'];

/** The event filter's value: every event, a category (`category:sign_in`) or one type (`type:sign_in_failed`). */
export function eventFilterOf(value: string): Pick<AdminAuditFilters, 'category' | 'type'> {
  if (value.startsWith('category:')) return { category: value.slice('category:'.length) as AuditCategory };
  if (value.startsWith('type:')) return { type: value.slice('type:'.length) as AuditEventType };
  return {};
}

/** The instant a period starts at, from `now`; undefined for all time. */
export function periodStart(choice: PeriodChoice, now: Date): string | undefined {
  const hours = AUDIT_PERIODS.find((period) => period.value === choice)?.hours;
  return hours ? new Date(now.getTime() - hours * HOUR_MS).toISOString() : undefined;
}

function AuditLog({ me }: { me: User }) {
  const users = useGetAdminUsersQuery();
  const [userId, setUserId] = useState('');
  const [eventFilter, setEventFilter] = useState('all');
  const [period, setPeriod] = useState<{ choice: PeriodChoice; from: string | undefined }>({ choice: 'all', from: undefined });
  const filters = useMemo<AdminAuditFilters>(
    () => ({ ...(userId ? { userId } : {}), ...eventFilterOf(eventFilter), ...(period.from ? { from: period.from } : {}) }),
    [userId, eventFilter, period.from],
  );
  const log = useGetAdminAuditLogInfiniteQuery(filters, { refetchOnMountOrArgChange: true });
  // The events of these filters only: while another filter's load, its list is not shown as this one's.
  const events = useMemo(() => loadedItems(log.currentData), [log.currentData]);
  const filtered = Boolean(userId) || eventFilter !== 'all' || period.choice !== 'all';

  return (
    <Stack spacing={2}>
      <Box role="search" aria-label="Filter the audit log" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <TextField select size="small" label="User" value={userId} onChange={(event) => setUserId(event.target.value)} slotProps={{ select: { native: true } }}>
          <option value="">All users</option>
          {(users.data ?? []).map((user) => (
            <option key={user.id} value={user.id}>
              {user.username}
            </option>
          ))}
        </TextField>
        <TextField select size="small" label="Events" value={eventFilter} onChange={(event) => setEventFilter(event.target.value)} slotProps={{ select: { native: true } }}>
          <option value="all">All events</option>
          {AUDIT_CATEGORY_NAMES.map((category) => (
            <optgroup key={category} label={AUDIT_CATEGORY_LABELS[category]}>
              <option value={`category:${category}`}>All: {AUDIT_CATEGORY_LABELS[category].toLowerCase()}</option>
              {AUDIT_CATEGORIES[category].map((type) => (
                <option key={type} value={`type:${type}`}>
                  {AUDIT_EVENT_LABELS[type]}
                </option>
              ))}
            </optgroup>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Period"
          value={period.choice}
          onChange={(event) => {
            const choice = event.target.value as PeriodChoice;
            setPeriod({ choice, from: periodStart(choice, new Date()) });
          }}
          slotProps={{ select: { native: true } }}
        >
          {AUDIT_PERIODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
      </Box>
      {!log.currentData && log.isFetching ? (
        <SkeletonRows count={4} />
      ) : log.isError && !log.currentData ? (
        <LoadError onRetry={() => void log.refetch()} />
      ) : !events || events.length === 0 ? (
        <EmptyState
          title="No events"
          description={filtered ? 'Nothing matches these filters.' : 'Sign-ins, token use and admin actions will appear here.'}
          icon={<HistoryIcon />}
        />
      ) : (
        <Card sx={{ px: 2, py: 0.5 }}>
          <Box role="list" aria-label="Audit log">
            {events.map((event) => (
              <AuditEventRow key={event.id} event={event} timeZone={me.timezone} showAccount />
            ))}
          </Box>
          <LoadMoreRow paging={log} label="Loading more events" />
        </Card>
      )}
      <Typography variant="caption" color="textSecondary">
        Events are kept for 180 days (or the days the server's AUDIT_RETENTION_DAYS sets), at most 5,000 per account.
      </Typography>
    </Stack>
  );
}

/** The audit log of every account (DECISIONS 48): admins only; anyone else sees the not-found page (the api answers 403). */
export function AdminAuditPage() {
  const me = useSignedInUser();
  if (!me) return null;
  if (me.role !== 'admin') return <NotFoundPage />;
  return (
    <ScreenShell
      title="Audit log"
      actions={
        <Button component={RouterLink} to="/admin/users" color="inherit" aria-label="User Management" sx={{ flexShrink: 0, minWidth: { xs: 40, sm: 64 } }}>
          <PeopleIcon fontSize="small" sx={{ mr: { xs: 0, sm: 1 } }} />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Users
          </Box>
        </Button>
      }
    >
      <AuditLog me={me} />
    </ScreenShell>
  );
}

export default AdminAuditPage;
