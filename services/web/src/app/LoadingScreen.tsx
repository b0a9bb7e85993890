import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../components/Logo';

/** Shown while the current user loads (spec §2), and when the server cannot be reached. */
export function LoadingScreen({ error, onRetry }: { error?: string; onRetry?: () => void }) {
  return (
    <Box
      role={error ? 'alert' : 'status'}
      aria-live="polite"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, px: 3, textAlign: 'center' }}
    >
      <LogoMark size={48} />
      {error ? (
        <>
          <Typography variant="h6" component="h1">
            Daybook cannot reach the server
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {error}
          </Typography>
          {onRetry && (
            <Button variant="contained" onClick={onRetry}>
              Try again
            </Button>
          )}
        </>
      ) : (
        <>
          <CircularProgress size={28} aria-hidden />
          <Typography variant="body2" color="textSecondary">
            Loading...
          </Typography>
        </>
      )}
    </Box>
  );
}
