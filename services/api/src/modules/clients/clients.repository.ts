import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client as ClientDto, ClientUpdateBody } from '@daybook/shared';
import { columnMap } from '../../db/column-map';
import { countForQuota } from '../../db/quota';
import { jsonParam } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** The `clients` table (alias `c`). */
const CLIENT = columnMap<ClientDto>()('c', {
  id: { column: 'id' },
  name: { column: 'name', writable: true },
  color: { column: 'color', writable: true },
  sortOrder: { column: 'sort_order', writable: true },
  createdAt: { column: 'created_at', kind: 'instant' },
  updatedAt: { column: 'updated_at', kind: 'instant' },
});

/** A write refused by `clients_user_name_lower_unique`: the user has a client of that name, in any case (DECISIONS 24). */
export const NAME_TAKEN = 'name-taken';

const isNameTaken = (error: unknown) =>
  error instanceof UniqueConstraintViolationException && (error as { constraint?: unknown }).constraint === 'clients_user_name_lower_unique';

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
  insert(userId: string, fields: { name: string; color: string }): Promise<ClientDto | typeof NAME_TAKEN>;
  /** Writes the fields the patch gives (none: answers the client as it is); null: no such client of the user. */
  update(userId: string, id: string, patch: ClientUpdateBody): Promise<ClientDto | null | typeof NAME_TAKEN>;
  /** False when the user has no such client. */
  remove(userId: string, id: string): Promise<boolean>;
  /**
   * Inside a transaction: locks the user's clients among `orders` in one fixed order (so simultaneous
   * reorders queue up instead of deadlocking), then sets their sortOrder; answers how many it set.
   */
  setSortOrders(userId: string, orders: readonly { id: string; sortOrder: number }[]): Promise<number>;
  /** The names of the user's first `limit` clients in their order, for the task assistant. */
  names(userId: string, limit: number): Promise<string[]>;
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
        `insert into clients as c (id, user_id, name, color, sort_order)
         values (?, ?, ?, ?, (select case when coalesce(max(sort_order), 0) > 0 then max(sort_order) + 1 else 0 end
                                from clients where user_id = ?))
         on conflict do nothing
         returning ${CLIENT.select}`,
        [randomUUID(), userId, fields.name, fields.color, userId],
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

    async names(userId, limit) {
      const rows = await db().execute<{ name: string }[]>('select name from clients where user_id = ? order by sort_order, name limit ?', [userId, limit]);
      return rows.map((row) => row.name);
    },
  };
}
