import { useSearchParams } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChecklistIcon from '@mui/icons-material/ChecklistRtl';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { isSignInError, OIDC_LINK_STEP, SIGN_IN_ERROR_PARAM } from '@daybook/shared';
import { Logo } from '../../components/Logo';
import { DEFAULT_AUTH_CONFIG, useGetAuthConfigQuery } from './authConfigApi';
import { LinkAccountForm } from './LinkAccountForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

type Form = 'login' | 'register' | typeof OIDC_LINK_STEP | null;

const FEATURES = [
  {
    icon: <ChecklistIcon />,
    title: 'Task Management',
    text: 'Priorities, due dates, estimates and clients on every task, with your top 3 for the day always in view.',
  },
  {
    icon: <CalendarIcon />,
    title: 'Calendar & Kanban',
    text: 'See the week ahead at a glance, and move work from to-do to done on a board.',
  },
  {
    icon: <InventoryIcon />,
    title: 'Backlog Management',
    text: 'Park what can wait in the backlog, and let recurring tasks come back on their own.',
  },
];

/** A glimpse of the dashboard for the hero (decorative). */
function PreviewCard() {
  const rows = [
    { title: 'Send the Acme proposal', tag: 'Urgent', color: '#a61b1b', bg: '#fde8e8', done: false },
    { title: 'Review contract with Globex', tag: 'High Priority', color: '#c62828', bg: '#fdecec', done: false },
    { title: 'Weekly team sync notes', tag: 'Medium Priority', color: '#a85d00', bg: '#fff4e0', done: true },
  ];
  return (
    <Paper variant="outlined" aria-hidden sx={{ p: 2.5, borderRadius: 3, boxShadow: '0 24px 48px -24px rgba(31, 41, 55, 0.25)' }}>
      <Typography variant="subtitle2" color="textSecondary">
        Today
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, my: 1.5 }}>
        {[
          ['5', 'Due'],
          ['1', 'Overdue'],
          ['3.5h', 'Est. Time'],
        ].map(([value, label]) => (
          <Box key={label}>
            <Typography variant="h5" component="p">
              {value}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {label}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack spacing={1}>
        {rows.map((row, index) => (
          <Box key={row.title} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.25, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: row.done ? 'background.default' : 'transparent' }}>
            <Box sx={{ width: 22, height: 22, borderRadius: '50%', bgcolor: 'primary.main', color: '#fff', fontSize: 12, fontWeight: 700, display: 'grid', placeItems: 'center' }}>
              {row.done ? '✓' : index + 1}
            </Box>
            {/* Done reads as muted grey, as on the dashboard, not translucent: its text keeps AA contrast. */}
            <Typography variant="body2" color={row.done ? 'text.secondary' : 'text.primary'} sx={{ flex: 1, fontWeight: 600, textDecoration: row.done ? 'line-through' : 'none' }}>
              {row.title}
            </Typography>
            <Box sx={{ px: 1, py: 0.25, borderRadius: 10, fontSize: 11, fontWeight: 700, color: row.color, bgcolor: row.bg }}>{row.tag}</Box>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * What a signed-out visitor sees at any path (spec §2): header, headline, three feature blurbs, and the
 * login and registration forms. `?auth=login` (where the api sends signed-out visitors) opens the login form,
 * with `signInError` when a single sign-on came back refused; `?auth=link` is the "link your account" step of a
 * first single sign-on. Sign Up shows only where it can succeed.
 */
export function LandingPage() {
  const [params, setParams] = useSearchParams();
  const config = useGetAuthConfigQuery().data ?? DEFAULT_AUTH_CONFIG;
  const signInError = params.get(SIGN_IN_ERROR_PARAM);
  const auth = params.get('auth');
  const form: Form = auth === 'login' || auth === OIDC_LINK_STEP || (auth === 'register' && config.registration) ? auth : null;
  const getStarted: Form = config.registration ? 'register' : 'login';
  const open = (next: Form) => setParams(next ? { auth: next } : {}, { replace: form !== null && next !== null });
  const signedIn = () => setParams({}, { replace: true });

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky">
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 1 }}>
            <Logo />
            <Box sx={{ flex: 1 }} />
            {form ? (
              <Button startIcon={<ArrowBackIcon />} color="inherit" onClick={() => open(null)}>
                Back
              </Button>
            ) : (
              <>
                {config.registration && (
                  <Button color="inherit" onClick={() => open('register')}>
                    Sign Up
                  </Button>
                )}
                <Button variant="contained" onClick={() => open('login')}>
                  Log In
                </Button>
              </>
            )}
          </Toolbar>
        </Container>
      </AppBar>

      <Box component="main" sx={{ flex: 1 }}>
        {form ? (
          <Container maxWidth="sm" sx={{ py: { xs: 3, md: 8 } }}>
            <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
              {form === 'login' ? (
                <LoginForm onSignUp={() => open('register')} onSignedIn={signedIn} config={config} signInError={isSignInError(signInError) ? signInError : null} />
              ) : form === OIDC_LINK_STEP ? (
                <LinkAccountForm onSignIn={() => open('login')} />
              ) : (
                <RegisterForm onLogIn={() => open('login')} onSignedIn={signedIn} />
              )}
            </Paper>
          </Container>
        ) : (
          <>
            <Container maxWidth="lg" sx={{ pt: { xs: 5, md: 10 }, pb: { xs: 5, md: 8 } }}>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' }, gap: { xs: 5, md: 8 }, alignItems: 'center' }}>
                <Box>
                  <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, px: 1.25, py: 0.5, borderRadius: 10, bgcolor: 'rgba(45, 91, 208, 0.08)', color: 'primary.main', fontSize: 13, fontWeight: 600, mb: 2.5 }}>
                    <AutoAwesomeIcon sx={{ fontSize: 16 }} /> Plain-language task entry built in
                  </Box>
                  <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.2rem' }, lineHeight: 1.1 }}>
                    Your day, your clients, all in order.
                  </Typography>
                  <Typography variant="h6" component="p" color="textSecondary" sx={{ mt: 2.5, fontWeight: 400, lineHeight: 1.6, maxWidth: 560 }}>
                    Daybook keeps your tasks, clients, notes and calendar in one calm place. Describe what you need to do and it organizes it for you.
                  </Typography>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
                    <Button variant="contained" size="large" onClick={() => open(getStarted)}>
                      Get Started
                    </Button>
                    <Button variant="outlined" size="large" onClick={() => open('login')}>
                      Log In
                    </Button>
                  </Stack>
                </Box>
                <PreviewCard />
              </Box>
            </Container>
            <Box component="section" aria-label="Features" sx={{ bgcolor: 'background.paper', borderTop: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
                  {FEATURES.map((feature) => (
                    <Box key={feature.title}>
                      <Box sx={{ width: 44, height: 44, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'rgba(45, 91, 208, 0.08)', color: 'primary.main', mb: 2 }}>
                        {feature.icon}
                      </Box>
                      <Typography variant="h6" component="h2">
                        {feature.title}
                      </Typography>
                      <Typography color="textSecondary" sx={{ mt: 1, lineHeight: 1.6 }}>
                        {feature.text}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Container>
            </Box>
          </>
        )}
      </Box>

      <Box component="footer" sx={{ py: 3, textAlign: 'center' }}>
        <Typography variant="body2" color="textSecondary">
          © {new Date().getFullYear()} Daybook. All rights reserved.
        </Typography>
      </Box>
    </Box>
  );
}

export default LandingPage;
