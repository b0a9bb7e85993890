import Button from '@mui/material/Button';
import LoginIcon from '@mui/icons-material/Login';
import { OIDC_START_PATH } from '@daybook/shared';

/** The browser's own timezone, so an account the sign-in creates starts on the user's clock (as registration does). */
const startHref = () => {
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timezone ? `${OIDC_START_PATH}?timezone=${encodeURIComponent(timezone)}` : OIDC_START_PATH;
};

/** "Sign in with <label>": a full page navigation to the provider (DECISIONS 30), not a fetch. */
export function SingleSignOnButton({ label, primary }: { label: string; primary: boolean }) {
  return (
    <Button component="a" href={startHref()} variant={primary ? 'contained' : 'outlined'} size="large" startIcon={<LoginIcon />} fullWidth>
      Sign in with {label}
    </Button>
  );
}
