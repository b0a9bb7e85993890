import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../components/Logo';

/** Any unknown path while signed in (spec §2). */
export function NotFoundPage() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, px: 3, textAlign: 'center' }}>
      <LogoMark size={48} />
      <Typography variant="h4" component="h1">
        404 - Page not found
      </Typography>
      <Typography color="textSecondary">The page you are looking for was not found.</Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        Back to Dashboard
      </Button>
    </Box>
  );
}

export default NotFoundPage;
