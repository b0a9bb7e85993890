import { useState } from 'react';
import Button from '@mui/material/Button';
import PasskeyIcon from '@mui/icons-material/FingerprintOutlined';
import { toast, toastError } from '../../../lib/toast';
import { loginFailureMessage } from '../authMessages';
import { vibrate } from '../../../lib/vibrate';
import { usePasskeySignInOptionsMutation, useSignInWithPasskeyMutation } from './secondFactorApi';
import { askForPasskey } from './webauthn';

/**
 * "Sign in with a passkey" (DECISIONS 47): no username, no password. The browser offers the passkeys it
 * holds for this site; one the authenticator unlocked (a fingerprint, a PIN) signs its user in.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn?: () => void }) {
  const [busy, setBusy] = useState(false);
  const [getOptions] = usePasskeySignInOptionsMutation();
  const [signIn] = useSignInWithPasskeyMutation();

  const start = async () => {
    setBusy(true);
    try {
      const response = await askForPasskey(await getOptions().unwrap(), 'Login Failed');
      if (!response) return;
      await signIn({ response }).unwrap();
      vibrate('success');
      toast({ title: 'Login Successful', description: 'Welcome back!', variant: 'success' });
      onSignedIn?.();
    } catch (failure) {
      vibrate('error');
      toastError(loginFailureMessage(failure), 'Login Failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outlined" size="large" startIcon={<PasskeyIcon />} disabled={busy} onClick={() => void start()}>
      Sign in with a passkey
    </Button>
  );
}
