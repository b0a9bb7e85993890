import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { serverMessage } from '../../api/apiError';
import { useConfirmEmailMutation, useSignedInUser } from '../../api/authApi';
import { LogoMark } from '../../components/Logo';

/**
 * Where a confirmation mail's link opens (`/confirm-email/<token>`), signed in (signed out, the landing page
 * shows here first and this page after the sign-in). The person confirms with a button, seeing which
 * account they are signed in to: the link confirms the address only for the account it was sent for.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const user = useSignedInUser();
  const [confirm, result] = useConfirmEmailMutation();
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, px: 3, textAlign: 'center' }}>
      <LogoMark size={48} />
      <Typography variant="h4" component="h1">
        Confirm your email address
      </Typography>
      {result.isSuccess ? (
        <Typography role="status">Your email address {result.data.email} is confirmed.</Typography>
      ) : (
        <>
          <Typography color="textSecondary">
            You are signed in as {user?.username}. Confirm the address the mail was sent to as this account&apos;s.
          </Typography>
          {result.isError && (
            <Typography role="alert" color="error">
              {serverMessage(result.error) ?? 'The address could not be confirmed. Please try again.'}
            </Typography>
          )}
          <Button variant="contained" disabled={result.isLoading || token === ''} onClick={() => void confirm({ token })}>
            Confirm
          </Button>
        </>
      )}
      <Button component={RouterLink} to="/dashboard">
        Back to Dashboard
      </Button>
    </Box>
  );
}

export default ConfirmEmailPage;
