import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PasskeyIcon from '@mui/icons-material/FingerprintOutlined';
import { recoveryCodeSchema, totpCodeSchema, type EnrolmentResult, type PendingSignIn, type TotpSetup, type User } from '@daybook/shared';
import { isApiError, serverMessage } from '../../../api/apiError';
import { showSignedIn } from '../../../api/authApi';
import type { AppDispatch } from '../../../app/store';
import { toast, toastError } from '../../../lib/toast';
import { loginFailureMessage } from '../authMessages';
import { vibrate } from '../../../lib/vibrate';
import { AddPasskeyForm } from './AddPasskeyForm';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { useCancelSignInMutation, useSecondStepPasskeyOptionsMutation, useStartTotpMutation, useVerifySecondFactorMutation, type SecondStepBody } from './secondFactorApi';
import { TotpSetupPanel } from './TotpSetupPanel';
import { passkeysSupported, askForPasskey } from './webauthn';

type SecondStep = PendingSignIn['secondFactor'];

interface SecondStepFormProps {
  step: SecondStep;
  onSignedIn?: () => void;
  /** Back to the password form (the sign-in was left, or its time ran out). */
  onCancel: () => void;
}

const welcome = () => {
  vibrate('success');
  toast({ title: 'Login Successful', description: 'Welcome back!', variant: 'success' });
};

/** The api said the wait for the second step is over: the password comes first again. */
const expired = (error: unknown) => isApiError(error) && (error.data as { error?: { code?: string } } | null)?.error?.code === 'sign_in_expired';

function Heading({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Typography id="second-step-heading" variant="h5" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </div>
  );
}

/** A code of the app, a recovery code, or a passkey: what the user has. */
function VerifyStep({ step, onSignedIn, onCancel }: SecondStepFormProps) {
  const hasApp = step.methods.includes('totp');
  const hasPasskey = step.methods.includes('passkey') && passkeysSupported();
  const [mode, setMode] = useState<'totp' | 'recovery' | 'passkey'>(hasApp ? 'totp' : hasPasskey ? 'passkey' : 'recovery');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verify, verifying] = useVerifySecondFactorMutation();
  const [passkeyOptions, gettingOptions] = useSecondStepPasskeyOptionsMutation();
  const busy = verifying.isLoading || gettingOptions.isLoading;

  const send = async (body: SecondStepBody) => {
    try {
      await verify(body).unwrap();
      welcome();
      onSignedIn?.();
    } catch (failure) {
      vibrate('error');
      toastError(loginFailureMessage(failure), 'Login Failed');
      setCode('');
      if (expired(failure)) onCancel();
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (mode === 'recovery' ? recoveryCodeSchema : totpCodeSchema).safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter your code');
      return;
    }
    setError(null);
    await send({ method: mode === 'recovery' ? 'recovery' : 'totp', code: parsed.data });
  };

  const usePasskey = async () => {
    try {
      const response = await askForPasskey(await passkeyOptions().unwrap(), 'Login Failed');
      if (response) await send({ method: 'passkey', response });
    } catch (failure) {
      toastError(loginFailureMessage(failure), 'Login Failed');
      if (expired(failure)) onCancel();
    }
  };

  const text =
    mode === 'totp'
      ? 'Enter the 6-digit code from your authenticator app.'
      : mode === 'recovery'
        ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
        : 'Use your passkey to finish signing in.';

  return (
    <Stack spacing={2.5} aria-labelledby="second-step-heading" component="section">
      <Heading title="Two-step sign-in" text={text} />
      {mode === 'passkey' ? (
        <Button variant="contained" size="large" startIcon={<PasskeyIcon />} disabled={busy} onClick={() => void usePasskey()}>
          Use your passkey
        </Button>
      ) : (
        <Stack component="form" noValidate onSubmit={(event) => void submitCode(event)} spacing={2.5}>
          <TextField
            key={mode}
            label={mode === 'totp' ? 'Authentication code' : 'Recovery code'}
            name={mode === 'totp' ? 'code' : 'recovery-code'}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error}
            autoFocus
            autoComplete={mode === 'totp' ? 'one-time-code' : 'off'}
            slotProps={{ htmlInput: mode === 'totp' ? { inputMode: 'numeric', maxLength: 12 } : { maxLength: 64, spellCheck: false } }}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {verifying.isLoading ? 'Verifying...' : 'Verify'}
          </Button>
        </Stack>
      )}
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        {mode !== 'passkey' && hasPasskey && (
          <Button variant="outlined" startIcon={<PasskeyIcon />} disabled={busy} onClick={() => void usePasskey()} fullWidth>
            Use a passkey instead
          </Button>
        )}
        {mode !== 'totp' && hasApp && (
          <Link component="button" type="button" variant="body2" underline="hover" onClick={() => setMode('totp')}>
            Use your authenticator app
          </Link>
        )}
        {mode !== 'recovery' && step.methods.includes('recovery') && (
          <Link component="button" type="button" variant="body2" underline="hover" onClick={() => setMode('recovery')}>
            Use a recovery code
          </Link>
        )}
        <Link component="button" type="button" variant="body2" underline="hover" color="textSecondary" onClick={onCancel}>
          Cancel and sign in again
        </Link>
      </Stack>
    </Stack>
  );
}

/** The admin requires a second factor and the user has none: they set one up, save their codes, and are in. */
function EnrolStep({ onSignedIn, onCancel }: Omit<SecondStepFormProps, 'step'>) {
  const dispatch = useDispatch<AppDispatch>();
  const [startTotp, starting] = useStartTotpMutation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [done, setDone] = useState<{ user: User; codes: readonly string[] } | null>(null);

  const enrolled = (result: EnrolmentResult) => {
    if (result.user) setDone({ user: result.user, codes: result.recoveryCodes ?? [] });
  };
  const enter = async () => {
    if (!done) return;
    await showSignedIn(dispatch, done.user);
    welcome();
    onSignedIn?.();
  };
  const beginTotp = async () => {
    try {
      setSetup(await startTotp().unwrap());
    } catch (failure) {
      toastError(serverMessage(failure) ?? 'Failed to set up the authenticator app');
      if (expired(failure)) onCancel();
    }
  };

  if (done) {
    return (
      <Stack spacing={2.5} aria-labelledby="second-step-heading" component="section">
        <Heading title="Two-step sign-in is on" text="One last thing before you go in." />
        <RecoveryCodesPanel codes={done.codes} doneLabel="Continue" onDone={() => void enter()} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2.5} aria-labelledby="second-step-heading" component="section">
      <Heading
        title="Set up two-step sign-in"
        text="Your admin requires a second step when you sign in with your password. Set up an authenticator app or a passkey to continue."
      />
      {setup ? (
        <TotpSetupPanel setup={setup} onEnrolled={enrolled} onCancel={() => setSetup(null)} />
      ) : (
        <Button variant="contained" size="large" disabled={starting.isLoading} onClick={() => void beginTotp()}>
          Use an authenticator app
        </Button>
      )}
      {passkeysSupported() && (
        <Box>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            Or add a passkey:
          </Typography>
          <AddPasskeyForm onEnrolled={enrolled} />
        </Box>
      )}
      <Link component="button" type="button" variant="body2" underline="hover" color="textSecondary" onClick={onCancel} sx={{ alignSelf: 'center' }}>
        Cancel and sign in again
      </Link>
    </Stack>
  );
}

/**
 * The login's second step (DECISIONS 47): after a correct password, the code, recovery code or passkey the
 * api waits for; or, where the admin requires a second factor and the user has none, setting one up.
 */
export function SecondStepForm({ step, onSignedIn, onCancel }: SecondStepFormProps) {
  const [cancelSignIn] = useCancelSignInMutation();
  const cancel = () => {
    void cancelSignIn();
    onCancel();
  };
  return step.enrol ? <EnrolStep onSignedIn={onSignedIn} onCancel={cancel} /> : <VerifyStep step={step} onSignedIn={onSignedIn} onCancel={cancel} />;
}

export default SecondStepForm;
