import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loginBodySchema } from '@daybook/shared';
import { serverMessage } from '../../api/apiError';
import { fieldErrors } from '../../lib/formErrors';
import { toast } from '../../lib/toast';
import { enterApp, useCreateOidcAccountMutation, useGetPendingOidcLinkQuery, useLinkOidcAccountMutation } from './oidcLinkApi';
import { CredentialFields } from './CredentialFields';

type Errors = { username?: string; password?: string };

/**
 * A first single sign-on whose email address a Daybook account already uses (`/?auth=link`): the person
 * links that account by entering its password, or creates a separate account. Nothing is linked by the
 * address alone, so an account someone made with another person's address never receives their sign-in.
 */
export function LinkAccountForm({ onSignIn, onSignedIn = enterApp }: { onSignIn: () => void; onSignedIn?: () => Promise<void> | void }) {
  const pending = useGetPendingOidcLinkQuery();
  const [link, linking] = useLinkOidcAccountMutation();
  const [create, creating] = useCreateOidcAccountMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const busy = linking.isLoading || creating.isLoading;

  const finish = async (step: () => Promise<unknown>, failure: string) => {
    try {
      await step();
      await onSignedIn();
    } catch (error) {
      toast({ title: failure, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Errors>(parsed.error));
      return;
    }
    setErrors({});
    void finish(() => link(parsed.data).unwrap(), 'The account was not linked');
  };

  if (pending.isLoading) return <Typography color="textSecondary">Loading…</Typography>;
  if (!pending.data) {
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h2">
          Sign in again
        </Typography>
        <Typography role="alert">This sign-in has expired. Please sign in again.</Typography>
        <Button variant="contained" onClick={onSignIn}>
          Go to the sign-in
        </Button>
      </Stack>
    );
  }

  const { provider, email, newAccount } = pending.data;
  return (
    <Stack spacing={2.5}>
      <div>
        <Typography id="link-heading" variant="h5" component="h2">
          Link your account
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          You signed in with {provider}{email ? ` as ${email}` : ''}. A Daybook account already uses this email address.
        </Typography>
      </div>
      <Typography variant="body2">If it is your account, enter its username and password: from now on, {provider} signs you in to it.</Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby="link-heading">
        <CredentialFields
          username={username}
          password={password}
          onUsernameChange={setUsername}
          onPasswordChange={setPassword}
          errors={errors}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {linking.isLoading ? 'Linking...' : 'Link account'}
        </Button>
      </Stack>
      {newAccount && (
        <>
          <Typography variant="body2">Not your account? Create your own instead.</Typography>
          <Button variant="outlined" size="large" disabled={busy} onClick={() => void finish(() => create().unwrap(), 'The account was not created')}>
            {creating.isLoading ? 'Creating account...' : 'Create a separate account'}
          </Button>
        </>
      )}
    </Stack>
  );
}
