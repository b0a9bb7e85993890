import TextField from '@mui/material/TextField';

interface CredentialFieldsProps {
  username: string;
  password: string;
  onUsernameChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  errors: { username?: string | undefined; password?: string | undefined };
  /** The login form marks both as required; the account-linking step does not. */
  required?: boolean;
}

/** The username and password of an existing account (the login form, linking a single sign-on to an account). */
export function CredentialFields({ username, password, onUsernameChange, onPasswordChange, errors, required = false }: CredentialFieldsProps) {
  return (
    <>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoFocus
        required={required}
        value={username}
        onChange={(event) => onUsernameChange(event.target.value)}
        error={Boolean(errors.username)}
        helperText={errors.username}
        fullWidth
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required={required}
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
        fullWidth
      />
    </>
  );
}
