import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SECOND_FACTOR_REQUIREMENTS, type SecondFactorRequirement, type User } from '@daybook/shared';
import { serverMessage } from '../../api/apiError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast, toastError } from '../../lib/toast';
import { useGetAdminSecondFactorQuery, useResetSecondFactorMutation, useSetSecondFactorRequirementMutation } from './adminSecondFactorApi';

export const REQUIREMENT_LABELS: Record<SecondFactorRequirement, string> = {
  off: 'Not required',
  admins: 'Required for admins',
  everyone: 'Required for everyone',
};

/**
 * Who must use two-step sign-in (DECISIONS 47): after their password, a user without a second factor sets
 * one up before reaching the app. Single sign-on relies on its provider.
 */
export function SecondFactorRequirementCard() {
  const settings = useGetAdminSecondFactorQuery();
  const [save, saving] = useSetSecondFactorRequirementMutation();
  const change = async (required: SecondFactorRequirement) => {
    try {
      await save(required).unwrap();
      toast({ title: 'Two-step sign-in setting saved', description: REQUIREMENT_LABELS[required], variant: 'success' });
    } catch (error) {
      toastError(serverMessage(error) ?? 'Failed to save the setting');
    }
  };
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} component="section" aria-label="Two-step sign-in">
      <Box sx={{ flex: '1 1 260px' }}>
        <Typography sx={{ fontWeight: 600 }}>Two-step sign-in</Typography>
        <Typography variant="body2" color="textSecondary">
          Where it is required, a user without an authenticator app or passkey sets one up after their password, before they reach Daybook. Single sign-on
          relies on its provider.
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label="Two-step sign-in"
        value={settings.data?.required ?? 'off'}
        disabled={!settings.data || saving.isLoading}
        onChange={(event) => void change(event.target.value as SecondFactorRequirement)}
        sx={{ minWidth: 230, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        {SECOND_FACTOR_REQUIREMENTS.map((requirement) => (
          <MenuItem key={requirement} value={requirement}>
            {REQUIREMENT_LABELS[requirement]}
          </MenuItem>
        ))}
      </TextField>
    </Card>
  );
}

/** On a user's card, when they have a second factor: "Reset second factor", for a lost phone or passkey. */
export function ResetSecondFactorButton({ user }: { user: Pick<User, 'id' | 'username'> }) {
  const settings = useGetAdminSecondFactorQuery();
  const [reset, resetting] = useResetSecondFactorMutation();
  const [confirming, setConfirming] = useState(false);
  if (!settings.data?.usersWithSecondFactor.includes(user.id)) return null;
  const confirm = async () => {
    try {
      const { message } = await reset(user.id).unwrap();
      toast({ title: 'Second factor reset', description: message.replace(/^Second factor reset\. /, ''), variant: 'success' });
      setConfirming(false);
    } catch (error) {
      toastError(serverMessage(error) ?? 'Failed to reset the second factor');
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setConfirming(true)}>
        Reset second factor
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Reset second factor?"
        confirmLabel="Reset"
        busy={resetting.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <Typography>
          Remove every authenticator app, passkey and recovery code of {user.username}? They will be signed out everywhere and their API tokens will stop
          working. They then sign in with their password and set up two-step sign-in again.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
