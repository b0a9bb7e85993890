import { randomUUID } from 'node:crypto';
import { QUOTAS, type Client } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { NAME_TAKEN, type ClientsRepository } from './clients.repository';
import { CLIENT_NAME_TAKEN_MESSAGE, clientsService } from './clients.service';

/** The clients rules without the database: an in-memory ClientsRepository. */

const anna: Actor = { id: 'anna', username: 'anna', role: 'user', timezone: 'Europe/Paris', enableDelegation: false };
const bob: Actor = { ...anna, id: 'bob', username: 'bob' };
const NOW = '2026-03-09T10:00:00.000Z';

type StoredClient = Client & { userId: string };
const withoutOwner = ({ userId: _userId, ...client }: StoredClient): Client => client;

function fakeClientsRepository() {
  const rows: StoredClient[] = [];
  const own = (userId: string, id: string) => rows.find((row) => row.userId === userId && row.id === id);
  /** Like `clients_user_name_lower_unique`. */
  const nameTaken = (userId: string, name: string, except?: string) =>
    rows.some((row) => row.userId === userId && row.id !== except && row.name.toLowerCase() === name.toLowerCase());

  const repository: ClientsRepository = {
    transaction: (work) => work(),
    // Deliberately not the shared order: the service has the last word.
    list: async (userId) => rows.filter((row) => row.userId === userId).map(withoutOwner),
    countForQuota: async (userId) => Math.min(rows.filter((row) => row.userId === userId).length, QUOTAS.clients),
    async insert(userId, fields) {
      if (nameTaken(userId, fields.name)) return NAME_TAKEN;
      const client = { id: randomUUID(), userId, ...fields, sortOrder: 0, createdAt: NOW, updatedAt: NOW };
      rows.push(client);
      return withoutOwner(client);
    },
    async update(userId, id, patch) {
      const client = own(userId, id);
      if (!client) return null;
      if (patch.name !== undefined && nameTaken(userId, patch.name, id)) return NAME_TAKEN;
      Object.assign(client, Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)));
      return withoutOwner(client);
    },
    async remove(userId, id) {
      const client = own(userId, id);
      if (client) rows.splice(rows.indexOf(client), 1);
      return Boolean(client);
    },
    async setSortOrders(userId, orders) {
      let set = 0;
      for (const order of orders) {
        const client = own(userId, order.id);
        if (client) [client.sortOrder, set] = [order.sortOrder, set + 1];
      }
      return set;
    },
    names: async (userId) => rows.filter((row) => row.userId === userId).map((row) => row.name),
  };
  return { repository, rows };
}

let store: ReturnType<typeof fakeClientsRepository>;
let clients: ReturnType<typeof clientsService>;
beforeEach(() => {
  store = fakeClientsRepository();
  clients = clientsService(store.repository);
});

const create = (actor: Actor, name: string) => clients.create(actor, { name, color: '#e5e7eb' });

it('lists in the shared order: sortOrder, then name ignoring case and accents', async () => {
  for (const name of ['beta', 'Ärzte', 'alpha']) await create(anna, name);
  await clients.update(anna, (await create(anna, 'zulu')).id, { sortOrder: -1 });
  expect((await clients.list(anna)).map((client) => client.name)).toEqual(['zulu', 'alpha', 'Ärzte', 'beta']);
});

it('refuses a name the user has already, in any case, on create and on rename (409)', async () => {
  await create(anna, 'Acme');
  const other = await create(anna, 'Other');
  await expect(create(anna, 'ACME')).rejects.toMatchObject({ status: 409, message: CLIENT_NAME_TAKEN_MESSAGE });
  await expect(clients.update(anna, other.id, { name: 'acme' })).rejects.toMatchObject({ status: 409, message: CLIENT_NAME_TAKEN_MESSAGE });
  expect(await create(bob, 'Acme')).toMatchObject({ name: 'Acme' });
});

it('refuses a client past the quota and stores nothing', async () => {
  for (let index = 0; index < QUOTAS.clients; index += 1) {
    store.rows.push({ id: randomUUID(), userId: anna.id, name: `Client ${index}`, color: '#e5e7eb', sortOrder: 0, createdAt: NOW, updatedAt: NOW });
  }
  await expect(create(anna, 'One too many')).rejects.toMatchObject({ status: 409, code: 'quota_exceeded' });
  expect(store.rows).toHaveLength(QUOTAS.clients);
});

it('treats another user’s client as missing when updating, deleting and reordering', async () => {
  const acme = await create(anna, 'Acme');
  await expect(clients.update(bob, acme.id, { name: 'Mine' })).rejects.toMatchObject({ status: 404, message: 'Client not found' });
  await expect(clients.remove(bob, acme.id)).rejects.toMatchObject({ status: 404, message: 'Client not found' });
  await expect(clients.reorder(bob, { clients: [{ id: acme.id, sortOrder: 1 }] })).rejects.toMatchObject({ status: 404 });
  expect(store.rows).toEqual([expect.objectContaining({ name: 'Acme', sortOrder: 0 })]);
});

it('answers the whole list in its new order after a reorder', async () => {
  const [a, b] = [await create(anna, 'A'), await create(anna, 'B')];
  const reordered = await clients.reorder(anna, { clients: [{ id: a.id, sortOrder: 2 }, { id: b.id, sortOrder: 1 }] });
  expect(reordered.map((client) => client.name)).toEqual(['B', 'A']);
});
