import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Middleware } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import pLimit from 'p-limit';
import type { AuditEventType, SignInFailureReason } from '@daybook/shared';
import { secretHash } from '../../core/secret-hash';
import { clientAddress, userAgentOf } from '../../http/client-info';
import type { AppState } from '../../http/guards';
import { addressKey } from '../../http/rate-limits';
import type { Logger } from '../../logger';
import { createAuditRepository, type AuditDetails, type AuditRepository, type AuditSubject, type AuditWrite } from './audit.repository';

/** An event to record (DECISIONS 48). The event names and what their details hold: docs/administration.md, "Audit log". */
export interface AuditRecord {
  type: AuditEventType;
  /**
   * The account it concerns: the signed-in user when absent; another account's id (an admin's action on
   * it: the admin is then recorded as its actor); null for none.
   */
  userId?: string | null;
  /** That account's name, when the database will not have it any more (a deleted account). */
  username?: string;
  /** A few plain facts (names, counts, reasons). Never a secret: no password, no token, no code. */
  details?: AuditDetails;
}

/** What a request says about who asked: its address, its browser and the signed-in user. */
export type RequestLike = Pick<Context, 'ip' | 'get'> & { state: AppState };

export interface AuditLog {
  /**
   * Records an event with the address and browser of the request (`ctx`, or the request being answered when
   * called from code that does not see Koa). Never throws and never waits: the write is queued, the request
   * answers once it is done (at most AUDIT_WAIT_MS later), and a failure is a log line.
   */
  record(event: AuditRecord, ctx?: RequestLike | null): void;
  /** A session of this user began, whichever way they signed in (noted by the session store). */
  signedIn(ctx: RequestLike, userId: string): void;
  /** The user ended this session (signed out). */
  signedOut(ctx: RequestLike, userId: string): void;
  /**
   * A refused sign-in: the account named by `who` (the username tried, or the user whose second step
   * failed), never the password or code tried. Counted per address, account and reason each minute.
   */
  signInFailed(who: { usernameTried: string } | { userId: string }, reason: SignInFailureReason, ctx?: RequestLike | null): void;
  /** A request signed in by this API token: counted once an hour per token. */
  apiTokenUsed(ctx: RequestLike, tokenId: string): void;
  /** A contact's request to a shared task's link: the owner's event, found by the token's hash (the token is not kept). */
  shareLinkUsed(ctx: RequestLike, token: string, answer: 'opened' | 'done' | 'proposal' | 'comment'): void;
  /** Resolves when every event recorded so far has been written (tests, shutdown). */
  settled(): Promise<void>;
}

/**
 * Events that may repeat quickly are kept once per period and counted, so a flood adds a row a period,
 * not a row an attempt: failed sign-ins per address, account (or unknown name) and reason, each minute;
 * a token's use and a share link's opening, each hour; a share link's answers, each minute.
 */
const PERIOD_SECONDS = { minute: 60, hour: 3_600 } as const;
type Period = keyof typeof PERIOD_SECONDS;

/** Events waiting to be written, at most: beyond, an event is dropped with a log line (a flood never grows memory). */
export const AUDIT_QUEUE_MAX = 1_000;
/** Writes at once: a sliver of the database pool (10), so recording never competes with requests for connections. */
const WRITERS = 2;
/** How often dropped or failed writes are logged, at most. */
const LOG_EVERY_MS = 60_000;

const DETAIL_TEXT_MAX = 200;
const DETAILS_MAX = 12;

/** Details cut to a few short values, so no caller can make a large row. */
function boundedDetails(details: AuditDetails | undefined): AuditDetails {
  const bounded: AuditDetails = {};
  for (const [key, value] of Object.entries(details ?? {}).slice(0, DETAILS_MAX)) {
    bounded[key.slice(0, 40)] = typeof value === 'string' ? value.slice(0, DETAIL_TEXT_MAX) : value;
  }
  return bounded;
}

/**
 * How long a request waits, at most, for the events it recorded to be written before it answers. A write
 * takes about a millisecond: waiting for it means a log read right after an action shows that action.
 * Should the database be slow, the answer goes after this long and the write finishes on its own.
 */
export const AUDIT_WAIT_MS = 1_000;

interface RequestTrail {
  ctx: RequestLike;
  /** Whether this request recorded an event (audit-trail.ts records a generic admin action only when not). */
  recorded: boolean;
  /** The writes of its events. */
  writes: Promise<void>[];
}
const requests = new AsyncLocalStorage<RequestTrail>();

/**
 * Runs `work` as the request `ctx` (code that does not see Koa records events with its address), and
 * settles once the events it recorded are written, or AUDIT_WAIT_MS has passed.
 */
export function inRequest<T>(ctx: RequestLike, work: () => Promise<T>): Promise<T> {
  const trail: RequestTrail = { ctx, recorded: false, writes: [] };
  return requests.run(trail, async () => {
    try {
      return await work();
    } finally {
      if (trail.writes.length > 0) {
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, AUDIT_WAIT_MS)));
        await Promise.race([Promise.allSettled(trail.writes), waited]);
        clearTimeout(timer);
      }
    }
  });
}

/** The middleware that gives every request its scope (app.ts puts it first, before the sessions and the per-user gate). */
export const auditScope = (): Middleware => (ctx, next) => inRequest(ctx, () => next());

/** Whether the request being answered recorded an event. */
export const recordedInRequest = (): boolean => requests.getStore()?.recorded ?? false;

/**
 * The write side of the audit log: events go to a short queue written by two writers. An event bound to a
 * period that is already waiting is only counted again, so a burst of the same failure costs one statement.
 */
export function createAuditLog(em: EntityManager, logger: Logger, repository: AuditRepository = createAuditRepository(em)): AuditLog {
  const limit = pLimit(WRITERS);
  /** Bound events waiting to be written, by key and subject: a repeat adds to the count. */
  const waiting = new Map<string, { write: AuditWrite; run: Promise<void> }>();
  const inFlight = new Set<Promise<void>>();
  let dropped = 0;
  let failed = 0;
  let lastLog = 0;

  function logProblems(error?: unknown) {
    const now = Date.now();
    if (now - lastLog < LOG_EVERY_MS) return;
    lastLog = now;
    logger.warn('audit events not recorded', { dropped, failed, ...(error ? { error } : {}) });
    dropped = 0;
    failed = 0;
  }

  /** Queues a write; `mergeKey` (a bound event's key and subject) merges a repeat into the write still waiting. */
  function enqueue(write: AuditWrite, mergeKey: string | null = null) {
    const trail = requests.getStore();
    if (trail) trail.recorded = true;
    const already = mergeKey ? waiting.get(mergeKey) : undefined;
    if (already) {
      already.write.count += 1;
      already.write.lastAt = write.at;
      trail?.writes.push(already.run);
      return;
    }
    if (limit.activeCount + limit.pendingCount >= AUDIT_QUEUE_MAX) {
      dropped += 1;
      logProblems();
      return;
    }
    const run = limit(async () => {
      // From here on, a repeat starts a write of its own (which adds to this row).
      if (mergeKey) waiting.delete(mergeKey);
      try {
        await repository.write(write);
      } catch (error) {
        failed += 1;
        logProblems(error);
      }
    });
    if (mergeKey) waiting.set(mergeKey, { write, run });
    trail?.writes.push(run);
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  /** A write from the request (`ctx`, else the one being answered): its address and browser. */
  function writeOf(type: AuditEventType, subject: AuditSubject, ctx: RequestLike | null | undefined, details: AuditDetails = {}): AuditWrite {
    const request = ctx ?? requests.getStore()?.ctx ?? null;
    const now = new Date();
    return {
      type,
      subject,
      actorId: null,
      actorUsername: null,
      ip: request ? clientAddress(request) : null,
      userAgent: request ? userAgentOf(request) : null,
      details,
      count: 1,
      at: now,
      lastAt: now,
      boundKey: null,
    };
  }

  /** Queues an event kept once per `period` for its type, `key` and subject (`subjectKey` tells subjects apart before the write finds them). */
  function recordBound(write: AuditWrite, key: string, subjectKey: string, period: Period) {
    write.boundKey = `${write.type}:${key}:${Math.floor(Date.now() / 1000 / PERIOD_SECONDS[period])}`;
    enqueue(write, `${write.boundKey}|${subjectKey}`);
  }

  /** Never let recording fail the caller. */
  const safely =
    <A extends unknown[]>(record: (...args: A) => void) =>
    (...args: A): void => {
      try {
        record(...args);
      } catch (error) {
        failed += 1;
        logProblems(error);
      }
    };

  return {
    record: safely((event: AuditRecord, ctx?: RequestLike | null) => {
      const request = ctx ?? requests.getStore()?.ctx ?? null;
      const actor = request?.state.actor ?? null;
      const userId = event.userId === undefined ? (actor?.id ?? null) : event.userId;
      const write = writeOf(event.type, { kind: 'user', userId, ...(event.username !== undefined ? { username: event.username } : {}) }, request, boundedDetails(event.details));
      if (actor && actor.id !== userId) {
        write.actorId = actor.id;
        write.actorUsername = actor.username;
      }
      enqueue(write);
    }),

    signedIn: safely((ctx: RequestLike, userId: string) => enqueue(writeOf('sign_in', { kind: 'user', userId }, ctx))),
    signedOut: safely((ctx: RequestLike, userId: string) => enqueue(writeOf('sign_out', { kind: 'user', userId }, ctx))),

    signInFailed: safely((who: { usernameTried: string } | { userId: string }, reason: SignInFailureReason, ctx?: RequestLike | null) => {
      const subject: AuditSubject = 'userId' in who ? { kind: 'user', userId: who.userId } : { kind: 'username', username: who.usernameTried.slice(0, 64) };
      const write = writeOf('sign_in_failed', subject, ctx, { reason });
      const subjectKey = subject.kind === 'user' ? subject.userId! : subject.username.toLowerCase();
      recordBound(write, `${addressKey(write.ip ?? '-')}:${reason}`, subjectKey, 'minute');
    }),

    apiTokenUsed: safely((ctx: RequestLike, tokenId: string) => recordBound(writeOf('api_token_used', { kind: 'api-token', tokenId }, ctx), '', tokenId, 'hour')),

    shareLinkUsed: safely((ctx: RequestLike, token: string, answer: 'opened' | 'done' | 'proposal' | 'comment') => {
      const tokenHash = secretHash(token);
      if (answer === 'opened') recordBound(writeOf('share_link_opened', { kind: 'share-link', tokenHash }, ctx), '', tokenHash.toString('hex'), 'hour');
      else recordBound(writeOf('share_link_answered', { kind: 'share-link', tokenHash }, ctx, { answer }), answer, tokenHash.toString('hex'), 'minute');
    }),

    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
