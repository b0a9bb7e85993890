import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { registerFormSchema, timezoneSchema, type RegisterBody } from '@daybook/shared';
import { useLoginMutation, useRegisterMutation } from '../../api/authApi';
import { fieldErrors } from '../../lib/formErrors';
import { toast } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';
import { registrationFailureMessage } from './authMessages';
import { browserCurrency } from './localeCurrency';

type Field = 'firstName' | 'lastName' | 'email' | 'username' | 'password' | 'confirmPassword';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { firstName: '', lastName: '', email: '', username: '', password: '', confirmPassword: '' };

/** The browser's timezone, which a new account takes (DECISIONS 1); undefined when the api would not accept it. */
export function browserTimezone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timezoneSchema.safeParse(zone).success ? zone : undefined;
}

/**
 * The body of POST /api/register: optional fields only when filled in (spec §5), the browser's timezone,
 * and the currency of the browser's language as the billing currency.
 */
export function registrationBody(values: Values, timezone: string | undefined, currency?: string): RegisterBody {
  const body: RegisterBody = { username: values.username.trim(), password: values.password };
  for (const field of ['email', 'firstName', 'lastName'] as const) {
    const value = values[field].trim();
    if (value !== '') body[field] = value;
  }
  if (timezone) body.timezone = timezone;
  if (currency) body.currency = currency;
  return body;
}

/**
 * Registration (spec §2, §5, §7): submit stays disabled until username, password and confirmation are
 * filled; after the account is created it signs in, and falls back to the login form if that fails.
 */
export function RegisterForm({ onLogIn, onSignedIn }: { onLogIn: () => void; onSignedIn?: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [register, registerState] = useRegisterMutation();
  const [login, loginState] = useLoginMutation();
  const busy = registerState.isLoading || loginState.isLoading;
  const ready = values.username !== '' && values.password !== '' && values.confirmPassword !== '';

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    const parsed = registerFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      vibrate('error');
      return;
    }
    setErrors({});
    const body = registrationBody(values, browserTimezone(), browserCurrency());
    try {
      await register(body).unwrap();
    } catch (error) {
      vibrate('error');
      toast({ title: 'Registration Failed', description: registrationFailureMessage(error), variant: 'destructive' });
      return;
    }
    try {
      await login({ username: body.username, password: body.password }).unwrap();
      vibrate('success');
      toast({ title: 'Registration Successful', variant: 'success' });
      onSignedIn?.();
    } catch {
      toast({ title: 'Registration Successful', description: 'Your account has been created! Please log in.', variant: 'success' });
      onLogIn();
    }
  };

  const field = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      size="medium"
      {...extra}
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby="register-heading">
      <div>
        <Typography id="register-heading" variant="h5" component="h2">
          Create your account
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          It takes a minute. Only the username and password are required.
        </Typography>
      </div>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {field('firstName', 'First name (optional)', { autoComplete: 'given-name' })}
        {field('lastName', 'Last name (optional)', { autoComplete: 'family-name' })}
      </Box>
      {field('email', 'Email (optional)', { type: 'email', autoComplete: 'email' })}
      {field('username', 'Username', { required: true, autoComplete: 'username', autoFocus: true })}
      {field('password', 'Password', { required: true, type: 'password', autoComplete: 'new-password' })}
      {field('confirmPassword', 'Confirm password', { required: true, type: 'password', autoComplete: 'new-password' })}
      <Button type="submit" variant="contained" size="large" disabled={!ready || busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
      <Typography variant="body2" color="textSecondary" align="center">
        Already have an account?{' '}
        <Link component="button" type="button" onClick={onLogIn} underline="hover" sx={{ fontWeight: 600, verticalAlign: 'baseline' }}>
          Log in
        </Link>
      </Typography>
    </Stack>
  );
}
