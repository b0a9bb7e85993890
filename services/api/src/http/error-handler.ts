import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import {
  ConnectionException,
  DeadlockException,
  ForeignKeyConstraintViolationException,
  LockWaitTimeoutException,
  NotFoundError,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import type { ErrorBody } from '@daybook/shared';
import { AppError } from '../core/errors';
import { loggablePath, type Logger } from '../logger';

type Issue = NonNullable<ErrorBody['error']['issues']>[number];

function bodyOf(code: string, message: string, issues?: Issue[]): ErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

/** Koa's own HTTP errors (body parser: malformed JSON, too large, wrong charset) carry a 4xx status. */
function isClientHttpError(error: unknown): error is { status: number; message: string; expose?: boolean } {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** SQLSTATE query_canceled: the statement ran past its time limit (DECISIONS 22). */
const STATEMENT_TIMED_OUT = '57014';

/** Node's socket errors when Postgres cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * True when Postgres is down or restarting rather than refusing this request: SQLSTATE class 08
 * (connection exception), 57P01–57P03 (shut down, crashed, not accepting connections yet), a socket
 * error, or the driver's "Connection terminated" when the server goes away mid-query (and, for the same
 * outage, "is not queryable" from a broken pooled client or "Transaction query already complete" from a
 * transaction whose connection died under it), or no pooled connection freeing up in time.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionException) return true;
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && (code.startsWith('08') || /^57P0[123]$/.test(code) || UNREACHABLE_CODES.has(code))) return true;
  return error instanceof Error && /Connection terminated|terminating connection|timeout exceeded when trying to connect|is not queryable|Transaction query already complete|Timeout acquiring a connection/i.test(error.message);
}

/**
 * Statuses answered without a body (no route; the routers' `allowedMethods`, which also set `Allow`):
 * they get the JSON error shape too.
 */
const BARE_STATUSES: Partial<Record<number, [code: string, message: string]>> = {
  404: ['not_found', 'Not found'],
  405: ['method_not_allowed', 'Method not allowed'],
  501: ['not_implemented', 'Method not implemented'],
};

/** zlib's error codes (Z_DATA_ERROR, Z_BUF_ERROR, …) and brotli's (ERR__ERROR_FORMAT_…). */
const DECOMPRESSION_ERROR_CODE = /^(Z_|ERR__ERROR_)/;

/**
 * The body parser's `onError`: a gzip, deflate or brotli body that does not decompress is the
 * client's fault, a 400 (zlib's own error has no status and would be a 500). The parser's other errors
 * already carry their status (malformed JSON 400, too large 413, unknown encoding or charset 415).
 */
export function onBodyParserError(error: Error): never {
  const code = (error as { code?: unknown }).code;
  if (!isClientHttpError(error) && typeof code === 'string' && DECOMPRESSION_ERROR_CODE.test(code)) {
    throw new AppError(400, 'bad_request', 'The request body could not be decompressed');
  }
  throw error;
}

/**
 * The one error model (docs/development.md convention 4): AppError, validation errors (400 with the field issues,
 * the first issue's message as the message), not-found (404), unique violations (409); anything else is
 * 503 while the database is unreachable (the request can be retried); anything else is a 500 that never
 * leaks internals. Logs write the request's path with any secret in it masked (loggablePath).
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      const { status } = ctx;
      const bare = BARE_STATUSES[status];
      if (bare && ctx.body === undefined && ctx.path.startsWith('/api')) {
        ctx.status = status; // set explicitly, so the body below does not turn a 404 into a 200
        ctx.body = bodyOf(...bare);
      }
    } catch (error) {
      if (error instanceof AppError) {
        ctx.status = error.status;
        if (error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.retryAfterSeconds));
        ctx.body = bodyOf(error.code, error.message);
      } else if (error instanceof ZodError) {
        const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        ctx.status = 400;
        ctx.body = bodyOf('validation_error', issues[0]?.message ?? 'Invalid request', issues);
      } else if (error instanceof NotFoundError) {
        ctx.status = 404;
        ctx.body = bodyOf('not_found', 'Not found');
      } else if (error instanceof UniqueConstraintViolationException) {
        ctx.status = 409;
        ctx.body = bodyOf('conflict', 'Already exists');
      } else if (error instanceof DeadlockException || error instanceof LockWaitTimeoutException) {
        ctx.status = 409;
        ctx.body = bodyOf('conflict', 'The change collided with another one; please try again');
      } else if (error instanceof ForeignKeyConstraintViolationException) {
        // Services lock what a write refers to; this is the safety net when something vanished meanwhile.
        ctx.status = 409;
        ctx.body = bodyOf('conflict', 'Something this change refers to no longer exists; please reload and try again');
      } else if ((error as { code?: unknown })?.code === STATEMENT_TIMED_OUT) {
        logger.warn('statement timed out', { method: ctx.method, path: loggablePath(ctx.path) });
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.body = bodyOf('service_unavailable', 'The request took too long. Please try again in a moment.');
      } else if (isClientHttpError(error)) {
        ctx.status = error.status;
        const message = error.status === 413 ? 'Request body too large' : error.expose ? error.message : 'Bad request';
        ctx.body = bodyOf(error.status === 413 ? 'payload_too_large' : 'bad_request', message);
      } else if (isDatabaseUnavailable(error)) {
        // Only the code: the driver's message can quote the SQL with its values (a session id, say).
        logger.warn('database unavailable', { method: ctx.method, path: loggablePath(ctx.path), code: (error as { code?: unknown }).code ?? null });
        ctx.status = 503;
        ctx.body = bodyOf('service_unavailable', 'The database is unavailable right now. Please try again in a moment.');
      } else {
        logger.error('unhandled error', { method: ctx.method, path: loggablePath(ctx.path), error });
        ctx.status = 500;
        ctx.body = bodyOf('internal_error', 'Internal server error');
      }
    }
    // A body refused before it was all read (413: the body parser's limit, an upload's) would otherwise be
    // read as the start of the connection's next request, which then stalls: the connection ends instead.
    if (ctx.status === 413 && !ctx.req.complete) ctx.set('Connection', 'close');
  };
}
