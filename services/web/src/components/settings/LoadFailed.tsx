import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** What a section shows when its data could not be loaded: the reason and Try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      severity="warning"
      variant="outlined"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {what} could not be loaded.
    </Alert>
  );
}
