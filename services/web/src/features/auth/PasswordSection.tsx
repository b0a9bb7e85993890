import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { changePasswordBodySchema } from '@daybook/shared';
import { serverMessage } from '../../api/apiError';
import { useChangePasswordMutation } from '../../api/authApi';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { countLabel } from '../../lib/format';
import { toast, toastError } from '../../lib/toast';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Settings, 'Password': the user's own change, with the current password. It ends every other session and
 * every API token of the user, which the section says before and the toast after (docs/administration.md).
 */
export function PasswordSection() {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const [change, changing] = useChangePasswordMutation();
  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordBodySchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: issue?.path[0] === 'currentPassword' ? 'currentPassword' : 'newPassword', message: issue?.message ?? 'Check the passwords' });
      return;
    }
    if (values.newPassword !== values.confirmPassword) {
      setError({ field: 'confirmPassword', message: 'Passwords do not match' });
      return;
    }
    try {
      const ended = await change(parsed.data).unwrap();
      toast({ title: 'Password changed', description: `You were signed out on your other devices, and ${countLabel(ended.endedApiTokens, 'API token')} ended.`, variant: 'success' });
      setValues(EMPTY);
    } catch (failure) {
      toastError(serverMessage(failure) ?? 'Failed to change password');
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={set(name)}
      error={error?.field === name}
      helperText={error?.field === name ? error.message : undefined}
      fullWidth
    />
  );

  return (
    <SettingsSection title="Password">
      <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={2}>
        <Typography variant="body2" color="textSecondary">
          Changing your password signs you out on your other devices and ends all your API tokens: scripts that use them need a new token.
        </Typography>
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
        <Button type="submit" variant="outlined" disabled={changing.isLoading} sx={{ alignSelf: 'flex-start' }}>
          {changing.isLoading ? 'Changing...' : 'Change password'}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
