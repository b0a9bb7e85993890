import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import PasskeyIcon from '@mui/icons-material/FingerprintOutlined';
import { passkeyNameSchema, type EnrolmentResult } from '@daybook/shared';
import { serverMessage } from '../../../api/apiError';
import { toastError } from '../../../lib/toast';
import { vibrate } from '../../../lib/vibrate';
import { usePasskeyRegistrationOptionsMutation, useRegisterPasskeyMutation } from './secondFactorApi';
import { useCurrentPassword } from './useCurrentPassword';
import { askForNewPasskey } from './webauthn';

/**
 * Names a new passkey, asks the browser to make it (a fingerprint, a PIN, a security key), and registers it.
 * Next to a factor the user has (`needsPassword`), it takes the current password too.
 */
export function AddPasskeyForm({ needsPassword = false, onEnrolled }: { needsPassword?: boolean; onEnrolled: (result: EnrolmentResult) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const password = useCurrentPassword();
  const [busy, setBusy] = useState(false);
  const [getOptions] = usePasskeyRegistrationOptionsMutation();
  const [register] = useRegisterPasskeyMutation();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name your passkey');
      return;
    }
    const proof = needsPassword ? password.proof() : {};
    if (!proof) return;
    setBusy(true);
    try {
      const response = await askForNewPasskey(await getOptions().unwrap(), 'Passkey not added');
      if (!response) return;
      const result = await register({ name: parsed.data, response, ...proof }).unwrap();
      vibrate('success');
      setName('');
      password.reset();
      onEnrolled(result);
    } catch (failure) {
      vibrate('error');
      if (!password.refused(failure)) toastError(serverMessage(failure) ?? 'Failed to add passkey');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void add(event)} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
      <TextField
        label="Passkey name"
        placeholder="Laptop, Phone, Security key"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        size="small"
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 60 } }}
        sx={{ flex: '1 1 200px' }}
      />
      {needsPassword && <Box sx={{ flex: '1 1 200px' }}>{password.field}</Box>}
      <Button type="submit" variant="outlined" startIcon={<PasskeyIcon />} disabled={busy} sx={{ height: 40, flexShrink: 0 }}>
        {busy ? 'Adding...' : 'Add passkey'}
      </Button>
    </Box>
  );
}
