import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DevicesIcon from '@mui/icons-material/DevicesOther';
import { useSignOutEverywhereMutation } from '../../api/authApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { reportFailure } from '../../lib/feedback';
import { countLabel } from '../../lib/format';
import { toast } from '../../lib/toast';

/** How long the toast shows before the page reloads (as after Logout). */
const RELOAD_DELAY_MS = 1500;

/** "Sign out everywhere": every session, this one included, and every API token end; asked first, then the page reloads. */
export function SignOutEverywhereButton() {
  const [asking, setAsking] = useState(false);
  const [signOut, signingOut] = useSignOutEverywhereMutation();
  const confirm = async () => {
    try {
      const ended = await signOut().unwrap();
      setAsking(false);
      toast({ title: 'Signed out everywhere', description: `Every device was signed out, and ${countLabel(ended.endedApiTokens, 'API token')} ended.`, variant: 'success' });
      setTimeout(() => window.location.assign('/'), RELOAD_DELAY_MS);
    } catch (error) {
      reportFailure(error, 'Failed to sign out everywhere', { vibrate: true });
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DevicesIcon />} onClick={() => setAsking(true)} disabled={signingOut.isLoading}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        busy={signingOut.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <Typography>This signs you out on every device, this one included, and ends all your API tokens: scripts that use them stop working.</Typography>
      </ConfirmDialog>
    </>
  );
}
