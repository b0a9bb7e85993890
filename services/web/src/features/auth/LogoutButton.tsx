import Button from '@mui/material/Button';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogoutMutation } from '../../api/authApi';
import { runWithToasts } from '../../lib/feedback';

/** How long the 'Logged out' toast shows before the page reloads. */
const LOGOUT_RELOAD_DELAY_MS = 1500;

/** Signs out with 'Logged out', then reloads the page (spec §7) once the toast has had time to be read. */
export function LogoutButton() {
  const [logout, logoutState] = useLogoutMutation();
  const signOut = async () => {
    if (await runWithToasts(() => logout().unwrap(), { success: { title: 'Logged out' }, failure: 'Failed to logout' })) {
      setTimeout(() => window.location.assign('/'), LOGOUT_RELOAD_DELAY_MS);
    }
  };
  return (
    <Button color="error" variant="outlined" startIcon={<LogoutIcon />} onClick={() => void signOut()} disabled={logoutState.isLoading}>
      Logout
    </Button>
  );
}
