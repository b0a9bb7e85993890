/** The one error type services throw; the error handler turns it into `{error: {code, message}}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Sent as `Retry-After` (429 and 503 answers). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const quotaExceeded = (message: string) => new AppError(409, 'quota_exceeded', message);
export const tooManyRequests = (message: string, retryAfterSeconds = 1) =>
  new AppError(429, 'too_many_requests', message, Math.max(1, Math.ceil(retryAfterSeconds)));
export const serviceUnavailable = (message: string) => new AppError(503, 'service_unavailable', message);
