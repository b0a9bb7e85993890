import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Middleware } from 'koa';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Env } from '../config/env';
import type { AppState } from './guards';
import { tooManyRequests } from '../core/errors';

/** Failures of one username (from any address) and of one address (any username), per LOGIN_MAX_FAILURES. */
const USERNAME_FAILURES_FACTOR = 4;
const ADDRESS_FAILURES_FACTOR = 20;
/** How long a username or an address stays refused once it passed its count: briefly, so a real user is not locked out. */
const BRIEF_BLOCK_SECONDS = 60;
/** Each earlier failure of a username slows its next attempt down by this much, up to the maximum. */
const DELAY_PER_FAILURE_MS = 100;
const MAX_DELAY_MS = 1_000;

interface LimitOptions {
  /** Part of the limiter's keys (`daybook:limit:<name>:<key>`). */
  name: string;
  points: number;
  /** Seconds from the first point until the count starts over. */
  duration: number;
  /** Seconds a key stays refused once it passed its points (else until the count starts over). */
  blockDuration?: number;
  /**
   * Once a key is refused, refuse it in this process until its count starts over without asking Redis:
   * a flood of refused requests then costs no round trip each.
   */
  blockInMemory?: boolean;
}

/**
 * A count kept in Redis, so every api replica shares it, and increased atomically (a burst of parallel
 * requests is counted exactly). While Redis is away an in-process twin counts instead: an outage neither
 * lifts the limit nor fails the request. Without Redis (no REDIS_URL: one api process, DECISIONS 25) the
 * count lives in this process only.
 */
function limiter(redis: Redis | null, { name, blockInMemory, ...options }: LimitOptions): RateLimiterAbstract {
  const keyPrefix = `daybook:limit:${name}`;
  if (!redis) return new RateLimiterMemory({ keyPrefix, ...options });
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    rejectIfRedisNotReady: true,
    ...(blockInMemory ? { inMemoryBlockOnConsumed: options.points + 1 } : {}),
    ...options,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, ...options }),
  });
}

const inWords = (seconds: number) =>
  seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;

/** A limiter's refusal as a 429 with Retry-After and a message that says when to come back. */
function refusal(rejection: unknown, message: (wait: string) => string): unknown {
  if (!(rejection instanceof RateLimiterRes)) return rejection;
  const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  return tooManyRequests(message(inWords(seconds)), seconds);
}

/**
 * The key of a client address: IPv4 as it is (also when written as IPv6, `::ffff:10.0.0.7`), IPv6 by its
 * /64 network, since one host usually holds a whole /64.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * DECISIONS 10 and 22: sign-in failures are counted before the password (or the second factor) is checked,
 * so a burst of parallel guesses is throttled like a sequence. Three counts, each blocking something different:
 * - consecutive failures of one username from one address (LOGIN_MAX_FAILURES per LOGIN_WINDOW_SECONDS)
 *   block that pair for the window: a guesser stops, everyone else at that address goes on;
 * - failures of one username from any address (4 × LOGIN_MAX_FAILURES) slow its attempts down, then
 *   block that username briefly (guessing from many addresses);
 * - failures from one address for any username (20 × LOGIN_MAX_FAILURES) block that address briefly.
 * A correct password gives its point back and starts the pair's count over.
 */
function failureLimits(redis: Redis | null, name: string, maxFailures: number, windowSeconds: number, message: (wait: string) => string) {
  const brief = Math.min(BRIEF_BLOCK_SECONDS, windowSeconds);
  const perPair = limiter(redis, { name: `${name}:user-address`, points: maxFailures, duration: windowSeconds, blockDuration: windowSeconds });
  const perUser = limiter(redis, {
    name: `${name}:user`,
    points: maxFailures * USERNAME_FAILURES_FACTOR,
    duration: windowSeconds,
    blockDuration: brief,
  });
  const perAddress = limiter(redis, {
    name: `${name}:address`,
    points: maxFailures * ADDRESS_FAILURES_FACTOR,
    duration: windowSeconds,
    blockDuration: brief,
  });

  return {
    /**
     * Counts a sign-in attempt as a failure (429 when one of the counts is used up); call `succeeded()`
     * when the password (or the code) was right. `username` is whatever names the account (a user id will do).
     */
    async attempt(username: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
      const user = username.toLowerCase();
      const address = addressKey(ip);
      const pair = `${address} ${user}`; // an address has no spaces
      const counts: Array<[RateLimiterAbstract, string]> = [
        [perPair, pair],
        [perUser, user],
        [perAddress, address],
      ];
      const counted: typeof counts = [];
      let earlierFailuresOfUser = 0;
      for (const [limit, key] of counts) {
        try {
          const res = await limit.consume(key);
          if (limit === perUser) earlierFailuresOfUser = res.consumedPoints - 1;
        } catch (rejection) {
          // Refused: the counts taken so far were not attempts after all.
          await Promise.all(counted.map(([taken, takenKey]) => taken.reward(takenKey)));
          throw refusal(rejection, message);
        }
        counted.push([limit, key]);
      }
      if (earlierFailuresOfUser > 0) await sleep(Math.min(earlierFailuresOfUser * DELAY_PER_FAILURE_MS, MAX_DELAY_MS));
      return {
        async succeeded() {
          await Promise.all([perPair.delete(pair), perUser.reward(user), perAddress.reward(address)]);
        },
      };
    },
  };
}

/** A per-address count: call it with the client's address; 429 once the address used up its points. */
function perAddressCount(perAddress: RateLimiterAbstract, message: (wait: string) => string): (ip: string) => Promise<void> {
  return async (ip) => {
    try {
      await perAddress.consume(addressKey(ip));
    } catch (rejection) {
      throw refusal(rejection, message);
    }
  };
}

/** A per-user rate limit as middleware; requests without a signed-in user pass (the route answers 401). */
function perUserRate(perUser: RateLimiterAbstract, message: (wait: string) => string): Middleware {
  return async (ctx, next) => {
    const userId = (ctx.state as AppState).actor?.id;
    if (userId) {
      try {
        await perUser.consume(userId);
      } catch (rejection) {
        throw refusal(rejection, message);
      }
    }
    await next();
  };
}

/**
 * Batches of tasks (POST /api/tasks/batch, up to TASK_BATCH_MAX tasks each) one user may save per minute:
 * far more than a person capturing what they say, few enough that a script cannot fill the quota in seconds.
 */
export const TASK_BATCHES_PER_MINUTE = 60;

/**
 * "Send test" on a notification channel, and adding a channel: each points the server at another server
 * (ntfy, SMTP, a webhook, a push service), so both count against one budget (DECISIONS 46).
 */
export const CHANNEL_TESTS_PER_MINUTE = 10;

/** Requests one user's API tokens may make per minute (DECISIONS 30): a busy script, not a flood. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 600;

/** Polls of calendar feeds from one address per minute: calendar apps poll every few minutes, a household has a few. */
export const CALENDAR_POLLS_PER_MINUTE = 60;

/**
 * Requests to shared task links (DECISIONS 33) per minute: from one address (any link, right or wrong), and
 * naming one link (from any address). A contact reads the page and answers a few times.
 */
export const SHARE_REQUESTS_PER_MINUTE_PER_ADDRESS = 60;
export const SHARE_REQUESTS_PER_MINUTE_PER_LINK = 30;

/**
 * File uploads of imports per user per hour (POST /api/imports/preview and /api/imports, DECISIONS 30):
 * each reads and checks a whole file of up to 20 MB; a person previews and imports a few files.
 */
export const IMPORTS_PER_HOUR = 30;

/**
 * Mails that confirm a user's email address, asked for in Settings (POST /api/auth/user/email/confirmation):
 * each reaches a mailbox the account may not own, so a few an hour.
 */
export const CONFIRMATION_MAILS_PER_HOUR = 5;

/** Counts a request to a shared link from `ip` naming `token`; 429 once the address or the link used up its minute. */
function shareLimits(redis: Redis | null): (ip: string, token: string) => Promise<void> {
  const perAddress = limiter(redis, { name: 'share-requests:address', points: SHARE_REQUESTS_PER_MINUTE_PER_ADDRESS, duration: 60, blockInMemory: true });
  const perLink = limiter(redis, { name: 'share-requests:link', points: SHARE_REQUESTS_PER_MINUTE_PER_LINK, duration: 60, blockInMemory: true });
  const message = (wait: string) => `Too many requests for this link. Try again in ${wait}.`;
  return async (ip, token) => {
    try {
      await perAddress.consume(addressKey(ip));
      await perLink.consume(createHash('sha256').update(token).digest('base64url').slice(0, 22));
    } catch (rejection) {
      throw refusal(rejection, message);
    }
  };
}

/** Every rate limit of the api (DECISIONS 22), sized by the environment (docs/configuration.md). */
export function createRateLimits(redis: Redis | null, env: Env) {
  /** Sign-ins of one kind from one address: as many as the address's login failures, then refused briefly. */
  const signInsPerAddress = (name: string) =>
    perAddressCount(
      limiter(redis, {
        name: `${name}:address`,
        points: env.LOGIN_MAX_FAILURES * ADDRESS_FAILURES_FACTOR,
        duration: env.LOGIN_WINDOW_SECONDS,
        blockDuration: Math.min(BRIEF_BLOCK_SECONDS, env.LOGIN_WINDOW_SECONDS),
      }),
      (wait) => `Too many sign-in attempts from your network. Try again in ${wait}.`,
    );
  return {
    login: failureLimits(redis, 'login-failures', env.LOGIN_MAX_FAILURES, env.LOGIN_WINDOW_SECONDS, (wait) => `Too many failed login attempts. Try again in ${wait}.`),
    /**
     * The second step of a sign-in (DECISIONS 47): codes, recovery codes and passkeys of one user, counted like
     * passwords (per user and address, per user, per address) before they are checked, under counts of their own.
     */
    secondFactor: failureLimits(redis, 'second-factor-failures', env.LOGIN_MAX_FAILURES, env.LOGIN_WINDOW_SECONDS, (wait) => `Too many failed attempts. Try again in ${wait}.`),
    /**
     * Sign-ins with a passkey and no password (POST /api/login/passkey/options and /api/login/passkey, each
     * counted): per address as many as the address's login failures, then refused briefly.
     */
    passkeySignIns: signInsPerAddress('passkey-sign-ins'),
    /** Counts an account registration from this address; 429 past REGISTRATION_MAX_PER_HOUR. */
    registration: perAddressCount(
      limiter(redis, { name: 'registrations:address', points: env.REGISTRATION_MAX_PER_HOUR, duration: 3600 }),
      (wait) => `Too many accounts were created from your network. Try again in ${wait}.`,
    ),
    /**
     * Single sign-on (GET /api/auth/oidc/start and /callback, each counted): per address as many as the
     * address's login failures (20 × LOGIN_MAX_FAILURES per LOGIN_WINDOW_SECONDS), then refused briefly.
     */
    oidcSignIns: signInsPerAddress('oidc-sign-ins'),
    /** POST /api/ai/structure-task: AI_MAX_PER_MINUTE per user. */
    aiRequests: perUserRate(
      limiter(redis, { name: 'ai-requests:user', points: env.AI_MAX_PER_MINUTE, duration: 60, blockInMemory: true }),
      (wait) => `You are sending task descriptions too quickly. Please wait ${wait} and try again.`,
    ),
    /** POST /api/tasks/batch: TASK_BATCHES_PER_MINUTE per user. */
    taskBatches: perUserRate(
      limiter(redis, { name: 'task-batches:user', points: TASK_BATCHES_PER_MINUTE, duration: 60, blockInMemory: true }),
      (wait) => `You are saving tasks too quickly. Please wait ${wait} and try again.`,
    ),
    /** POST /api/notifications/channels/:id/test, /channels and /push-subscriptions: CHANNEL_TESTS_PER_MINUTE per user. */
    channelTests: perUserRate(
      limiter(redis, { name: 'channel-tests:user', points: CHANNEL_TESTS_PER_MINUTE, duration: 60, blockInMemory: true }),
      (wait) => `You are adding or testing notification channels too quickly. Please wait ${wait} and try again.`,
    ),
    /** Requests with an API token: API_TOKEN_REQUESTS_PER_MINUTE per user, whichever of their tokens. */
    apiTokenRequests: perUserRate(
      limiter(redis, { name: 'api-token-requests:user', points: API_TOKEN_REQUESTS_PER_MINUTE, duration: 60, blockInMemory: true }),
      (wait) => `Too many requests with your API tokens. Please wait ${wait} and try again.`,
    ),
    /** GET /api/calendar/:file: CALENDAR_POLLS_PER_MINUTE per address (the feed is public, its secret the key). */
    calendarPoll: perAddressCount(
      limiter(redis, { name: 'calendar-polls:address', points: CALENDAR_POLLS_PER_MINUTE, duration: 60, blockInMemory: true }),
      (wait) => `Too many calendar requests from your network. Try again in ${wait}.`,
    ),
    /** /api/shares/:token: per address and per link (keyed by a hash of the token, never the token itself). */
    shareRequests: shareLimits(redis),
    /** Confirmation mails asked for: CONFIRMATION_MAILS_PER_HOUR per user. */
    confirmationMails: perUserRate(
      limiter(redis, { name: 'confirmation-mails:user', points: CONFIRMATION_MAILS_PER_HOUR, duration: 3600 }),
      (wait) => `You have asked for several confirmation mails. Please wait ${wait} and try again.`,
    ),
    /** Import uploads (preview and start): IMPORTS_PER_HOUR per user. */
    imports: perUserRate(
      limiter(redis, { name: 'imports:user', points: IMPORTS_PER_HOUR, duration: 3600 }),
      (wait) => `You have uploaded many files to import. Please wait ${wait} and try again.`,
    ),
    /**
     * Searches and list pages: HEAVY_READS_PER_MINUTE per user, counted over 10 s windows, so a flood is
     * cut short within seconds while a person scrolling and searching never meets it.
     */
    heavyReads: perUserRate(
      limiter(redis, { name: 'heavy-reads:user', points: Math.max(1, Math.round(env.HEAVY_READS_PER_MINUTE / 6)), duration: 10, blockInMemory: true }),
      (wait) => `Too many searches and lists at once. Please wait ${wait} and try again.`,
    ),
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
