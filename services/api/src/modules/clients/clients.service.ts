import type { EntityManager } from '@mikro-orm/postgresql';
import {
  sortClients,
  type Client as ClientDto,
  type ClientCreateBody,
  type ClientReorderBody,
  type ClientUpdateBody,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { conflict, notFound } from '../../core/errors';
import { assertBelowQuota } from '../../db/quota';
import { createClientsRepository, NAME_TAKEN, type ClientsRepository } from './clients.repository';

/** DECISIONS 24: a user's client names are unique ignoring case. */
export const CLIENT_NAME_TAKEN_MESSAGE = 'A client with this name already exists';

/** The clients service on the database (app.ts). */
export const createClientsService = (em: EntityManager) => clientsService(createClientsRepository(em));

/**
 * Clients (spec §2 Clients, §3): another user's client reads as missing (DECISIONS 8). Lists answer in
 * the shared order: sortOrder, then name.
 */
export function clientsService(clients: ClientsRepository) {
  // SQL narrows and roughly orders; the shared rule (name ignoring case and accents) has the last word.
  const list = async (actor: Actor): Promise<ClientDto[]> => sortClients(await clients.list(actor.id));

  return {
    list,

    /**
     * A new client sorts by name among the unordered ones until the user has reordered their clients; after
     * that it goes to the end of the manual order. Refused with 409 when the name is taken (any case) or
     * the user has reached the clients quota (DECISIONS 22): the quota's lock serialises the user's own
     * creates, so parallel requests cannot pass the quota together.
     */
    async create(actor: Actor, body: ClientCreateBody): Promise<ClientDto> {
      return clients.transaction(async () => {
        assertBelowQuota('clients', await clients.countForQuota(actor.id));
        const created = await clients.insert(actor.id, { name: body.name, color: body.color });
        if (created === NAME_TAKEN) throw conflict(CLIENT_NAME_TAKEN_MESSAGE);
        return created;
      });
    },

    /** Renames, recolours or moves a client; an empty body changes nothing. */
    async update(actor: Actor, id: string, body: ClientUpdateBody): Promise<ClientDto> {
      const updated = await clients.update(actor.id, id, body);
      if (updated === NAME_TAKEN) throw conflict(CLIENT_NAME_TAKEN_MESSAGE);
      if (!updated) throw notFound('Client');
      return updated;
    },

    /** Deletes a client; its tasks and notes stay, unassigned (the foreign keys set null). */
    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await clients.remove(actor.id, id))) throw notFound('Client');
    },

    /**
     * PATCH /api/clients/reorder, in one transaction: when any id is not one of the user's clients nothing
     * changes and the answer is 404. Answers the whole list in its new order.
     */
    async reorder(actor: Actor, body: ClientReorderBody): Promise<ClientDto[]> {
      return clients.transaction(async () => {
        if ((await clients.setSortOrders(actor.id, body.clients)) !== body.clients.length) throw notFound('Client');
        return list(actor);
      });
    },
  };
}
export type ClientsService = ReturnType<typeof clientsService>;
