import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Redis } from 'ioredis';
import type { AppState } from './guards';
import { AppError, tooManyRequests } from '../core/errors';

export interface PerUserConcurrencyOptions {
  /** Part of the Redis key of a user's slots (`daybook:gate:<name>:<user id>`). */
  name: string;
  /** Requests of one user that may run at once through this gate. */
  limit: number;
  /** Requests of that user that may wait for a free slot (in each api process); beyond them the answer is 429 at once. */
  queue: number;
  /** How long a waiting request waits before it is answered 429. */
  waitMs: number;
  /** The 429's message. */
  message: string;
  /** How long a slot taken in Redis stays taken unless renewed (SLOT_LEASE_MS; tests shorten it). */
  leaseMs?: number;
}

/**
 * A slot taken in Redis is a lease, renewed while its request runs: the slots of an api process that died
 * come free by themselves this long after it stopped renewing them.
 */
export const SLOT_LEASE_MS = 15_000;
/** How often the first waiting request of a user in this process asks Redis again (another replica may have freed a slot). */
const POLL_MS = 25;

/** Redis's clock in ms, so that replicas with clocks apart agree on when a lease ends. */
const REDIS_NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
/** KEYS[1] the user's slots (a sorted set: slot id by end of lease); ARGV: limit, slot id, lease ms. 1 when taken. */
const TAKE_SLOT = `${REDIS_NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;
/** ARGV: slot id, lease ms. A slot whose lease ended meanwhile stays ended. */
const RENEW_SLOT = `${REDIS_NOW}
local ends = redis.call('ZSCORE', KEYS[1], ARGV[1])
if ends and tonumber(ends) > now then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

/** Waits for a slot of a user; answers the function that gives it back. */
type Acquire = (userId: string) => Promise<() => Promise<void>>;

/** The slots counted in this process alone: each waiting request is handed a slot as one comes free, first come first served. */
function processSlots(options: PerUserConcurrencyOptions): Acquire {
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

  return async (userId) => {
    const count = running.get(userId) ?? 0;
    if (count < options.limit) {
      running.set(userId, count + 1);
    } else {
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
    return async () => release(userId);
  };
}

/**
 * The slots kept in Redis, shared by every api replica. A user's requests waiting in this process line up
 * here, first come first served; the first in line asks Redis every POLL_MS (or at once when a request of
 * that user ends in this process). While Redis does not answer, this process's own count stands in (as the
 * rate limits' does): an outage neither lifts the bound nor fails the request.
 */
function redisSlots(redis: Redis, options: PerUserConcurrencyOptions): Acquire {
  const leaseMs = options.leaseMs ?? SLOT_LEASE_MS;
  const inProcess = processSlots(options);
  /** The wake-ups of each user's requests waiting in this process, first in line first. */
  const lines = new Map<string, Array<() => void>>();
  const refused = () => tooManyRequests(options.message, options.waitMs / 1000);
  const take = async (key: string, slot: string) => (await redis.eval(TAKE_SLOT, 1, key, options.limit, slot, leaseMs)) === 1;

  async function waitInLine(userId: string, key: string, slot: string): Promise<void> {
    const line = lines.get(userId) ?? [];
    if (line.length >= options.queue) throw refused();
    lines.set(userId, line);
    let wake = () => {};
    const me = () => wake();
    line.push(me);
    const deadline = Date.now() + options.waitMs;
    try {
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw refused();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, line[0] === me ? Math.min(POLL_MS, left) : left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (line[0] === me && (await take(key, slot))) return;
      }
    } finally {
      line.splice(line.indexOf(me), 1);
      if (line.length === 0) lines.delete(userId);
      else line[0]!(); // the next in line asks from now on
    }
  }

  return async (userId) => {
    const key = `daybook:gate:${options.name}:${userId}`;
    const slot = randomUUID();
    try {
      if (!(await take(key, slot))) await waitInLine(userId, key, slot);
    } catch (error) {
      if (error instanceof AppError) throw error;
      return inProcess(userId);
    }
    const renew = setInterval(() => void redis.eval(RENEW_SLOT, 1, key, slot, leaseMs).catch(() => undefined), leaseMs / 3);
    renew.unref();
    return async () => {
      clearInterval(renew);
      // Not given back while Redis is away: the lease ends by itself.
      await redis.zrem(key, slot).catch(() => undefined);
      lines.get(userId)?.[0]?.();
    };
  };
}

/**
 * Bounds how many requests of one user run at once through a gate (DECISIONS 22: no user can slow down
 * another). A user who floods the heavy reads waits in their own short queue, then gets 429 with
 * Retry-After; other users never queue behind them. With Redis the slots are counted there, so the bound
 * holds across every api replica; without (one api process, DECISIONS 25) in this process.
 * Routes without a signed-in user pass through (the route answers 401 itself).
 */
export function perUserConcurrency(options: PerUserConcurrencyOptions, redis: Redis | null = null): Middleware {
  const acquire = redis ? redisSlots(redis, options) : processSlots(options);
  return async (ctx, next) => {
    const userId = (ctx.state as AppState).actor?.id;
    if (!userId) return next();
    const release = await acquire(userId);
    try {
      await next();
    } finally {
      await release();
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
export const userRequests = (redis: Redis | null) =>
  perUserConcurrency(
    { name: 'requests', limit: USER_REQUESTS_AT_ONCE, queue: 64, waitMs: 10_000, message: 'Too many requests at once. Please wait a moment and try again.' },
    redis,
  );

/** The gate of the expensive reads (notes search, the long task lists): 2 at once per user, 8 waiting up to 5 s. */
export const heavyReads = (redis: Redis | null) =>
  perUserConcurrency(
    { name: 'heavy-reads', limit: 2, queue: 8, waitMs: 5_000, message: 'Too many searches and lists at once. Please wait a moment and try again.' },
    redis,
  );

/** The gate of natural-language task entry (POST /api/ai/structure-task): 2 at once per user, 4 waiting up to 10 s. */
export const aiEntries = (redis: Redis | null) =>
  perUserConcurrency(
    { name: 'ai-entries', limit: 2, queue: 4, waitMs: 10_000, message: 'Too many task descriptions at once. Please wait for the previous ones to finish.' },
    redis,
  );
