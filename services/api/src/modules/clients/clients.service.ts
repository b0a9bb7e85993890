import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CLIENT_ALIASES_MAX,
  sortClients,
  type Client as ClientDto,
  type ClientCreateBody,
  type ClientReorderBody,
  type ClientUpdateBody,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { conflict, notFound } from '../../core/errors';
import { assertBelowQuota } from '../../db/quota';
import { createClientsRepository, NAME_TAKEN, type ClientsRepository, type TakenName } from './clients.repository';

/** DECISIONS 24: a user's client names are unique ignoring case. */
export const CLIENT_NAME_TAKEN_MESSAGE = 'A client with this name already exists';
/** DECISIONS 28: a name the user calls a client by names one client only (names and aliases, ignoring case). */
export const nameIsAnAliasMessage = (name: string) => `“${name}” is already an alias of another client`;
export const aliasTakenMessage = (alias: string) => `“${alias}” is already the name or an alias of another client`;

/** An alias a capture correction asks to learn (POST /api/capture/corrections). */
export interface AliasToLearn {
  alias: string;
  clientId: string;
}
/** Why an alias was not learned: another client answers to it, or the client has CLIENT_ALIASES_MAX already. */
export type AliasSkipReason = 'taken' | 'too_many';

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The clients service on the database (app.ts). */
export const createClientsService = (em: EntityManager) => clientsService(createClientsRepository(em));

/**
 * Clients (spec §2 Clients, §3): another user's client reads as missing (DECISIONS 8). Lists answer in
 * the shared order: sortOrder, then name.
 */
export function clientsService(clients: ClientsRepository) {
  // SQL narrows and roughly orders; the shared rule (name ignoring case and accents) has the last word.
  const list = async (actor: Actor): Promise<ClientDto[]> => sortClients(await clients.list(actor.id));

  /**
   * Inside a transaction holding the user's names lock (`lockNames`, until the write commits): refuses
   * (409) a name or alias another of the user's clients (not `clientId`) answers to already, ignoring case.
   */
  async function assertNamesFree(actor: Actor, clientId: string | null, names: { name?: string | undefined; aliases?: readonly string[] | undefined }) {
    const given = [...(names.name !== undefined ? [names.name] : []), ...(names.aliases ?? [])];
    const [taken] = await clients.takenNames(actor.id, given, clientId);
    if (taken) throw conflict(takenMessage(taken, names.name));
  }

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
        await clients.lockNames(actor.id);
        await assertNamesFree(actor, null, body);
        const created = await clients.insert(actor.id, {
          name: body.name,
          color: body.color,
          aliases: body.aliases,
          hourlyRateMinor: body.hourlyRateMinor,
          billable: body.billable,
        });
        if (created === NAME_TAKEN) throw conflict(CLIENT_NAME_TAKEN_MESSAGE);
        return created;
      });
    },

    /**
     * Renames, recolours or moves a client, or replaces its aliases; an empty body changes nothing. A name
     * or alias another client answers to is refused (409).
     */
    async update(actor: Actor, id: string, body: ClientUpdateBody): Promise<ClientDto> {
      const write = async () => {
        const updated = await clients.update(actor.id, id, body);
        if (updated === NAME_TAKEN) throw conflict(CLIENT_NAME_TAKEN_MESSAGE);
        if (!updated) throw notFound('Client');
        return updated;
      };
      if (body.name === undefined && body.aliases === undefined) return write();
      return clients.transaction(async () => {
        await clients.lockNames(actor.id);
        // Another user's client reads as missing before any name is compared (DECISIONS 8).
        if (!(await clients.find(actor.id, id))) throw notFound('Client');
        await assertNamesFree(actor, id, body);
        return write();
      });
    },

    /**
     * Adds aliases to the user's clients (DECISIONS 28), in one transaction: an id that is not one of the
     * user's clients refuses the whole request (404). An alias the client answers to already changes
     * nothing; one another client answers to, or past CLIENT_ALIASES_MAX, is skipped with its reason (a
     * correction never fails the capture it came from). Answers the clients whose aliases grew.
     */
    async learnAliases(actor: Actor, additions: readonly AliasToLearn[]): Promise<{ clients: ClientDto[]; skipped: Array<AliasToLearn & { reason: AliasSkipReason }> }> {
      if (additions.length === 0) return { clients: [], skipped: [] };
      return clients.transaction(async () => {
        await clients.lockNames(actor.id);
        const current = new Map<string, ClientDto>();
        for (const { clientId } of additions) {
          if (current.has(clientId)) continue;
          const client = await clients.find(actor.id, clientId);
          if (!client) throw notFound('Client');
          current.set(clientId, client);
        }
        const grown = new Map<string, ClientDto>();
        const skipped: Array<AliasToLearn & { reason: AliasSkipReason }> = [];
        for (const addition of additions) {
          const client = current.get(addition.clientId)!;
          if ([client.name, ...client.aliases].some((known) => sameText(known, addition.alias))) continue;
          if ((await clients.takenNames(actor.id, [addition.alias], client.id)).length > 0) {
            skipped.push({ ...addition, reason: 'taken' });
            continue;
          }
          if (client.aliases.length >= CLIENT_ALIASES_MAX) {
            skipped.push({ ...addition, reason: 'too_many' });
            continue;
          }
          const updated = await clients.update(actor.id, client.id, { aliases: [...client.aliases, addition.alias] });
          if (!updated || updated === NAME_TAKEN) throw notFound('Client');
          current.set(client.id, updated);
          grown.set(client.id, updated);
        }
        return { clients: sortClients([...grown.values()]), skipped };
      });
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

/** The 409 message of a taken name or alias. */
function takenMessage(taken: TakenName, name: string | undefined): string {
  if (name !== undefined && taken.given === name) return taken.asName ? CLIENT_NAME_TAKEN_MESSAGE : nameIsAnAliasMessage(name);
  return aliasTakenMessage(taken.given);
}
