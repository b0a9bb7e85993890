import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BillingPeriod, BillingSettings } from '@daybook/shared';
import { afterKeys, cursorKeysColumn, orderByKeys, pageOf, type SortKey, type WithCursorKeys } from '../../db/keyset';
import { isoInstantSql } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** An instant window `[start, end)`: the local days of a period in the user's timezone. */
export interface InstantWindow {
  start: Date;
  end: Date;
}

/** Which entries a statement reads: the report's window in the user's timezone, one client or all. */
export interface EntryScope {
  userId: string;
  timeZone: string;
  window: InstantWindow;
  clientId: string | null;
}

/** A client as billing reads it. */
export interface BillingClient {
  id: string;
  name: string;
  color: string;
  sortOrder: number;
  /** Its own rate, or null for the default. */
  hourlyRateMinor: number | null;
}

/**
 * Seconds of ended time on one task of one client on one local day (the day an entry starts):
 * tracked (every ended entry), billable, and unbilled (billable, no period yet).
 */
export interface TimeCell {
  clientId: string;
  taskId: string | null;
  date: string;
  trackedSeconds: number;
  billableSeconds: number;
  unbilledSeconds: number;
}

/** The report's aggregate: the cells with their clients and task titles, and the entries still running. */
export interface ReportRows {
  cells: TimeCell[];
  clients: BillingClient[];
  taskTitles: Map<string, string>;
  runningEntries: number;
}

/** One ended entry, for the CSV. */
export interface EntryRow {
  id: string;
  clientId: string;
  taskId: string | null;
  taskTitle: string | null;
  date: string;
  seconds: number;
  note: string;
  billable: boolean;
  billed: boolean;
}

/** An entry "mark as billed" is about to stamp. */
export interface UnbilledEntry {
  id: string;
  seconds: number;
}

export interface NewBillingPeriod {
  clientId: string;
  billedAt: Date;
  from: string;
  to: string;
  entryCount: number;
  seconds: number;
  hoursHundredths: number;
  rateMinor: number;
  amountMinor: number;
  currency: string;
}

export interface ClientTotalsRow {
  clientId: string;
  unbilledSeconds: number;
  weekTrackedSeconds: number;
}

/** An entry's length in whole seconds (an entry ending before it starts counts 0). */
const SECONDS = `greatest(0, round(extract(epoch from (te.ended_at - te.started_at))))::bigint`;
/** The local day an entry starts on, in the zone bound first. */
const LOCAL_DAY = `(te.started_at at time zone ?)::date`;

/** The entries of a scope: the user's, with a client, starting inside the window (the (user, started_at) index). */
function scopeWhere(scope: EntryScope): { sql: string; params: unknown[] } {
  const clientSql = scope.clientId ? ' and te.client_id = ?' : '';
  return {
    sql: `te.user_id = ? and te.client_id is not null and te.started_at >= ? and te.started_at < ?${clientSql}`,
    params: [scope.userId, scope.window.start, scope.window.end, ...(scope.clientId ? [scope.clientId] : [])],
  };
}

const PERIOD_SELECT = `p.id, p.client_id as "clientId", c.name as "clientName", p.from_date::text as "from", p.to_date::text as "to",
  ${isoInstantSql('p.billed_at')} as "billedAt", p.entry_count as "entryCount", p.seconds::float8 as "seconds",
  p.hours_hundredths::float8 / 100 as "hours", p.rate_minor as "rateMinor", p.amount_minor::float8 as "amountMinor", p.currency`;

const PERIOD_KEYS: readonly SortKey[] = [
  { sql: 'p.billed_at', direction: 'desc', cast: 'timestamptz' },
  { sql: 'p.id', direction: 'desc', cast: 'uuid' },
];

/** Billing's SQL (DECISIONS 31), every statement scoped by the owner: another user's ids read as missing. */
export interface BillingRepository extends UnitOfWork {
  /** The user's settings, or null before they saved any. */
  settings(userId: string): Promise<BillingSettings | null>;
  saveSettings(userId: string, settings: BillingSettings): Promise<void>;
  /** Inside a transaction: serialises the user's billing writes for one client (or, with null, settings changes) until it ends. */
  lock(userId: string, clientId: string | null): Promise<void>;
  /** The highest rate among the user's clients, or null when none has one. */
  highestClientRate(userId: string): Promise<number | null>;
  /** Multiplies every client rate of the user by `multiplier / divisor`, rounded half up (a currency change). */
  rescaleClientRates(userId: string, multiplier: number, divisor: number): Promise<void>;
  /** The user's client, its row share-locked inside a transaction when `lock`; null when there is no such client of the user. */
  client(userId: string, clientId: string, lock?: boolean): Promise<BillingClient | null>;
  /** The user's clients in client order. */
  clients(userId: string): Promise<BillingClient[]>;
  /**
   * One aggregate: the scope's ended time by client, task and local day, with the clients and task titles,
   * and how many of its entries still run; null when it has more than `limit` cells.
   */
  report(scope: EntryScope, limit: number): Promise<ReportRows | null>;
  /** The scope's ended billable entries (only the unbilled ones when `unbilledOnly`), at most `limit`, in client and time order. */
  entries(scope: EntryScope, unbilledOnly: boolean, limit: number): Promise<EntryRow[]>;
  /** Inside a transaction: the client's unbilled, billable, ended entries of the window, their rows locked. */
  lockUnbilled(userId: string, clientId: string, window: InstantWindow): Promise<UnbilledEntry[]>;
  insertPeriod(userId: string, period: NewBillingPeriod, entryIds: readonly string[]): Promise<BillingPeriod>;
  /** A page of the user's periods, newest first; null for a cursor that is not one of this list's. */
  periods(userId: string, clientId: string | null, limit: number, cursor: string[] | null): Promise<{ items: BillingPeriod[]; nextCursor: string | null }>;
  /** The user's period, or null. */
  findPeriod(userId: string, id: string): Promise<BillingPeriod | null>;
  /** Deletes the period: its entries become unbilled (the foreign key sets null). */
  deletePeriod(userId: string, id: string): Promise<boolean>;
  /** Per client of the user (all, or one): unbilled seconds of all time and tracked seconds in the window. */
  clientTotals(userId: string, week: InstantWindow, clientId: string | null): Promise<ClientTotalsRow[]>;
}

export const PERIOD_SORT_KEYS = PERIOD_KEYS;

export function createBillingRepository(rootEm: EntityManager): BillingRepository {
  const { db, transaction } = dataAccess(rootEm);
  const CLIENT_SELECT = `c.id, c.name, c.color, c.sort_order as "sortOrder", c.hourly_rate_minor as "hourlyRateMinor"`;

  return {
    transaction,

    async settings(userId) {
      const [row] = await db().execute<BillingSettings[]>(
        `select currency, default_hourly_rate_minor as "defaultHourlyRateMinor" from billing_settings where user_id = ?`,
        [userId],
      );
      return row ?? null;
    },

    async saveSettings(userId, settings) {
      await db().execute(
        `insert into billing_settings (user_id, currency, default_hourly_rate_minor) values (?, ?, ?)
         on conflict (user_id) do update set currency = excluded.currency, default_hourly_rate_minor = excluded.default_hourly_rate_minor, updated_at = now()`,
        [userId, settings.currency, settings.defaultHourlyRateMinor],
        'run',
      );
    },

    async lock(userId, clientId) {
      await db().execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:billing:${userId}:${clientId ?? 'settings'}`]);
    },

    async highestClientRate(userId) {
      const [row] = await db().execute<{ rate: number | null }[]>('select max(hourly_rate_minor) as rate from clients where user_id = ?', [userId]);
      return row?.rate ?? null;
    },

    async rescaleClientRates(userId, multiplier, divisor) {
      await db().execute(
        `update clients set hourly_rate_minor = (hourly_rate_minor::bigint * ? * 2 + ?) / (2 * ?), updated_at = now()
          where user_id = ? and hourly_rate_minor is not null`,
        [multiplier, divisor, divisor, userId],
        'run',
      );
    },

    async client(userId, clientId, lock = false) {
      const [row] = await db().execute<BillingClient[]>(
        `select ${CLIENT_SELECT} from clients c where c.user_id = ? and c.id = ?${lock ? ' for share' : ''}`,
        [userId, clientId],
      );
      return row ?? null;
    },

    clients: (userId) => db().execute<BillingClient[]>(`select ${CLIENT_SELECT} from clients c where c.user_id = ? order by c.sort_order, c.name, c.id`, [userId]),

    async report(scope, limit) {
      const where = scopeWhere(scope);
      const rows = await db().execute<
        Array<{ clientId: string; taskId: string | null; date: string; tracked: string; billable: string; unbilled: string; running: number; taskTitle: string | null } & Omit<BillingClient, 'id'>>
      >(
        `with cells as (
           select te.client_id, te.task_id, ${LOCAL_DAY} as day,
                  coalesce(sum(${SECONDS}) filter (where te.ended_at is not null), 0)::bigint as tracked,
                  coalesce(sum(${SECONDS}) filter (where te.ended_at is not null and te.billable), 0)::bigint as billable,
                  coalesce(sum(${SECONDS}) filter (where te.ended_at is not null and te.billable and te.billing_period_id is null), 0)::bigint as unbilled,
                  (count(*) filter (where te.ended_at is null))::int as running
             from time_entries te
            where ${where.sql}
            group by 1, 2, 3
            limit ?
         )
         select cells.client_id as "clientId", cells.task_id as "taskId", cells.day::text as "date", cells.tracked, cells.billable, cells.unbilled, cells.running,
                t.title as "taskTitle", c.name, c.color, c.sort_order as "sortOrder", c.hourly_rate_minor as "hourlyRateMinor"
           from cells
           join clients c on c.id = cells.client_id and c.user_id = ?
           left join tasks t on t.id = cells.task_id and t.user_id = ?`,
        [scope.timeZone, ...where.params, limit + 1, scope.userId, scope.userId],
      );
      if (rows.length > limit) return null;
      const cells: TimeCell[] = [];
      const clients = new Map<string, BillingClient>();
      const taskTitles = new Map<string, string>();
      let runningEntries = 0;
      for (const row of rows) {
        runningEntries += row.running;
        const tracked = Number(row.tracked);
        if (tracked === 0) continue;
        cells.push({ clientId: row.clientId, taskId: row.taskId, date: row.date, trackedSeconds: tracked, billableSeconds: Number(row.billable), unbilledSeconds: Number(row.unbilled) });
        clients.set(row.clientId, { id: row.clientId, name: row.name, color: row.color, sortOrder: row.sortOrder, hourlyRateMinor: row.hourlyRateMinor });
        if (row.taskId && row.taskTitle !== null) taskTitles.set(row.taskId, row.taskTitle);
      }
      return { cells, clients: [...clients.values()], taskTitles, runningEntries };
    },

    async entries(scope, unbilledOnly, limit) {
      const where = scopeWhere(scope);
      const rows = await db().execute<Array<Omit<EntryRow, 'seconds'> & { seconds: string }>>(
        `select te.id, te.client_id as "clientId", te.task_id as "taskId", t.title as "taskTitle", ${LOCAL_DAY}::text as "date",
                ${SECONDS} as "seconds", te.note, te.billable, te.billing_period_id is not null as "billed"
           from time_entries te
           join clients c on c.id = te.client_id and c.user_id = te.user_id
           left join tasks t on t.id = te.task_id and t.user_id = te.user_id
          where ${where.sql} and te.ended_at is not null and te.billable${unbilledOnly ? ' and te.billing_period_id is null' : ''}
          order by c.sort_order, c.name, c.id, te.started_at, te.id
          limit ?`,
        [scope.timeZone, ...where.params, limit],
      );
      return rows.map((row) => ({ ...row, seconds: Number(row.seconds) }));
    },

    async lockUnbilled(userId, clientId, window) {
      const rows = await db().execute<Array<{ id: string; seconds: string }>>(
        `select te.id, ${SECONDS} as "seconds"
           from time_entries te
          where te.user_id = ? and te.client_id = ? and te.started_at >= ? and te.started_at < ?
            and te.ended_at is not null and te.billable and te.billing_period_id is null
          order by te.id
            for update`,
        [userId, clientId, window.start, window.end],
      );
      return rows.map((row) => ({ id: row.id, seconds: Number(row.seconds) }));
    },

    async insertPeriod(userId, period, entryIds) {
      const id = randomUUID();
      await db().execute(
        `insert into billing_periods (id, user_id, client_id, from_date, to_date, billed_at, entry_count, seconds, hours_hundredths, rate_minor, amount_minor, currency)
         values (?, ?, ?, ?::date, ?::date, ?, ?, ?, ?, ?, ?, ?)`,
        [id, userId, period.clientId, period.from, period.to, period.billedAt, period.entryCount, period.seconds, period.hoursHundredths, period.rateMinor, period.amountMinor, period.currency],
        'run',
      );
      const stamped = await db().execute<{ affectedRows: number }>(
        `update time_entries set billing_period_id = ?, updated_at = now()
          where user_id = ? and id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
        [id, userId, JSON.stringify(entryIds)],
        'run',
      );
      if (stamped.affectedRows !== entryIds.length) throw new Error(`billing: stamped ${stamped.affectedRows} of ${entryIds.length} entries`);
      const [row] = await db().execute<BillingPeriod[]>(`select ${PERIOD_SELECT} from billing_periods p join clients c on c.id = p.client_id where p.id = ?`, [id]);
      return row!;
    },

    async periods(userId, clientId, limit, cursor) {
      const after = cursor ? afterKeys(PERIOD_KEYS, cursor) : null;
      const rows = await db().execute<Array<BillingPeriod & WithCursorKeys>>(
        `select ${PERIOD_SELECT}, ${cursorKeysColumn(PERIOD_KEYS)}
           from billing_periods p join clients c on c.id = p.client_id
          where p.user_id = ?${clientId ? ' and p.client_id = ?' : ''}${after ? ` and ${after.sql}` : ''}
          order by ${orderByKeys(PERIOD_KEYS)}
          limit ?`,
        [userId, ...(clientId ? [clientId] : []), ...(after ? after.params : []), limit + 1],
      );
      return pageOf(rows, limit);
    },

    async findPeriod(userId, id) {
      const [row] = await db().execute<BillingPeriod[]>(
        `select ${PERIOD_SELECT} from billing_periods p join clients c on c.id = p.client_id where p.user_id = ? and p.id = ?`,
        [userId, id],
      );
      return row ?? null;
    },

    async deletePeriod(userId, id) {
      const result = await db().execute<{ affectedRows: number }>('delete from billing_periods where user_id = ? and id = ?', [userId, id], 'run');
      return result.affectedRows > 0;
    },

    async clientTotals(userId, week, clientId) {
      const rows = await db().execute<Array<{ clientId: string; unbilled: string; week: string }>>(
        `select te.client_id as "clientId",
                coalesce(sum(${SECONDS}) filter (where te.billable and te.billing_period_id is null), 0)::bigint as "unbilled",
                coalesce(sum(${SECONDS}) filter (where te.started_at >= ? and te.started_at < ?), 0)::bigint as "week"
           from time_entries te
          where te.user_id = ? and te.client_id is not null and te.ended_at is not null${clientId ? ' and te.client_id = ?' : ''}
            and ((te.billable and te.billing_period_id is null) or (te.started_at >= ? and te.started_at < ?))
          group by te.client_id`,
        [week.start, week.end, userId, ...(clientId ? [clientId] : []), week.start, week.end],
      );
      return rows.map((row) => ({ clientId: row.clientId, unbilledSeconds: Number(row.unbilled), weekTrackedSeconds: Number(row.week) }));
    },
  };
}
