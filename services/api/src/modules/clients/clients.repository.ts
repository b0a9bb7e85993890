import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client as ClientDto, ClientUpdateBody } from '@daybook/shared';
import { columnMap } from '../../db/column-map';
import { countForQuota } from '../../db/quota';
import { jsonParam, TEXT_ARRAY_PARAM } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** The `clients` table (alias `c`). */
const CLIENT = columnMap<ClientDto>()('c', {
  id: { column: 'id' },
  name: { column: 'name', writable: true },
  color: { column: 'color', writable: true },
  aliases: { column: 'aliases', kind: 'list', writable: true },
  sortOrder: { column: 'sort_order', writable: true },
  hourlyRateMinor: { column: 'hourly_rate_minor', writable: true },
  billable: { column: 'billable', writable: true },
  createdAt: { column: 'created_at', kind: 'instant' },
  updatedAt: { column: 'updated_at', kind: 'instant' },
});

/** A write refused by `clients_user_name_lower_unique`: the user has a client of that name, in any case (DECISIONS 24). */
export const NAME_TAKEN = 'name-taken';

const isNameTaken = (error: unknown) =>
  error instanceof UniqueConstraintViolationException && (error as { constraint?: unknown }).constraint === 'clients_user_name_lower_unique';

/** One of the names a client answers to (its name or an alias) that another client of the user answers to already. */
export interface TakenName {
  /** The text as given. */
  given: string;
  /** True when it is the other client's name, false when one of its aliases. */
  asName: boolean;
}

/** What a new client is made of. */
export interface NewClient {
  name: string;
  color: string;
  aliases: readonly string[];
  hourlyRateMinor: number | null;
  billable: boolean;
}

/** A client as task capture reads it: its id, name and aliases. */
export type CaptureClientRow = Pick<ClientDto, 'id' | 'name' | 'aliases'>;

/** The SQL of clients, every statement scoped by the owner (DECISIONS 8): another user's id reads as missing. */
export interface ClientsRepository extends UnitOfWork {
  /** The user's clients, roughly in the shared order (sortOrder, name; the service sorts exactly). */
  list(userId: string): Promise<ClientDto[]>;
  /** Inside a transaction: how many clients the user has, up to the quota (DECISIONS 22), holding the quota's lock. */
  countForQuota(userId: string): Promise<number>;
  /**
   * A new client, placed by name among the unordered ones (sortOrder 0, spec §3) until the user has a
   * manual order, then after its end.
   */
  insert(userId: string, fields: NewClient): Promise<ClientDto | typeof NAME_TAKEN>;
  /** Writes the fields the patch gives (none: answers the client as it is); null: no such client of the user. */
  update(userId: string, id: string, patch: ClientUpdateBody): Promise<ClientDto | null | typeof NAME_TAKEN>;
  /** False when the user has no such client. */
  remove(userId: string, id: string): Promise<boolean>;
  /**
   * Inside a transaction: locks the user's clients among `orders` in one fixed order (so simultaneous
   * reorders queue up instead of deadlocking), then sets their sortOrder; answers how many it set.
   */
  setSortOrders(userId: string, orders: readonly { id: string; sortOrder: number }[]): Promise<number>;
  /** The user's client, or null. */
  find(userId: string, id: string): Promise<ClientDto | null>;
  /**
   * Inside a transaction: serialises the writes of the user's client names and aliases until it ends, so
   * that two requests cannot give two clients the same alias (the unique index covers names only).
   */
  lockNames(userId: string): Promise<void>;
  /**
   * Which of `names` another of the user's clients (not `exceptId`) answers to already, as its name or one
   * of its aliases, ignoring letter case; in the order of `names`.
   */
  takenNames(userId: string, names: readonly string[], exceptId: string | null): Promise<TakenName[]>;
  /** The user's first `limit` clients in their order with their aliases, for task capture. */
  forCapture(userId: string, limit: number): Promise<CaptureClientRow[]>;
}

export function createClientsRepository(rootEm: EntityManager): ClientsRepository {
  const { db, transaction } = dataAccess(rootEm);
  const one = (rows: ClientDto[]) => rows[0] ?? null;
  const get = async (userId: string, id: string) =>
    one(await db().execute<ClientDto[]>(`select ${CLIENT.select} from clients c where c.user_id = ? and c.id = ?`, [userId, id]));

  return {
    transaction,

    list: (userId) => db().execute<ClientDto[]>(`select ${CLIENT.select} from clients c where c.user_id = ? order by c.sort_order, c.name, c.id`, [userId]),

    countForQuota: (userId) => countForQuota(db(), userId, 'clients', 'from clients where user_id = ?'),

    async insert(userId, fields) {
      const rows = await db().execute<ClientDto[]>(
        `insert into clients as c (id, user_id, name, color, aliases, hourly_rate_minor, billable, sort_order)
         values (?, ?, ?, ?, ${TEXT_ARRAY_PARAM}, ?, ?, (select case when coalesce(max(sort_order), 0) > 0 then max(sort_order) + 1 else 0 end
                                from clients where user_id = ?))
         on conflict do nothing
         returning ${CLIENT.select}`,
        [randomUUID(), userId, fields.name, fields.color, jsonParam(fields.aliases), fields.hourlyRateMinor, fields.billable, userId],
      );
      return one(rows) ?? NAME_TAKEN;
    },

    async update(userId, id, patch) {
      const { set, params } = CLIENT.assignments(patch);
      if (!set) return get(userId, id);
      try {
        const rows = await db().execute<ClientDto[]>(
          `update clients c set ${set}, updated_at = now() where c.user_id = ? and c.id = ? returning ${CLIENT.select}`,
          [...params, userId, id],
        );
        return one(rows);
      } catch (error) {
        if (isNameTaken(error)) return NAME_TAKEN;
        throw error;
      }
    },

    async remove(userId, id) {
      const result = await db().execute<QueryResult>('delete from clients where user_id = ? and id = ?', [userId, id], 'run');
      return result.affectedRows > 0;
    },

    async setSortOrders(userId, orders) {
      const rows = jsonParam(orders.map((order) => ({ id: order.id, sort_order: order.sortOrder })));
      await db().execute(
        `select c.id from clients c where c.user_id = ? and c.id in (select v.id from jsonb_to_recordset(?::jsonb) as v(id uuid))
          order by c.id for update`,
        [userId, rows],
      );
      const result = await db().execute<QueryResult>(
        `update clients c set sort_order = v.sort_order, updated_at = now()
           from jsonb_to_recordset(?::jsonb) as v(id uuid, sort_order int)
          where c.id = v.id and c.user_id = ?`,
        [rows, userId],
        'run',
      );
      return result.affectedRows;
    },

    find: (userId, id) => get(userId, id),

    async lockNames(userId) {
      await db().execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:client-names:${userId}`]);
    },

    async takenNames(userId, names, exceptId) {
      if (names.length === 0) return [];
      const rows = await db().execute<Array<TakenName & { position: number }>>(
        `select given.value as "given", min(given.position)::int as "position", bool_or(lower(c.name) = lower(given.value)) as "asName"
           from jsonb_array_elements_text(?::jsonb) with ordinality as given(value, position)
           join clients c on c.user_id = ? and c.id is distinct from ?::uuid
                         and (lower(c.name) = lower(given.value) or lower(given.value) = any(select lower(a) from unnest(c.aliases) a))
          group by given.value
          order by 2`,
        [jsonParam(names), userId, exceptId],
      );
      return rows.map(({ given, asName }) => ({ given, asName }));
    },

    forCapture: (userId, limit) =>
      db().execute<CaptureClientRow[]>('select c.id, c.name, c.aliases from clients c where c.user_id = ? order by c.sort_order, c.name, c.id limit ?', [userId, limit]),
  };
}
