import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CalendarIcon from '@mui/icons-material/EventOutlined';
import { useSignedInUser } from '../../api/authApi';
import { useGetCalendarFeedQuery, useRotateCalendarFeedMutation, useTurnOffCalendarFeedMutation } from '../../api/integrationsApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { runWithToasts } from '../../lib/feedback';
import { CopyField } from '../../components/CopyField';
import { LoadFailed } from '../../components/settings/LoadFailed';
import { formatInstantDate } from '../../lib/format';
import { browserTimeZone } from '../../lib/reminders';

/** The address a calendar app subscribes to, and the same as a webcal: link that opens the app. */
const feedUrl = (path: string) => `${window.location.origin}${path}`;
const webcalUrl = (path: string) => `webcal://${window.location.host}${path}`;

type Confirming = 'rotate' | 'off' | null;

const CONFIRMS = {
  rotate: { title: 'Get a new link?', description: 'The old link stops working at once: calendars subscribed to it need the new one.', confirmLabel: 'Get a new link' },
  off: { title: 'Turn off calendar feed?', description: 'The link stops working at once and calendars subscribed to it no longer get your tasks.', confirmLabel: 'Turn off' },
} as const;

/**
 * Settings, 'Calendar feed' (DECISIONS 30): a private address for calendar apps. Off until turned on.
 * The api keeps only a hash of the address's secret (DECISIONS 48), so the link is shown once, right after
 * it is made (turned on or a new link), to copy or open; afterwards the section says the feed is on and
 * offers a new link to see one (the old one ends), or off.
 */
export function CalendarFeedSection() {
  const feed = useGetCalendarFeedQuery();
  const [rotateFeed, rotateState] = useRotateCalendarFeedMutation();
  const [turnOffFeed, turnOffState] = useTurnOffCalendarFeedMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const timeZone = useSignedInUser()?.timezone ?? browserTimeZone();
  // The link made on this screen (turned on or a new link), shown until the feed is turned off or the screen left.
  const [madePath, setMadePath] = useState<string | null>(null);
  const enabled = feed.data?.enabled ?? false;
  const path = enabled ? madePath : null;
  const makeLink = async () => setMadePath((await rotateFeed().unwrap()).path);

  const turnOn = () => void runWithToasts(makeLink, { success: { title: 'Calendar feed on', description: 'Copy the link into your calendar app.' }, failure: 'Failed to turn on calendar feed' });

  const confirm = async (what: Exclude<Confirming, null>) => {
    if (what === 'rotate') {
      await runWithToasts(makeLink, { success: { title: 'New link ready', description: 'The old link no longer works.' }, failure: 'Failed to get a new link' });
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
      ) : !enabled ? (
        <Button variant="contained" startIcon={<CalendarIcon />} onClick={turnOn} disabled={rotateState.isLoading}>
          Turn on calendar feed
        </Button>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {path !== null ? (
            <>
              <Typography variant="body2" role="note">
                Copy the link now: it is shown only this once. Daybook keeps only a fingerprint of it, so it cannot show it again.
              </Typography>
              <CopyField label="Calendar feed link" value={feedUrl(path)} copied="Link copied" />
            </>
          ) : (
            <Typography variant="body2" role="note">
              The calendar feed is on{feed.data.createdAt ? ` (link made ${formatInstantDate(feed.data.createdAt, timeZone)})` : ''}. Its link is shown only when it is made: get a
              new link to see one. The old link then stops working.
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {path !== null && (
              <Button variant="outlined" startIcon={<CalendarIcon />} href={webcalUrl(path)}>
                Open in calendar app
              </Button>
            )}
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
