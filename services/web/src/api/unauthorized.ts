import { toast } from '../lib/toast';
import { clearLocalAnswers } from './firstAnswers';

/** Where the browser goes after a 401 (spec §2): the api answers with the landing page's login form. */
export const LOGIN_URL = '/api/login';
/** Delay before that full-page redirect (spec §9). */
export const LOGIN_REDIRECT_DELAY_MS = 500;

let redirect: (url: string) => void = (url) => window.location.assign(url);
let handling = false;
let signingOut = false;

/**
 * Any 401 logs the user out (spec §4, §8): one 'Unauthorized' toast, then a full-page redirect to the
 * login. Several failing calls at once give one toast and one redirect.
 */
export function handleUnauthorized(): void {
  if (handling || signingOut) return;
  handling = true;
  void clearLocalAnswers(); // a lost session: what this device kept is no longer shown
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => redirect(LOGIN_URL), LOGIN_REDIRECT_DELAY_MS);
}

/**
 * While the user signs out on purpose, the 401s of calls still in flight are expected: the sign-out has
 * its own message and reload, so no 'Unauthorized' toast or redirect races them.
 */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

/** Tests: replace the full-page redirect and start over. */
export function setUnauthorizedRedirect(fn: (url: string) => void): void {
  redirect = fn;
  handling = false;
  signingOut = false;
}
