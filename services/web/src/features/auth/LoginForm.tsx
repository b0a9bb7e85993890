import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginBodySchema } from '@daybook/shared';
import { useLoginMutation } from '../../api/authApi';
import { fieldErrors } from '../../lib/formErrors';
import { toast } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';
import { loginFailureMessage } from './authMessages';

type Errors = { username?: string; password?: string };

/** Username and password, both required (spec §2, §5); never pre-filled (DECISIONS 6). */
export function LoginForm({ onSignUp, onSignedIn }: { onSignUp: () => void; onSignedIn?: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [login, { isLoading }] = useLoginMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Errors>(parsed.error));
      return;
    }
    setErrors({});
    try {
      await login(parsed.data).unwrap();
      vibrate('success');
      toast({ title: 'Login Successful', description: 'Welcome back!', variant: 'success' });
      onSignedIn?.();
    } catch (error) {
      vibrate('error');
      toast({ title: 'Login Failed', description: loginFailureMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby="login-heading">
      <div>
        <Typography id="login-heading" variant="h5" component="h2">
          Log in
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Welcome back. Sign in to your Daybook.
        </Typography>
      </div>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoFocus
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={Boolean(errors.username)}
        helperText={errors.username}
        fullWidth
        size="medium"
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
        fullWidth
        size="medium"
      />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {isLoading ? 'Logging in...' : 'Log In'}
      </Button>
      <Typography variant="body2" color="text.secondary" align="center">
        Don&apos;t have an account?{' '}
        <Link component="button" type="button" onClick={onSignUp} underline="hover" sx={{ fontWeight: 600, verticalAlign: 'baseline' }}>
          Sign up
        </Link>
      </Typography>
    </Stack>
  );
}
