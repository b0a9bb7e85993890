import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { startFirstReads } from './api/dashboardReads';
import { startFromLocalAnswers } from './api/localStart';
import { App } from './app/App';
import { makeStore } from './app/store';
import { theme, themeCssVariables } from './app/theme';
import './styles/cards.css';
import { Toaster } from './components/Toaster';
import { ConnectivityBanner } from './components/ConnectivityBanner';

const store = makeStore();
// A shared task's page (DECISIONS 33) is someone else's view: it never shows what this device kept, and
// never asks who is signed in.
if (!window.location.pathname.startsWith('/share/')) {
  startFromLocalAnswers(store);
  startFirstReads(store.dispatch, window.location.pathname);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
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
);

// Installable and offline (DECISIONS 19): production builds only; the dev server has no /sw.js. A shared
// task's page (DECISIONS 33) is for someone without an account: it installs nothing.
if (import.meta.env.PROD && !window.location.pathname.startsWith('/share/')) {
  // Loaded after the page: its few lines are not part of the first paint's JavaScript.
  window.addEventListener('load', () => void import('./lib/serviceWorker').then(({ registerServiceWorker }) => registerServiceWorker(store)), { once: true });
}
