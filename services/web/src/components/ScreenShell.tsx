import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { HeaderTimer } from './timer/HeaderTimer';

/**
 * A secondary screen (spec §2): the one header of every signed-in screen but the dashboard (a back link to
 * the dashboard, the title, the running timer, optional actions), then the content.
 */
export function ScreenShell({ title, actions, children, maxWidth = 'md' }: { title: string; actions?: ReactNode; children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Box sx={{ minHeight: '100dvh', pb: 6 }}>
      <AppBar position="sticky" data-testid="screen-header">
        <Toolbar sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBackIcon />} color="inherit" aria-label="Back to Dashboard">
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Dashboard
            </Box>
          </Button>
          <Typography variant="h6" component="h1" sx={{ ml: 1, flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {title}
          </Typography>
          <HeaderTimer />
          {actions}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}
