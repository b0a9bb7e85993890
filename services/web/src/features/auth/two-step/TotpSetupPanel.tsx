import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { totpCodeSchema, type EnrolmentResult, type TotpSetup } from '@daybook/shared';
import { serverMessage } from '../../../api/apiError';
import { CopyField } from '../../../components/CopyField';
import { vibrate } from '../../../lib/vibrate';
import { QrCode } from './QrCode';
import { useConfirmTotpMutation } from './secondFactorApi';
import { useCurrentPassword } from './useCurrentPassword';

/** The setup key as apps show it: groups of four letters. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface TotpSetupPanelProps {
  setup: TotpSetup;
  /** The user has a factor already: the new app takes the current password too (not the first, nor an enrolment at sign-in). */
  needsPassword?: boolean;
  onEnrolled: (result: EnrolmentResult) => void;
  onCancel: () => void;
}

/**
 * A new authenticator app: its secret as a QR code and as text, confirmed by a code the app shows before
 * it counts (until then the old way of signing in stays).
 */
export function TotpSetupPanel({ setup, needsPassword = false, onEnrolled, onCancel }: TotpSetupPanelProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const password = useCurrentPassword();
  const [confirm, confirming] = useConfirmTotpMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code from your authenticator app');
      return;
    }
    const proof = needsPassword ? password.proof() : {};
    if (!proof) return;
    try {
      const result = await confirm({ code: parsed.data, ...proof }).unwrap();
      vibrate('success');
      onEnrolled(result);
    } catch (failure) {
      vibrate('error');
      if (!password.refused(failure)) setError(serverMessage(failure) ?? 'The code could not be checked. Please try again.');
    }
  };

  return (
    <Paper variant="outlined" role="region" aria-label="Set up an authenticator app" sx={{ p: 1.5, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Scan this code with your authenticator app
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Any app for one-time codes works, such as 2FAS, Aegis, Google Authenticator or a password manager. Cannot scan it? Enter the setup key instead.
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'center', sm: 'flex-start' }, gap: 2 }}>
        <QrCode text={setup.uri} label="QR code for your authenticator app" />
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ flex: 1, width: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <CopyField label="Setup key" value={grouped(setup.secret)} copied="Setup key copied" multiline />
          <TextField
            label="6-digit code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? 'The code your app shows now'}
            size="small"
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12, 'aria-label': '6-digit code' } }}
          />
          {needsPassword && password.field}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={confirming.isLoading}>
              {confirming.isLoading ? 'Checking...' : 'Turn on'}
            </Button>
            <Button onClick={onCancel}>Cancel</Button>
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}
