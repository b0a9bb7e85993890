import { useState, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import PhoneIcon from '@mui/icons-material/PhoneIphoneOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import type { Channel, ChannelKind, ChannelUpdateBody } from '@daybook/shared';
import { useDeleteChannelMutation, useTestChannelMutation, useUpdateChannelMutation } from '../../../api/notificationsApi';
import { reportFailure, runWithToasts } from '../../../lib/feedback';
import { toast, toastError } from '../../../lib/toast';
import { ConfirmDialog } from '../../ConfirmDialog';

const KIND_ICONS: Record<ChannelKind, ReactElement> = {
  push: <PhoneIcon color="action" />,
  ntfy: <CampaignIcon color="action" />,
  email: <EmailIcon color="action" />,
  webhook: <WebhookIcon color="action" />,
};
export const KIND_NAMES: Record<ChannelKind, string> = { push: 'Push', ntfy: 'ntfy', email: 'Email', webhook: 'Webhook' };

/** Where the user's reminders and digest go: each channel with its state, switches and actions. */
export function ChannelList({ channels }: { channels: readonly Channel[] }) {
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const [deleteChannel, deleteState] = useDeleteChannelMutation();

  if (channels.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No channels yet: turn on push for this device or add ntfy, email or a webhook.
      </Typography>
    );
  }

  const confirmDelete = async (channel: Channel) => {
    await runWithToasts(() => deleteChannel(channel.id).unwrap(), { success: { title: 'Channel deleted' }, failure: 'Failed to delete channel' });
    setDeleting(null);
  };

  return (
    <>
      <Box role="list" aria-label="Channels" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {channels.map((channel) => (
          <ChannelCard key={channel.id} channel={channel} onDelete={() => setDeleting(channel)} />
        ))}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete channel?"
        description={deleting ? `${deleting.name} will no longer receive reminders or the digest.` : undefined}
        busy={deleteState.isLoading}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {null}
      </ConfirmDialog>
    </>
  );
}

function ChannelCard({ channel, onDelete }: { channel: Channel; onDelete: () => void }) {
  const [updateChannel] = useUpdateChannelMutation();
  const [testChannel, testState] = useTestChannelMutation();

  const update = (changes: ChannelUpdateBody, success: string) =>
    void runWithToasts(() => updateChannel({ id: channel.id, changes }).unwrap(), { success: { title: success }, failure: 'Failed to update channel' });

  const sendTest = async () => {
    try {
      const result = await testChannel(channel.id).unwrap();
      if (result.delivered) toast({ title: 'Test sent', description: `Check ${channel.name}.`, variant: 'success' });
      else toastError(result.error ?? 'The channel did not take the message.', 'Test failed');
    } catch (error) {
      reportFailure(error, 'Failed to send test', { showReason: true });
    }
  };

  return (
    <Paper role="listitem" aria-label={channel.name} variant="outlined" sx={{ p: 1.5, borderRadius: 2, borderColor: channel.status === 'ok' ? 'divider' : channel.status === 'failing' ? 'error.light' : 'warning.light' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <Box sx={{ pt: 0.25 }}>{KIND_ICONS[channel.kind]}</Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {channel.name}
            </Typography>
            {channel.status === 'failing' && <Chip size="small" color="error" label="Failing" />}
            {channel.status === 'paused' && <Chip size="small" color="warning" label="Paused" />}
          </Box>
          <Typography variant="caption" color="textSecondary" component="p" sx={{ wordBreak: 'break-all' }}>
            {KIND_NAMES[channel.kind]} · {channel.target}
          </Typography>
          {channel.status === 'paused' && (
            <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
              Paused after {channel.failures} failed deliveries in a row.
            </Typography>
          )}
          {channel.status !== 'ok' && channel.lastError && (
            <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
              Last error: {channel.lastError}
            </Typography>
          )}
        </Box>
        <IconButton size="small" aria-label={`Delete ${channel.name}`} onClick={onDelete} sx={{ mt: -0.5, mr: -0.5 }}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, mt: 1, pl: { sm: 4.5 } }}>
        <FormControlLabel
          control={<Switch size="small" checked={channel.reminders} onChange={(event) => update({ reminders: event.target.checked }, event.target.checked ? 'Reminders on' : 'Reminders off')} />}
          label="Reminders"
          slotProps={{ typography: { variant: 'body2' } }}
        />
        <FormControlLabel
          control={<Switch size="small" checked={channel.digest} onChange={(event) => update({ digest: event.target.checked }, event.target.checked ? 'Digest on' : 'Digest off')} />}
          label="Digest"
          slotProps={{ typography: { variant: 'body2' } }}
        />
        <Box sx={{ flex: 1 }} />
        {channel.status === 'paused' && (
          <Button size="small" variant="outlined" color="warning" onClick={() => update({ paused: false }, 'Channel resumed')}>
            Resume
          </Button>
        )}
        <Button size="small" onClick={() => void sendTest()} disabled={testState.isLoading} aria-label={`Send test to ${channel.name}`}>
          {testState.isLoading ? 'Sending…' : 'Send test'}
        </Button>
      </Box>
    </Paper>
  );
}
