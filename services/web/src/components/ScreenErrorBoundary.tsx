import { Component, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export const SCREEN_FAILED_TEXT = 'Something went wrong on this screen';

interface ScreenErrorBoundaryProps {
  children: ReactNode;
  /** The screen shown (its path): going to another one starts afresh. */
  screen: string;
}

/**
 * Catches an error anywhere in one screen (issue 37): the screen says so and offers to show it again,
 * instead of the whole app going blank.
 */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, { failed: boolean; screen: string }> {
  override state = { failed: false, screen: this.props.screen };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ScreenErrorBoundaryProps, state: { screen: string }) {
    return props.screen === state.screen ? null : { failed: false, screen: props.screen };
  }

  override componentDidCatch(error: unknown) {
    console.error('[screen]', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box role="alert" sx={{ minHeight: '60dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, px: 3, textAlign: 'center' }}>
        <Typography variant="h6" component="h1">
          {SCREEN_FAILED_TEXT}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Your tasks are safe. Show the screen again, or go to the dashboard.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={() => this.setState({ failed: false })}>
            Try again
          </Button>
          <Button href="/">Dashboard</Button>
        </Box>
      </Box>
    );
  }
}
