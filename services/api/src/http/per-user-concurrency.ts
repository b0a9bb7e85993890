import type { Middleware } from 'koa';
import type { AppState } from './guards';
import { tooManyRequests } from '../core/errors';

export interface PerUserConcurrencyOptions {
  /** Requests of one user that may run at once through this gate. */
  limit: number;
  /** Requests of that user that may wait for a free slot; beyond them the answer is 429 at once. */
  queue: number;
  /** How long a waiting request waits before it is answered 429. */
  waitMs: number;
  /** The 429's message. */
  message: string;
}

/**
 * Bounds how many requests of one user run at once through a gate (DECISIONS 22: no user can slow down
 * another). A user who floods the heavy reads waits in their own short queue, then gets 429 with
 * Retry-After; other users never queue behind them. The bound is per api process: with several replicas
 * a user gets `limit` slots on each, which still keeps the database pool mostly free for everyone else.
 * Routes without a signed-in user pass through (the route answers 401 itself).
 */
export function perUserConcurrency(options: PerUserConcurrencyOptions): Middleware {
  const running = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();

  function release(userId: string) {
    const next = waiting.get(userId)?.shift();
    if (waiting.get(userId)?.length === 0) waiting.delete(userId);
    if (next) return next(); // the slot passes to the next waiter
    const count = (running.get(userId) ?? 1) - 1;
    if (count > 0) running.set(userId, count);
    else running.delete(userId);
  }

  async function acquire(userId: string): Promise<void> {
    const count = running.get(userId) ?? 0;
    if (count < options.limit) {
      running.set(userId, count + 1);
      return;
    }
    const queue = waiting.get(userId) ?? [];
    if (queue.length >= options.queue) throw tooManyRequests(options.message, options.waitMs / 1000);
    waiting.set(userId, queue);
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        if (queue.length === 0 && waiting.get(userId) === queue) waiting.delete(userId);
        reject(tooManyRequests(options.message, options.waitMs / 1000));
      }, options.waitMs);
      queue.push(grant);
    });
  }

  return async (ctx, next) => {
    const userId = (ctx.state as AppState).actor?.id;
    if (!userId) return next();
    await acquire(userId);
    try {
      await next();
    } finally {
      release(userId);
    }
  };
}

/** Requests of one user that run at once: what a browser sends at once over HTTP/1.1 (six connections to a host). */
export const USER_REQUESTS_AT_ONCE = 6;

/**
 * The gate of every signed-in request: USER_REQUESTS_AT_ONCE at once per user, 64 waiting up to 10 s. A
 * user's requests that wait for one another inside the database (reorders taking the user's reorder lock
 * in turn, say) each hold a pooled connection while they wait: without this bound, one user's burst of
 * them took the whole pool and every other user's request queued behind it.
 */
export const userRequests = () =>
  perUserConcurrency({ limit: USER_REQUESTS_AT_ONCE, queue: 64, waitMs: 10_000, message: 'Too many requests at once. Please wait a moment and try again.' });

/** The gate of the expensive reads (notes search, the long task lists): 2 at once per user, 8 waiting up to 5 s. */
export const heavyReads = () =>
  perUserConcurrency({ limit: 2, queue: 8, waitMs: 5_000, message: 'Too many searches and lists at once. Please wait a moment and try again.' });
