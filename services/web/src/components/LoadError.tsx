import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A list that could not be loaded, with a way to try again. */
export function LoadError({ onRetry }: { onRetry?: () => void }) {
  return (
    <Alert
      severity="warning"
      variant="outlined"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      These tasks could not be loaded. Check your connection and try again.
    </Alert>
  );
}
