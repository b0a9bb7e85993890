import { randomUUID } from 'node:crypto';
import { CLIENT_ALIASES_MAX, QUOTAS, type Client } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { NAME_TAKEN, type ClientsRepository, type TakenName } from './clients.repository';
import { aliasTakenMessage, CLIENT_NAME_TAKEN_MESSAGE, clientsService, nameIsAnAliasMessage } from './clients.service';

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
      const client = { id: randomUUID(), userId, ...fields, aliases: [...fields.aliases], sortOrder: 0, createdAt: NOW, updatedAt: NOW };
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
    find: async (userId, id) => {
      const client = own(userId, id);
      return client ? withoutOwner(client) : null;
    },
    lockNames: async () => undefined,
    async takenNames(userId, names, exceptId) {
      const others = rows.filter((row) => row.userId === userId && row.id !== exceptId);
      return names.flatMap((given): TakenName[] => {
        const lower = given.toLowerCase();
        if (others.some((row) => row.name.toLowerCase() === lower)) return [{ given, asName: true }];
        if (others.some((row) => row.aliases.some((alias) => alias.toLowerCase() === lower))) return [{ given, asName: false }];
        return [];
      });
    },
    forCapture: async (userId) => rows.filter((row) => row.userId === userId).map(({ id, name, aliases }) => ({ id, name, aliases })),
  };
  return { repository, rows };
}

let store: ReturnType<typeof fakeClientsRepository>;
let clients: ReturnType<typeof clientsService>;
beforeEach(() => {
  store = fakeClientsRepository();
  clients = clientsService(store.repository);
});

const create = (actor: Actor, name: string, aliases: string[] = []) => clients.create(actor, { name, color: '#e5e7eb', aliases, hourlyRateMinor: null, billable: true });

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
    store.rows.push({ id: randomUUID(), userId: anna.id, name: `Client ${index}`, color: '#e5e7eb', aliases: [], sortOrder: 0, hourlyRateMinor: null, billable: true, createdAt: NOW, updatedAt: NOW });
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

describe('aliases (DECISIONS 28)', () => {
  it('stores them on create and replaces them on update', async () => {
    const robertson = await create(anna, 'Robertson Retail', ["Bob's shop"]);
    expect(robertson.aliases).toEqual(["Bob's shop"]);
    expect((await clients.update(anna, robertson.id, { aliases: ["Bob's shop", 'RR'] })).aliases).toEqual(["Bob's shop", 'RR']);
    expect((await clients.update(anna, robertson.id, { aliases: [] })).aliases).toEqual([]);
  });

  it('refuses (409) an alias another client answers to, as its name or alias, in any case; the client itself may repeat its name', async () => {
    const harbor = await create(anna, 'Harbor Dental', ['the dentists']);
    const other = await create(anna, 'Northwind');
    await expect(create(anna, 'Southwind', ['HARBOR DENTAL'])).rejects.toMatchObject({ status: 409, message: aliasTakenMessage('HARBOR DENTAL') });
    await expect(clients.update(anna, other.id, { aliases: ['The Dentists'] })).rejects.toMatchObject({ status: 409, message: aliasTakenMessage('The Dentists') });
    expect((await clients.update(anna, harbor.id, { aliases: ['the dentists', 'harbor dental'] })).aliases).toEqual(['the dentists', 'harbor dental']);
    // Another user's names are theirs.
    expect((await create(bob, 'Smile Co', ['the dentists'])).aliases).toEqual(['the dentists']);
  });

  it('refuses (409) a name that is another client’s alias, on create and on rename', async () => {
    const harbor = await create(anna, 'Harbor Dental', ['the dentists']);
    const other = await create(anna, 'Northwind');
    await expect(create(anna, 'The Dentists')).rejects.toMatchObject({ status: 409, message: nameIsAnAliasMessage('The Dentists') });
    await expect(clients.update(anna, other.id, { name: 'the dentists' })).rejects.toMatchObject({ status: 409, message: nameIsAnAliasMessage('the dentists') });
    await expect(clients.update(anna, other.id, { name: 'Harbor dental' })).rejects.toMatchObject({ status: 409, message: CLIENT_NAME_TAKEN_MESSAGE });
    expect((await clients.update(anna, harbor.id, { name: 'Harbor Dental Care' })).name).toBe('Harbor Dental Care');
  });

  it('answers 404, not 409, for another user’s client whatever names the change gives', async () => {
    const harbor = await create(anna, 'Harbor Dental');
    await create(bob, 'Smile Co', ['the dentists']);
    await expect(clients.update(bob, harbor.id, { name: 'Smile Co' })).rejects.toMatchObject({ status: 404 });
    await expect(clients.update(bob, harbor.id, { aliases: ['the dentists'] })).rejects.toMatchObject({ status: 404 });
  });

  describe('learnAliases', () => {
    it('adds new aliases, ignores known ones and answers the clients that grew', async () => {
      const harbor = await create(anna, 'Harbor Dental', ['the dentists']);
      const result = await clients.learnAliases(anna, [
        { alias: 'Dr. Lee', clientId: harbor.id },
        { alias: 'THE DENTISTS', clientId: harbor.id },
        { alias: 'harbor dental', clientId: harbor.id },
      ]);
      expect(result).toEqual({ clients: [expect.objectContaining({ id: harbor.id, aliases: ['the dentists', 'Dr. Lee'] })], skipped: [] });
      expect((await clients.learnAliases(anna, [{ alias: 'dr. lee', clientId: harbor.id }])).clients).toEqual([]);
    });

    it('skips an alias another client answers to, and one past the limit, with the reason', async () => {
      const harbor = await create(anna, 'Harbor Dental');
      const northwind = await create(anna, 'Northwind', Array.from({ length: CLIENT_ALIASES_MAX }, (_, i) => `nw ${i}`));
      const result = await clients.learnAliases(anna, [
        { alias: 'Northwind', clientId: harbor.id },
        { alias: 'nw 3', clientId: harbor.id },
        { alias: 'the wind people', clientId: northwind.id },
      ]);
      expect(result.clients).toEqual([]);
      expect(result.skipped).toEqual([
        { alias: 'Northwind', clientId: harbor.id, reason: 'taken' },
        { alias: 'nw 3', clientId: harbor.id, reason: 'taken' },
        { alias: 'the wind people', clientId: northwind.id, reason: 'too_many' },
      ]);
    });

    it('gives one alias to the first client that asks for it within one request', async () => {
      const [a, b] = [await create(anna, 'Alpha Legal'), await create(anna, 'Beta Legal')];
      const result = await clients.learnAliases(anna, [
        { alias: 'the lawyers', clientId: a.id },
        { alias: 'The Lawyers', clientId: b.id },
      ]);
      expect(result.clients.map((c) => [c.name, c.aliases])).toEqual([['Alpha Legal', ['the lawyers']]]);
      expect(result.skipped).toEqual([{ alias: 'The Lawyers', clientId: b.id, reason: 'taken' }]);
    });

    it('is 404 for another user’s client and learns nothing', async () => {
      const harbor = await create(anna, 'Harbor Dental');
      await expect(clients.learnAliases(bob, [{ alias: 'mine now', clientId: harbor.id }])).rejects.toMatchObject({ status: 404, message: 'Client not found' });
      expect(store.rows[0]!.aliases).toEqual([]);
    });
  });
});
