/**
 * A cookie the page can read, saying only that this browser has a session (the session cookie itself is
 * HttpOnly): the api sets it with a sign-in and clears it once a request finds no session. Without it the
 * web does not ask for who is signed in or the dashboard's reads, so a signed-out visitor's landing page
 * makes no request the api would refuse. Not a credential: it opens nothing.
 */
export const SIGNED_IN_HINT_COOKIE = 'daybook_signed_in';
export const SIGNED_IN_HINT_VALUE = '1';

/** Whether a Cookie header (or the page's `document.cookie`) carries the hint. */
export const hasSignedInHint = (cookies: string): boolean => cookies.split(';').some((cookie) => cookie.trim() === `${SIGNED_IN_HINT_COOKIE}=${SIGNED_IN_HINT_VALUE}`);
