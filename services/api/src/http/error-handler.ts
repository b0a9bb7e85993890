import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { DeadlockException, LockWaitTimeoutException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { ErrorBody } from '@daybook/shared';
import { AppError } from './errors';
import type { Logger } from '../logger';

type Issue = NonNullable<ErrorBody['error']['issues']>[number];

function bodyOf(code: string, message: string, issues?: Issue[]): ErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

/** Koa's own HTTP errors (body parser: malformed JSON, too large, wrong charset) carry a 4xx status. */
function isClientHttpError(error: unknown): error is { status: number; message: string; expose?: boolean } {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * The one error model (ARCHITECTURE convention 4): AppError, validation errors (400 with the field issues,
 * the first issue's message as the message), not-found (404), unique violations (409); anything else is
 * a 500 that never leaks internals.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        ctx.status = 404;
        ctx.body = bodyOf('not_found', 'Not found');
      }
    } catch (error) {
      if (error instanceof AppError) {
        ctx.status = error.status;
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
      } else if (isClientHttpError(error)) {
        ctx.status = error.status;
        const message = error.status === 413 ? 'Request body too large' : error.expose ? error.message : 'Bad request';
        ctx.body = bodyOf(error.status === 413 ? 'payload_too_large' : 'bad_request', message);
      } else {
        logger.error('unhandled error', { method: ctx.method, path: ctx.path, error });
        ctx.status = 500;
        ctx.body = bodyOf('internal_error', 'Internal server error');
      }
    }
  };
}
