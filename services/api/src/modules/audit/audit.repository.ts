import type { EntityManager } from '@mikro-orm/postgresql';
import { AUDIT_CATEGORIES, type AuditCategory, type AuditEventType, type PageQuery } from '@daybook/shared';
import { afterKeys, cursorKeysColumn, decodeCursor, orderByKeys, pageOf, type SortKey, type WithCursorKeys } from '../../db/keyset';
import { isoInstantSql, jsonParam } from '../../db/sql';

/** A few plain facts of an event; never a secret. */
export type AuditDetails = Record<string, string | number | boolean | null>;

/**
 * Whom an event concerns, as the write finds it in the database (so the request that records it never
 * waits for a look-up):
 * - `user`: an account by id (null: none); `username` keeps a name the row will no longer give (a deleted account);
 * - `username`: the account a sign-in named, if one has that name (the row keeps the name tried);
 * - `api-token`: the owner of a token (the details get its name);
 * - `share-link`: the owner of a shared task's link, by its token's hash (the details get the contact and task).
 * An `api-token` or `share-link` that no longer exists records nothing.
 */
export type AuditSubject =
  | { kind: 'user'; userId: string | null; username?: string | null }
  | { kind: 'username'; username: string }
  | { kind: 'api-token'; tokenId: string }
  | { kind: 'share-link'; tokenHash: Buffer };

/** One row to write: `count` occurrences; with `boundKey`, added to the row of that key (and subject) if there is one. */
export interface AuditWrite {
  type: AuditEventType;
  subject: AuditSubject;
  actorId: string | null;
  actorUsername: string | null;
  ip: string | null;
  userAgent: string | null;
  details: AuditDetails;
  count: number;
  /** When it happened (the write comes a little later), and for repeats counted in `count`, the last time. */
  at: Date;
  lastAt: Date;
  /** The event's kind, key and period; the subject's id is appended, so one subject's events never add to another's. */
  boundKey: string | null;
}

/** Per subject kind: the rows it comes from and, from them, the account, its name, a key for `boundKey` and details to add. */
function subjectSql(subject: AuditSubject): { from: string; params: unknown[]; userId: string; username: string; key: string; details: string } {
  switch (subject.kind) {
    case 'user':
      return {
        from: '(select ?::uuid as id) s left join users u on u.id = s.id',
        params: [subject.userId],
        userId: 'u.id',
        username: `coalesce(${subject.username === undefined ? 'null' : '?::text'}, u.username)`,
        key: `coalesce(s.id::text, '-')`,
        details: "'{}'::jsonb",
      };
    case 'username':
      return {
        from: '(select ?::text as name) s left join users u on lower(u.username) = lower(s.name)',
        params: [subject.username],
        userId: 'u.id',
        username: 's.name',
        key: `coalesce(u.id::text, '-')`,
        details: "'{}'::jsonb",
      };
    case 'api-token':
      return {
        from: 'api_tokens t join users u on u.id = t.user_id where t.id = ?',
        params: [subject.tokenId],
        userId: 'u.id',
        username: 'u.username',
        key: 't.id::text',
        details: `jsonb_build_object('token', t.name)`,
      };
    case 'share-link':
      return {
        from: `task_shares l join users u on u.id = l.user_id join tasks t on t.id = l.task_id join delegation_contacts c on c.id = l.contact_id
               where l.token_hash = ?`,
        params: [subject.tokenHash],
        userId: 'u.id',
        username: 'u.username',
        key: 'l.id::text',
        details: `jsonb_build_object('contact', c.name, 'task', left(t.title, 100))`,
      };
  }
}

/** An event as the logs answer it, before its User-Agent is described. */
export interface AuditRow {
  id: string;
  type: AuditEventType;
  at: string;
  lastAt: string;
  count: number;
  userId: string | null;
  username: string | null;
  actorUsername: string | null;
  address: string | null;
  userAgent: string | null;
  details: AuditDetails;
}

const EVENT = `a.id, a.type, ${isoInstantSql('a.created_at')} as "at", ${isoInstantSql('a.last_at')} as "lastAt", a.count,
  a.user_id as "userId", a.username, a.actor_username as "actorUsername", a.ip as address, a.user_agent as "userAgent", a.details`;

/** Newest first: `audit_events_user_idx`, `audit_events_created_idx`, `audit_events_type_idx`. */
const ORDER: readonly SortKey[] = [
  { sql: 'a.created_at', direction: 'desc', cast: 'timestamptz' },
  { sql: 'a.id', direction: 'desc', cast: 'uuid' },
];

/** Which events a page holds. `userId: undefined` is every account's (the admin's log). */
export interface AuditFilters {
  userId?: string | undefined;
  type?: AuditEventType | undefined;
  category?: AuditCategory | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** How much the log keeps (docs/administration.md, "Audit log"). */
export interface AuditRetention {
  /** Events older than this many days are deleted (AUDIT_RETENTION_DAYS). */
  days: number;
  /** The newest this many of each account's events are kept. */
  perUser: number;
  /** And of the events of no account (sign-ins with unknown usernames, deleted accounts). */
  unattributed: number;
}

/** Deletes are done this many rows at a time, so each statement stays well inside the statement time limit. */
const PRUNE_BATCH = 5_000;

export interface AuditRepository {
  write(event: AuditWrite): Promise<void>;
  /** A page of events, newest first; null when the cursor is not one this log made. */
  page(filters: AuditFilters, page: PageQuery): Promise<{ items: AuditRow[]; nextCursor: string | null } | null>;
  /** Deletes what the retention no longer keeps; answers how many events went. */
  prune(retention: AuditRetention): Promise<number>;
}

/**
 * The SQL of the audit log. Writes run on the root connection, outside any request's transaction: an event is
 * recorded whether or not the work that caused it commits later, and never holds up that work.
 */
export function createAuditRepository(rootEm: EntityManager): AuditRepository {
  const db = () => rootEm.getConnection();

  /** Deletes by id from the ids `select` answers (at most PRUNE_BATCH), until a batch comes back short. */
  async function deleteInBatches(select: string, params: unknown[]): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await db().execute<{ affectedRows: number }>(
        `delete from audit_events where id in (${select} limit ${PRUNE_BATCH})`,
        params,
        'run',
      );
      total += result.affectedRows;
      if (result.affectedRows < PRUNE_BATCH) return total;
    }
  }

  return {
    async write(event) {
      const subject = subjectSql(event.subject);
      const usernameParams = event.subject.kind === 'user' && event.subject.username !== undefined ? [event.subject.username] : [];
      await db().execute(
        `insert into audit_events as a (type, user_id, username, actor_id, actor_username, ip, user_agent, details, count, created_at, last_at, bound_key)
         select ?, ${subject.userId}, ${subject.username}, (select id from users where id = ?::uuid), ?, ?, ?, ${subject.details} || ?::jsonb, ?,
                ?::timestamptz, ?::timestamptz, case when ?::text is null then null else ?::text || ':' || ${subject.key} end
           from ${subject.from}
         on conflict (bound_key) where bound_key is not null
         do update set count = a.count + excluded.count, last_at = greatest(a.last_at, excluded.last_at)`,
        [
          event.type,
          ...usernameParams,
          event.actorId,
          event.actorUsername,
          event.ip,
          event.userAgent,
          JSON.stringify(event.details),
          event.count,
          event.at,
          event.lastAt,
          event.boundKey,
          event.boundKey,
          ...subject.params,
        ],
        'run',
      );
    },

    async page(filters, page) {
      const conditions: string[] = [];
      const params: unknown[] = [];
      if (filters.userId !== undefined) {
        conditions.push('a.user_id = ?');
        params.push(filters.userId);
      }
      if (filters.type) {
        conditions.push('a.type = ?');
        params.push(filters.type);
      }
      if (filters.category) {
        conditions.push('a.type in (select jsonb_array_elements_text(?::jsonb))');
        params.push(jsonParam(AUDIT_CATEGORIES[filters.category]));
      }
      if (filters.from) {
        conditions.push('a.created_at >= ?::timestamptz');
        params.push(filters.from);
      }
      if (filters.to) {
        conditions.push('a.created_at < ?::timestamptz');
        params.push(filters.to);
      }
      if (page.cursor) {
        const after = decodeCursor(page.cursor, ORDER);
        if (!after) return null;
        const condition = afterKeys(ORDER, after);
        conditions.push(condition.sql);
        params.push(...condition.params);
      }
      const rows = await db().execute<(AuditRow & WithCursorKeys)[]>(
        `select ${EVENT}, ${cursorKeysColumn(ORDER)} from audit_events a
          ${conditions.length ? `where ${conditions.join(' and ')}` : ''}
          order by ${orderByKeys(ORDER)} limit ?`,
        [...params, page.limit + 1],
      );
      return pageOf(rows, page.limit);
    },

    async prune(retention) {
      let deleted = await deleteInBatches(`select id from audit_events where created_at < now() - make_interval(days => ?::int)`, [retention.days]);
      // Each account over its cap loses its oldest events; so do the events of no account.
      const over = await db().execute<{ user_id: string | null }[]>(
        `select user_id from audit_events group by user_id having count(*) > case when user_id is null then ?::int else ?::int end`,
        [retention.unattributed, retention.perUser],
      );
      for (const { user_id: userId } of over) {
        const owner = userId === null ? 'user_id is null' : 'user_id = ?';
        const keep = userId === null ? retention.unattributed : retention.perUser;
        deleted += await deleteInBatches(
          `select id from audit_events where ${owner} order by created_at desc, id desc offset ${keep}`,
          userId === null ? [] : [userId],
        );
      }
      return deleted;
    },
  };
}
