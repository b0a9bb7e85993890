// index.html's entry: the app starts once index.html's loading screen has been painted (issue 18). Its
// scripts download meanwhile (modulepreload, build/preload-modules.ts), but evaluated at once they could
// run before the first frame on a fast connection, and the page would show nothing until they had.
// The app's stylesheets are imported here so that index.html links them.
import './styles/cards.css';
import './styles/today.css';

/** A page hidden meanwhile gets no frames: it starts after this at the latest. */
const LATEST_START_MS = 1000;

/**
 * The app's libraries (each a chunk of its own, ENTRY_LIBRARIES in vite.config.ts), then the app, evaluated
 * one per task: evaluated together they were one task of about 65 ms (four times that on a phone's CPU),
 * during which the page could not answer a tap.
 */
const STAGES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('react-dom/client'),
  () => import('@mui/material/styles'),
  () => import('@reduxjs/toolkit/query/react'),
  () => import('./main'),
];

/** Resolves in a task of its own, after whatever the browser has queued (input, a frame). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

let started = false;
async function start(): Promise<void> {
  if (started) return;
  started = true;
  for (const [index, stage] of STAGES.entries()) {
    if (index > 0) await nextTask();
    await stage();
  }
}

if (document.visibilityState === 'hidden') {
  void start(); // nothing to paint first
} else {
  // A frame's callbacks run before its paint; a task queued from one runs after it.
  requestAnimationFrame(() => setTimeout(() => void start()));
  setTimeout(() => void start(), LATEST_START_MS);
}
