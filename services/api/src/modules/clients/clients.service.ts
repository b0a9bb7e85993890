import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  sortClients,
  type Client as ClientDto,
  type ClientCreateBody,
  type ClientReorderBody,
  type ClientUpdateBody,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { assertQuotaRoom } from '../../db/quota';
import { conflict, notFound } from '../../core/errors';
import { jsonParam } from '../../db/sql';
import { CLIENT_COLUMNS, toClientDto, type ClientRow } from './clients.mapper';

/** Body fields a client update may write, and their columns. */
const UPDATABLE = { name: 'name', color: 'color', sortOrder: 'sort_order' } as const;

/** DECISIONS 24: a user's client names are unique ignoring case (the `clients_user_name_lower_unique` index). */
const NAME_TAKEN = 'A client with this name already exists';
const isNameTaken = (error: unknown) =>
  error instanceof UniqueConstraintViolationException && (error as { constraint?: unknown }).constraint === 'clients_user_name_lower_unique';

/**
 * Clients (spec §2 Clients, §3): plain SQL scoped by the owner on every statement, so another user's id
 * reads as missing (DECISIONS 8). Lists answer in the shared order: sortOrder, then name.
 */
export function createClientsService(rootEm: EntityManager) {
  const em = () => rootEm.getContext() as EntityManager;

  async function list(actor: Actor, db: EntityManager = em()): Promise<ClientDto[]> {
    const rows = await db.execute<ClientRow[]>(
      `select ${CLIENT_COLUMNS} from clients c where c.user_id = ? order by c.sort_order, c.name, c.id`,
      [actor.id],
    );
    // SQL narrows and roughly orders; the shared rule (name ignoring case and accents) has the last word.
    return sortClients(rows.map(toClientDto));
  }

  return {
    list: (actor: Actor) => list(actor),

    /**
     * A new client sorts by name among the unordered ones (sortOrder 0, spec §3) until the user has
     * reordered their clients; after that it goes to the end of the manual order. Refused with 409 when
     * the name is taken (any case) or the user has reached the clients quota (DECISIONS 22): the lock
     * serialises the user's own creates, so parallel requests cannot pass the quota together.
     */
    async create(actor: Actor, body: ClientCreateBody): Promise<ClientDto> {
      return em().transactional(async (tx) => {
        await assertQuotaRoom(tx, actor.id, 'clients', 'from clients where user_id = ?');
        const [row] = await tx.execute<ClientRow[]>(
          `insert into clients as c (id, user_id, name, color, sort_order)
           values (?, ?, ?, ?, (select case when coalesce(max(sort_order), 0) > 0 then max(sort_order) + 1 else 0 end
                                  from clients where user_id = ?))
           on conflict do nothing
           returning ${CLIENT_COLUMNS}`,
          [randomUUID(), actor.id, body.name, body.color, actor.id],
        );
        if (!row) throw conflict(NAME_TAKEN);
        return toClientDto(row);
      });
    },

    async update(actor: Actor, id: string, body: ClientUpdateBody): Promise<ClientDto> {
      const assignments: string[] = [];
      const params: unknown[] = [];
      for (const [field, column] of Object.entries(UPDATABLE)) {
        const value = body[field as keyof ClientUpdateBody];
        if (value === undefined) continue;
        assignments.push(`${column} = ?`);
        params.push(value);
      }
      const [row] = assignments.length
        ? await em()
            .execute<ClientRow[]>(
              `update clients c set ${assignments.join(', ')}, updated_at = now() where c.user_id = ? and c.id = ? returning ${CLIENT_COLUMNS}`,
              [...params, actor.id, id],
            )
            .catch((error: unknown) => {
              throw isNameTaken(error) ? conflict(NAME_TAKEN) : error;
            })
        : await em().execute<ClientRow[]>(`select ${CLIENT_COLUMNS} from clients c where c.user_id = ? and c.id = ?`, [actor.id, id]);
      if (!row) throw notFound('Client');
      return toClientDto(row);
    },

    /** Deletes a client; its tasks and notes stay, unassigned (the foreign keys set null). */
    async remove(actor: Actor, id: string): Promise<void> {
      const result = await em().execute<QueryResult>('delete from clients where user_id = ? and id = ?', [actor.id, id], 'run');
      if (result.affectedRows === 0) throw notFound('Client');
    },

    /**
     * PATCH /api/clients/reorder: one statement in one transaction; when any id is not one of the user's
     * clients nothing changes and the answer is 404. Answers the whole list in its new order.
     */
    async reorder(actor: Actor, body: ClientReorderBody): Promise<ClientDto[]> {
      return em().transactional(async (tx) => {
        const rows = jsonParam(body.clients.map((c) => ({ id: c.id, sort_order: c.sortOrder })));
        // Lock the rows in one fixed order first, so simultaneous reorders queue up instead of deadlocking.
        await tx.execute(
          `select c.id from clients c where c.user_id = ? and c.id in (select v.id from jsonb_to_recordset(?::jsonb) as v(id uuid))
            order by c.id for update`,
          [actor.id, rows],
        );
        const result = await tx.execute<QueryResult>(
          `update clients c set sort_order = v.sort_order, updated_at = now()
             from jsonb_to_recordset(?::jsonb) as v(id uuid, sort_order int)
            where c.id = v.id and c.user_id = ?`,
          [rows, actor.id],
          'run',
        );
        if (result.affectedRows !== body.clients.length) throw notFound('Client');
        return list(actor, tx);
      });
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
