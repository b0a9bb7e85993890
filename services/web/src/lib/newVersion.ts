/** The version of the app the page has reloaded for already: never more than one reload per version. */
const RELOADED_FOR_KEY = 'daybook:reloaded-for';

/** The app's entry scripts named by an index.html (Vite names each by its content: a new version, new names). */
export const entryScriptsOf = (html: string): string | null => {
  const sources = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
  return sources.length > 0 ? sources.join(' ') : null;
};

/**
 * After a deploy the server no longer has the parts of the version this page runs (their names changed):
 * when the server's index.html names another entry script, the page loads again, once for that version, so
 * a part that keeps failing never makes a reload loop (issue 37).
 */
export async function reloadOnceForNewVersion(reload = () => window.location.reload()): Promise<void> {
  if (!navigator.onLine) return;
  const running = entryScriptsOf(document.documentElement.outerHTML);
  let served: string | null;
  try {
    const answer = await fetch(new URL('/index.html', window.location.href).href, { cache: 'no-store' });
    served = answer.ok ? entryScriptsOf(await answer.text()) : null;
  } catch {
    return;
  }
  if (!running || !served || served === running || sessionStorage.getItem(RELOADED_FOR_KEY) === served) return;
  sessionStorage.setItem(RELOADED_FOR_KEY, served);
  reload();
}
