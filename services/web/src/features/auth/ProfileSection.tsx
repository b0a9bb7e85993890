import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { TIMEZONES, type Timezone, type User } from '@daybook/shared';
import { useSendEmailConfirmationMutation, useUpdateSettingsMutation, useUpdateTimezoneMutation } from '../../api/authApi';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { reportFailure, runWithToasts } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { useGetAuthConfigQuery } from './authConfigApi';

/** The spec's options (§9), and the user's own zone first when it is another (a new account takes the browser's). */
export const zoneOptions = (own: string): readonly string[] => ((TIMEZONES as readonly string[]).includes(own) ? TIMEZONES : [own, ...TIMEZONES]);

/**
 * The account's email address, read only, and whether it is confirmed; when this server sends mail, an
 * unconfirmed one can be confirmed by a mail's link (single sign-on links only to a confirmed address).
 */
function EmailField({ email, verified }: { email: string; verified: boolean }) {
  const mailing = useGetAuthConfigQuery().data?.emailConfirmation ?? false;
  const [send, sending] = useSendEmailConfirmationMutation();
  const sendMail = async () => {
    try {
      await send().unwrap();
      toast({ title: 'Confirmation mail sent', description: `Open its link while you are signed in to confirm ${email}.`, variant: 'success' });
    } catch (error) {
      reportFailure(error, 'Failed to send the confirmation mail', { showReason: true });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label="Email"
        value={email}
        helperText={verified ? 'Confirmed' : 'Not confirmed'}
        slotProps={{ input: { readOnly: true } }}
        fullWidth
      />
      {!verified && mailing && (
        <Button variant="outlined" onClick={() => void sendMail()} disabled={sending.isLoading} sx={{ mt: 1, flexShrink: 0 }}>
          Send confirmation mail
        </Button>
      )}
    </Box>
  );
}

/** Settings, 'Profile Information' (spec §2): username and role (read only), the email address, the timezone and task delegation. */
export function ProfileSection({ user }: { user: User }) {
  const [updateTimezone] = useUpdateTimezoneMutation();
  const [updateSettings, settingsState] = useUpdateSettingsMutation();
  // The timezone and the delegation switch show the choice at once; the saved user follows (or they go back).
  const [pendingTimezone, setPendingTimezone] = useState<Timezone | null>(null);
  const [pendingDelegation, setPendingDelegation] = useState<boolean | null>(null);
  useEffect(() => setPendingTimezone(null), [user.timezone]);
  useEffect(() => setPendingDelegation(null), [user.enableDelegation]);

  const changeTimezone = async (timezone: Timezone) => {
    setPendingTimezone(timezone);
    const saved = await runWithToasts(() => updateTimezone({ timezone }).unwrap(), {
      success: { title: 'Timezone updated', description: 'Your timezone preference has been saved' },
      failure: 'Failed to update timezone',
    });
    if (!saved) setPendingTimezone(null);
  };

  const changeDelegation = async (enableDelegation: boolean) => {
    setPendingDelegation(enableDelegation);
    const saved = await runWithToasts(() => updateSettings({ enableDelegation }).unwrap(), { success: { title: 'Settings updated' }, failure: 'Failed to update settings' });
    if (!saved) setPendingDelegation(null);
  };

  return (
    <SettingsSection title="Profile Information">
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          <TextField label="Username" value={user.username} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Role" value={user.role} slotProps={{ input: { readOnly: true } }} />
        </Box>
        {user.email !== null && <EmailField email={user.email} verified={user.emailVerified} />}
        <TextField select label="Timezone" value={pendingTimezone ?? user.timezone} onChange={(event) => void changeTimezone(event.target.value as Timezone)}>
          {zoneOptions(user.timezone).map((zone) => (
            <MenuItem key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={pendingDelegation ?? user.enableDelegation} disabled={settingsState.isLoading} onChange={(event) => void changeDelegation(event.target.checked)} />}
          label="Task Delegation"
        />
      </Stack>
    </SettingsSection>
  );
}
