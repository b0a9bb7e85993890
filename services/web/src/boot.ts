// index.html's entry: the app starts once index.html's loading screen has been painted (issue 18). Its
// scripts download meanwhile (modulepreload, build/preload-modules.ts), but evaluated at once they could
// run before the first frame on a fast connection, and the page would show nothing until they had.
// The app's stylesheets are imported here so that index.html links them.
import './styles/cards.css';
import './styles/today.css';

/** A page hidden meanwhile gets no frames: it starts after this at the latest. */
const LATEST_START_MS = 1000;

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./main');
}

if (document.visibilityState === 'hidden') {
  start(); // nothing to paint first
} else {
  // A frame's callbacks run before its paint; a task queued from one runs after it.
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, LATEST_START_MS);
}
