import type { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { tooManyRequests } from './errors';

export interface LoginThrottleOptions {
  maxFailures: number;
  windowSeconds: number;
  /** Extra wait per earlier failure, so guessing slows down before it is refused. */
  delayPerFailureMs?: number;
  maxDelayMs?: number;
}

/**
 * DECISIONS 10: failed logins are counted per username and per client address in Redis (shared by all
 * api replicas). Each failure slows the next attempt; at the limit the answer is 429 until the window
 * passes. A success clears the username's count. When Redis is down the throttle stays out of the way.
 */
export function createLoginThrottle(redis: Redis, logger: Logger, options: LoginThrottleOptions) {
  const { maxFailures, windowSeconds, delayPerFailureMs = 150, maxDelayMs = 1500 } = options;
  const keysFor = (username: string, address: string) => [
    `daybook:login-failures:user:${username.toLowerCase()}`,
    `daybook:login-failures:addr:${address}`,
  ];

  async function counts(keys: string[]): Promise<number[]> {
    try {
      const values = await redis.mget(...keys);
      return values.map((v) => Number(v ?? 0));
    } catch (error) {
      logger.warn('login throttle unavailable', { error });
      return keys.map(() => 0);
    }
  }

  return {
    /** Waits as long as earlier failures ask for, or refuses with 429 at the limit. */
    async beforeAttempt(username: string, address: string): Promise<void> {
      const keys = keysFor(username, address);
      const failures = Math.max(...(await counts(keys)));
      if (failures >= maxFailures) {
        let retryAfter = windowSeconds;
        try {
          retryAfter = Math.max(1, ...(await Promise.all(keys.map((k) => redis.ttl(k)))));
        } catch {
          // keep the full window
        }
        const minutes = Math.ceil(retryAfter / 60);
        throw tooManyRequests(`Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      if (failures > 0) await new Promise((r) => setTimeout(r, Math.min(failures * delayPerFailureMs, maxDelayMs)));
    },
    async recordFailure(username: string, address: string): Promise<void> {
      try {
        const multi = redis.multi();
        for (const key of keysFor(username, address)) multi.incr(key).expire(key, windowSeconds, 'NX');
        await multi.exec();
      } catch (error) {
        logger.warn('login throttle unavailable', { error });
      }
    },
    async recordSuccess(username: string): Promise<void> {
      try {
        await redis.del(keysFor(username, '')[0]!);
      } catch (error) {
        logger.warn('login throttle unavailable', { error });
      }
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
