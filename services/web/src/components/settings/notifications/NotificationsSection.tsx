import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useGetChannelsQuery, useGetNotificationSettingsQuery } from '../../../api/notificationsApi';
import { LoadFailed } from '../LoadFailed';
import { SettingsSection } from '../SettingsSection';
import { AddChannelForm } from './AddChannelForm';
import { ChannelList } from './ChannelList';
import { PushDeviceControl } from './PushDeviceControl';
import { DigestFields, ReminderDefaultsFields } from './NotificationSettingsFields';
import { LoadingSkeleton } from '../../LoadingSkeleton';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ '& + &': { mt: 3 } }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Settings, 'Notifications' (DECISIONS 29): push on this device, the channels reminders and the digest go
 * to (with their health, a test and removal), new channels, and the default reminders and digest.
 */
export function NotificationsSection({ timeZone }: { timeZone: string }) {
  const channels = useGetChannelsQuery();
  const settings = useGetNotificationSettingsQuery();
  return (
    <SettingsSection title="Notifications">
      <Part title="This device">
        <PushDeviceControl />
      </Part>
      <Part title="Channels">
        {channels.data ? (
          <ChannelList channels={channels.data} />
        ) : channels.isError ? (
          <LoadFailed what="Channels" onRetry={() => void channels.refetch()} />
        ) : (
          <LoadingSkeleton variant="rounded" height={88} label="Loading channels" />
        )}
      </Part>
      <Part title="Add a channel">
        <AddChannelForm />
      </Part>
      <Part title="Default reminders">
        {settings.data ? (
          <ReminderDefaultsFields settings={settings.data} timeZone={timeZone} />
        ) : settings.isError ? (
          <LoadFailed what="Notification settings" onRetry={() => void settings.refetch()} />
        ) : (
          <LoadingSkeleton variant="rounded" height={120} label="Loading notification settings" />
        )}
      </Part>
      {settings.data && (
        <Part title="Morning digest">
          <DigestFields settings={settings.data} timeZone={timeZone} />
        </Part>
      )}
    </SettingsSection>
  );
}

export default NotificationsSection;
