/**
 * Errors of the data layer (spec §7): a failed call becomes an error whose text is the status code, a
 * colon and the response body (or the status text); `data` keeps the parsed body (`{error: {code,
 * message}}` from the api).
 */
export interface ApiError {
  /** The HTTP status, or RTK Query's 'FETCH_ERROR' / 'PARSING_ERROR' / 'TIMEOUT_ERROR' / 'CUSTOM_ERROR'. */
  status: number | string;
  data: unknown;
  /** `${status}: ${body}` */
  message: string;
}

function bodyText(data: unknown): string {
  if (data === undefined || data === null || data === '') return '';
  return typeof data === 'string' ? data : JSON.stringify(data);
}

export function toApiError(status: number | string, data: unknown, statusText = ''): ApiError {
  return { status, data, message: `${status}: ${bodyText(data) || statusText}` };
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/** The api's own message (`{error: {message}}`), when the body has one. */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const body = error.data as { error?: { message?: unknown } } | null;
  const message = body && typeof body === 'object' ? body.error?.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * The api's message when it refused a call for a reason the user can act on (DECISIONS 22, 24): a quota
 * reached or a name already taken (409), or too many requests (429).
 */
export function refusalMessage(error: unknown): string | undefined {
  return isApiError(error) && (error.status === 409 || error.status === 429) ? serverMessage(error) : undefined;
}

/** True for a 401: the session is gone, and the logout toast is the only message the user needs. */
export const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;
