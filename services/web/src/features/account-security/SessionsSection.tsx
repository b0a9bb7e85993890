import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ComputerIcon from '@mui/icons-material/ComputerOutlined';
import DevicesIcon from '@mui/icons-material/DevicesOtherOutlined';
import PhoneIcon from '@mui/icons-material/PhoneIphoneOutlined';
import TabletIcon from '@mui/icons-material/TabletMacOutlined';
import TvIcon from '@mui/icons-material/TvOutlined';
import type { DeviceType, SessionInfo } from '@daybook/shared';
import { useEndOtherSessionsMutation, useEndSessionMutation, useGetSessionsQuery } from '../../api/accountSecurityApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadFailed } from '../../components/settings/LoadFailed';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { runWithToasts } from '../../lib/feedback';
import { countLabel, formatInstantDate } from '../../lib/format';
import { useNow } from '../../lib/useNow';
import { lastUsedLabel } from '../../lib/lastUsed';

const DEVICE_ICONS: Record<DeviceType, typeof ComputerIcon> = { desktop: ComputerIcon, mobile: PhoneIcon, tablet: TabletIcon, tv: TvIcon, other: DevicesIcon };

/** 'Firefox 120 on Windows 10', 'Safari 17 on iOS 17.1 · Apple iPhone', or 'Unknown browser'. */
export function sessionName(session: Pick<SessionInfo, 'browser' | 'os' | 'device'>): string {
  const name = session.browser && session.os ? `${session.browser} on ${session.os}` : (session.browser ?? session.os ?? 'Unknown browser');
  return session.device ? `${name} · ${session.device}` : name;
}

function SessionCard({ session, now, timeZone, onEnd, ending }: { session: SessionInfo; now: Date; timeZone: string; onEnd: () => void; ending: boolean }) {
  const Icon = DEVICE_ICONS[session.deviceType];
  const name = sessionName(session);
  return (
    <Paper role="listitem" aria-label={name} data-testid="session" variant="outlined" sx={{ p: 1.5, borderRadius: 2, display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
      <Icon color={session.current ? 'primary' : 'action'} sx={{ mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {name}
          </Typography>
          {session.current && <Chip size="small" color="primary" variant="outlined" label="This device" />}
        </Box>
        <Typography variant="caption" color="textSecondary" component="p" sx={{ wordBreak: 'break-word' }}>
          {[session.address, `Signed in ${formatInstantDate(session.signedInAt, timeZone)}`, session.current ? 'Active now' : `Last active ${lastUsedLabel(session.lastSeenAt, now, timeZone)}`]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      {!session.current && (
        <Button size="small" color="error" onClick={onEnd} disabled={ending} aria-label={`Sign out ${name}`} sx={{ mt: -0.5, mr: -0.5, flexShrink: 0 }}>
          Sign out
        </Button>
      )}
    </Paper>
  );
}

/**
 * Settings, "Where you're signed in" (DECISIONS 48): each session of the account with its device, address
 * and last use, this device marked; sign out one, or all the others.
 */
export function SessionsSection({ timeZone, open }: { timeZone: string; open: boolean }) {
  // Read afresh whenever the settings open (not read while closed): the last use is what the list is for.
  const sessions = useGetSessionsQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const now = useNow(60_000);
  const [endSession, endState] = useEndSessionMutation();
  const [endOthers, endOthersState] = useEndOtherSessionsMutation();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const items = sessions.data?.items ?? [];
  const others = (sessions.data?.total ?? 0) - (items.some((s) => s.current) ? 1 : 0);

  const end = (session: SessionInfo) =>
    void runWithToasts(() => endSession(session.id).unwrap(), { success: { title: 'Session signed out', description: sessionName(session) }, failure: 'Failed to sign out the session' });
  const endAllOthers = async () => {
    await runWithToasts(() => endOthers().unwrap(), { success: { title: 'Signed out of your other sessions' }, failure: 'Failed to sign out the other sessions' });
    setConfirmOthers(false);
  };

  return (
    <SettingsSection title="Where you're signed in">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        The browsers and devices signed in to your account. Sign out any you do not recognise, then change your password.
      </Typography>
      {sessions.data ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Box role="list" aria-label="Sessions" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {items.map((session) => (
              <SessionCard key={session.id} session={session} now={now} timeZone={timeZone} onEnd={() => end(session)} ending={endState.isLoading} />
            ))}
          </Box>
          {sessions.data.total > items.length && (
            <Typography variant="caption" color="textSecondary">
              The {items.length} most recently used of {countLabel(sessions.data.total, 'session')}.
            </Typography>
          )}
          {others > 0 && (
            <Box>
              <Button variant="outlined" color="error" onClick={() => setConfirmOthers(true)}>
                Sign out all other sessions
              </Button>
            </Box>
          )}
        </Box>
      ) : sessions.isError ? (
        <LoadFailed what="Sessions" onRetry={() => void sessions.refetch()} />
      ) : (
        <Skeleton variant="rounded" height={72} aria-label="Loading sessions" />
      )}
      <ConfirmDialog
        open={confirmOthers}
        title="Sign out all other sessions?"
        description={`${countLabel(others, 'other session')} will be signed out at once. This device stays signed in.`}
        confirmLabel="Sign out"
        busy={endOthersState.isLoading}
        onConfirm={() => void endAllOthers()}
        onCancel={() => setConfirmOthers(false)}
      >
        {null}
      </ConfirmDialog>
    </SettingsSection>
  );
}
