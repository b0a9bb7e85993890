import { isApiError, serverMessage } from '../../api/apiError';

/** The body could not be read as the api's JSON (a proxy's HTML page, an empty answer). */
const bodyUnreadable = (error: unknown) => isApiError(error) && (error.data === null || error.data === undefined || typeof error.data === 'string');

/** Spec §8, login: the server's message, else 'Login failed', or 'Invalid credentials' when the body is unreadable. */
export function loginFailureMessage(error: unknown): string {
  return serverMessage(error) ?? (bodyUnreadable(error) ? 'Invalid credentials' : 'Login failed');
}

/** Spec §8, registration: the server's message, else 'Registration failed', or the longer text when unreadable. */
export function registrationFailureMessage(error: unknown): string {
  return serverMessage(error) ?? (bodyUnreadable(error) ? 'Registration failed. Please try again.' : 'Registration failed');
}
