import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CalendarIcon from '@mui/icons-material/EventOutlined';
import { useGetCalendarFeedQuery, useRotateCalendarFeedMutation, useTurnOffCalendarFeedMutation } from '../../api/integrationsApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { runWithToasts } from '../../lib/feedback';
import { CopyField } from '../../components/CopyField';
import { LoadFailed } from '../../components/settings/LoadFailed';

/** The address a calendar app subscribes to, and the same as a webcal: link that opens the app. */
const feedUrl = (path: string) => `${window.location.origin}${path}`;
const webcalUrl = (path: string) => `webcal://${window.location.host}${path}`;

type Confirming = 'rotate' | 'off' | null;

const CONFIRMS = {
  rotate: { title: 'Get a new link?', description: 'The old link stops working at once: calendars subscribed to it need the new one.', confirmLabel: 'Get a new link' },
  off: { title: 'Turn off calendar feed?', description: 'The link stops working at once and calendars subscribed to it no longer get your tasks.', confirmLabel: 'Turn off' },
} as const;

/**
 * Settings, 'Calendar feed' (DECISIONS 30): a private address for calendar apps. Off until turned on;
 * when on, the link to copy or open, a new link (the old one ends), or off.
 */
export function CalendarFeedSection() {
  const feed = useGetCalendarFeedQuery();
  const [rotateFeed, rotateState] = useRotateCalendarFeedMutation();
  const [turnOffFeed, turnOffState] = useTurnOffCalendarFeedMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const path = feed.data?.path ?? null;

  const turnOn = () => void runWithToasts(() => rotateFeed().unwrap(), { success: { title: 'Calendar feed on', description: 'Copy the link into your calendar app.' }, failure: 'Failed to turn on calendar feed' });

  const confirm = async (what: Exclude<Confirming, null>) => {
    if (what === 'rotate') {
      await runWithToasts(() => rotateFeed().unwrap(), { success: { title: 'New link ready', description: 'The old link no longer works.' }, failure: 'Failed to get a new link' });
    } else {
      await runWithToasts(() => turnOffFeed().unwrap(), { success: { title: 'Calendar feed off' }, failure: 'Failed to turn off calendar feed' });
    }
    setConfirming(null);
  };

  return (
    <SettingsSection title="Calendar feed">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        See your open tasks with due dates in your phone’s or family’s calendar app. Anyone with the link can see them, so share it only with calendars you trust.
      </Typography>
      {feed.isError && !feed.data ? (
        <LoadFailed what="The calendar feed" onRetry={() => void feed.refetch()} />
      ) : !feed.data ? (
        <Skeleton variant="rounded" height={40} aria-label="Loading calendar feed" />
      ) : path === null ? (
        <Button variant="contained" startIcon={<CalendarIcon />} onClick={turnOn} disabled={rotateState.isLoading}>
          Turn on calendar feed
        </Button>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <CopyField label="Calendar feed link" value={feedUrl(path)} copied="Link copied" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<CalendarIcon />} href={webcalUrl(path)}>
              Open in calendar app
            </Button>
            <Button onClick={() => setConfirming('rotate')}>Get a new link</Button>
            <Button color="error" onClick={() => setConfirming('off')}>
              Turn off
            </Button>
          </Box>
        </Box>
      )}
      {(['rotate', 'off'] as const).map((what) => (
        <ConfirmDialog
          key={what}
          open={confirming === what}
          {...CONFIRMS[what]}
          busy={rotateState.isLoading || turnOffState.isLoading}
          onConfirm={() => void confirm(what)}
          onCancel={() => setConfirming(null)}
        >
          {null}
        </ConfirmDialog>
      ))}
    </SettingsSection>
  );
}
