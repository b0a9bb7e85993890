import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { setAutoFreeze } from 'immer';
import { startFirstReads } from './api/dashboardReads';
import { startFromLocalAnswers } from './api/localStart';
import { App, preloadSignedInScreen } from './app/App';
import { makeStore } from './app/store';
import { theme, themeCssVariables } from './app/theme';
import { Toaster } from './components/Toaster';
import { ConnectivityBanner } from './components/ConnectivityBanner';

/**
 * The longest the first render waits for the first screen's reads and code: index.html's loading screen
 * shows meanwhile, and the screen renders once with its data instead of once per answer (issue 18).
 */
const FIRST_RENDER_WAIT_MS = 1000;

// The production build does not deep-freeze the store's answers: walking each one to freeze it was a tenth
// of the dashboard's first render on a phone. Development and the tests (which never load this file) keep
// freezing them, so a write to the state still fails there.
if (import.meta.env.PROD) setAutoFreeze(false);
const store = makeStore();
let firstScreen: Promise<unknown> = Promise.resolve();
// A shared task's page (DECISIONS 33) is someone else's view: it never shows what this device kept, and
// never asks who is signed in.
if (!window.location.pathname.startsWith('/share/')) {
  const { pathname } = window.location;
  startFromLocalAnswers(store);
  // Its reads and, signed in, its screen's code: the first render shows the screen with its data.
  firstScreen = startFirstReads(store.dispatch, pathname).then((user) => user && preloadSignedInScreen(pathname, store.getState()));
}

function renderApp() {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  const app = createRoot(root);
  // In React's background lane: the first screen renders in slices the browser can interrupt, not in one
  // long task (index.html's loading screen shows until it commits).
  startTransition(() =>
    app.render(
      <StrictMode>
        <Provider store={store}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <GlobalStyles styles={{ ':root': themeCssVariables }} />
            <ConnectivityBanner />
            <BrowserRouter>
              <App />
            </BrowserRouter>
            <Toaster />
          </ThemeProvider>
        </Provider>
      </StrictMode>,
    ),
  );
}

/**
 * On a first visit, how long after the page has loaded the service worker registers: its install (it
 * fetches the app's files) would compete on a phone's network and CPU with the first screen's last steps,
 * such as the daily review that opens 1 s after the dashboard's data (issue 18). A page a worker already
 * controls registers at once: it listens to that worker's messages from the start.
 */
const FIRST_INSTALL_DELAY_MS = 3000;

// Installable and offline (DECISIONS 19): production builds only; the dev server has no /sw.js. A shared
// task's page (DECISIONS 33) is for someone without an account: it installs nothing. Registered once the
// page has loaded and settled, its first reads made, so the worker, once in control, keeps them all.
function startServiceWorker() {
  if (!import.meta.env.PROD || window.location.pathname.startsWith('/share/')) return;
  // Loaded after the page: its few lines are not part of the first paint's JavaScript.
  const start = () => void import('./lib/serviceWorker').then(({ registerServiceWorker }) => registerServiceWorker(store));
  const later = () => setTimeout(start, navigator.serviceWorker?.controller ? 0 : FIRST_INSTALL_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

void Promise.race([firstScreen.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(() => {
  renderApp();
  startServiceWorker();
});
