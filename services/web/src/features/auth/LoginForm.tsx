import { Suspense, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isPendingSignIn, loginBodySchema, SIGN_IN_ERRORS, type AuthConfig, type PendingSignIn, type SignInError } from '@daybook/shared';
import { useLoginMutation } from '../../api/authApi';
import { fieldErrors } from '../../lib/formErrors';
import { toast } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';
import { loginFailureMessage } from './authMessages';
import { DEFAULT_AUTH_CONFIG } from './authConfigApi';
import { SingleSignOnButton } from './SingleSignOnButton';
import { PasskeySignInButton } from './two-step/PasskeySignInButton';
import { passkeysSupported } from './two-step/webauthn';
import { CredentialFields } from './CredentialFields';
import { lazyChunk } from '../../lib/lazyPreloadable';

// The second step of a sign-in (DECISIONS 47): loaded when a password sign-in asks for it.
const SecondStepForm = lazyChunk(() => import('./two-step/SecondStepForm'));

type Errors = { username?: string; password?: string };

interface LoginFormProps {
  onSignUp: () => void;
  onSignedIn?: () => void;
  /** How this server signs people in (GET /api/auth/config). */
  config?: AuthConfig;
  /** Why the last single sign-on failed (the callback's redirect names it). */
  signInError?: SignInError | null;
}

/**
 * Username and password, both required (spec §2, §5); never pre-filled (DECISIONS 6). With single sign-on
 * configured, "Sign in with <label>" beside the form, or instead of it when password login is off (DECISIONS
 * 30): then only the environment's admin may still use a password, behind a link.
 */
export function LoginForm({ onSignUp, onSignedIn, config = DEFAULT_AUTH_CONFIG, signInError = null }: LoginFormProps) {
  const [adminForm, setAdminForm] = useState(false);
  const showPasswordForm = config.passwordLogin === 'on' || (config.passwordLogin === 'admin' && adminForm);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [login, { isLoading }] = useLoginMutation();
  const [secondStep, setSecondStep] = useState<PendingSignIn['secondFactor'] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Errors>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = await login(parsed.data).unwrap();
      if (isPendingSignIn(answer)) {
        setPassword('');
        setSecondStep(answer.secondFactor);
        return;
      }
      vibrate('success');
      toast({ title: 'Login Successful', description: 'Welcome back!', variant: 'success' });
      onSignedIn?.();
    } catch (error) {
      vibrate('error');
      toast({ title: 'Login Failed', description: loginFailureMessage(error), variant: 'destructive' });
    }
  };

  const passwordForm = (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby="login-heading">
      <CredentialFields
        username={username}
        password={password}
        onUsernameChange={setUsername}
        onPasswordChange={setPassword}
        errors={errors}
        required
      />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {isLoading ? 'Logging in...' : 'Log In'}
      </Button>
      {passkeysSupported() && <PasskeySignInButton onSignedIn={onSignedIn} />}
    </Stack>
  );

  if (secondStep) {
    return (
      <Suspense fallback={null}>
        <SecondStepForm step={secondStep} onSignedIn={onSignedIn} onCancel={() => setSecondStep(null)} />
      </Suspense>
    );
  }

  return (
    <Stack spacing={2.5}>
      <div>
        <Typography id="login-heading" variant="h5" component="h2">
          Log in
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          Welcome back. Sign in to your Daybook.
        </Typography>
      </div>
      {/* Not MUI's Alert or Divider: what the landing page shares is cut out of the dashboard's first chunk. */}
      {signInError && (
        <Typography role="alert" variant="body2" color="error" sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: 'error.light' }}>
          {SIGN_IN_ERRORS[signInError]}
        </Typography>
      )}
      {config.oidc && <SingleSignOnButton label={config.oidc.label} primary={config.passwordLogin !== 'on'} />}
      {config.oidc && showPasswordForm && (
        <Typography variant="body2" color="textSecondary" align="center">
          or
        </Typography>
      )}
      {showPasswordForm && passwordForm}
      {config.passwordLogin === 'admin' && !adminForm && (
        <Link component="button" type="button" onClick={() => setAdminForm(true)} underline="hover" variant="body2" sx={{ alignSelf: 'center' }}>
          Administrator sign-in with a password
        </Link>
      )}
      {config.registration && (
        <Typography variant="body2" color="textSecondary" align="center">
          Don&apos;t have an account?{' '}
          <Link component="button" type="button" onClick={onSignUp} underline="hover" sx={{ fontWeight: 600, verticalAlign: 'baseline' }}>
            Sign up
          </Link>
        </Typography>
      )}
    </Stack>
  );
}
