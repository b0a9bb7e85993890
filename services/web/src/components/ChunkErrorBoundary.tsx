import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export const CHUNK_FAILED_TEXT = 'This part of Daybook could not be loaded';

/** The code of a part of the app could not be loaded, after its retries (lib/lazyPreloadable.tsx). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(CHUNK_FAILED_TEXT, { cause });
    this.name = 'ChunkLoadError';
  }
}

interface ChunkErrorBoundaryProps {
  children: ReactNode;
  /** Loads the part again (a fresh attempt), then shows it. */
  onRetry: () => void;
  /** Shown over the screen, at its foot, with a close button: for a part that is itself shown over the screen (a dialog). */
  floating?: boolean;
}

/**
 * Where a part of the app whose code could not be loaded would be (issue 37): a small message with Retry,
 * the rest of the screen working. Any other error goes on to the screen's boundary (ScreenErrorBoundary).
 */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, { error: unknown; closed: boolean }> {
  override state = { error: null as unknown, closed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, closed: false };
  }

  override render() {
    const { error, closed } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    if (closed) return null;
    const { floating, onRetry } = this.props;
    return (
      <Alert
        severity="warning"
        variant={floating ? 'filled' : 'outlined'}
        data-testid="chunk-failed"
        onClose={floating ? () => this.setState({ closed: true }) : undefined}
        sx={floating ? { position: 'fixed', zIndex: 'snackbar', left: 16, right: 16, bottom: 16, mx: 'auto', maxWidth: 560 } : { my: 1 }}
      >
        {CHUNK_FAILED_TEXT} —{' '}
        <Button
          color="inherit"
          size="small"
          sx={{ py: 0, minWidth: 0, verticalAlign: 'baseline', textDecoration: 'underline' }}
          onClick={() => {
            onRetry();
            this.setState({ error: null });
          }}
        >
          Retry
        </Button>
      </Alert>
    );
  }
}
