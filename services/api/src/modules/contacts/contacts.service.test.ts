import { randomUUID } from 'node:crypto';
import { QUOTAS, type DelegationContact } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import type { ContactsRepository } from './contacts.repository';
import { contactsService } from './contacts.service';

/** The delegation contacts rules without the database: an in-memory ContactsRepository. */

const anna: Actor = { id: 'anna', username: 'anna', role: 'user', timezone: 'Europe/Paris', enableDelegation: true };
const bob: Actor = { ...anna, id: 'bob', username: 'bob' };
const NOW = '2026-03-09T10:00:00.000Z';

type StoredContact = DelegationContact & { userId: string };
const withoutOwner = ({ userId: _userId, ...contact }: StoredContact): DelegationContact => contact;

function fakeContactsRepository() {
  const rows: StoredContact[] = [];
  /** Every call that touches a contact or the tasks, in order. */
  const calls: string[] = [];
  const own = (userId: string, id: string) => rows.find((row) => row.userId === userId && row.id === id);

  const repository: ContactsRepository = {
    transaction: (work) => work(),
    list: async (userId) => rows.filter((row) => row.userId === userId).map(withoutOwner),
    countForQuota: async (userId) => Math.min(rows.filter((row) => row.userId === userId).length, QUOTAS.contacts),
    async insert(userId, fields) {
      const contact = { id: randomUUID(), userId, name: fields.name, sortOrder: 0, createdAt: NOW, updatedAt: NOW };
      rows.push(contact);
      return withoutOwner(contact);
    },
    async update(userId, id, patch) {
      const contact = own(userId, id);
      if (contact && patch.name !== undefined) contact.name = patch.name;
      return contact ? withoutOwner(contact) : null;
    },
    async lock(userId, id) {
      calls.push(`lock ${id}`);
      return Boolean(own(userId, id));
    },
    undelegateTasks: async (_userId, contactId) => void calls.push(`undelegate tasks of ${contactId}`),
    async remove(userId, id) {
      calls.push(`remove ${id}`);
      const contact = own(userId, id);
      if (contact) rows.splice(rows.indexOf(contact), 1);
      return Boolean(contact);
    },
  };
  return { repository, rows, calls };
}

let store: ReturnType<typeof fakeContactsRepository>;
let contacts: ReturnType<typeof contactsService>;
beforeEach(() => {
  store = fakeContactsRepository();
  contacts = contactsService(store.repository);
});

it('lists by sortOrder, then name ignoring case', async () => {
  for (const name of ['bea', 'Zoe', 'Anna']) await contacts.create(anna, { name });
  expect((await contacts.list(anna)).map((contact) => contact.name)).toEqual(['Anna', 'bea', 'Zoe']);
});

it('refuses a contact past the quota and stores nothing', async () => {
  for (let index = 0; index < QUOTAS.contacts; index += 1) {
    store.rows.push({ id: randomUUID(), userId: anna.id, name: `Contact ${index}`, sortOrder: 0, createdAt: NOW, updatedAt: NOW });
  }
  await expect(contacts.create(anna, { name: 'One too many' })).rejects.toMatchObject({ status: 409, code: 'quota_exceeded' });
  expect(store.rows).toHaveLength(QUOTAS.contacts);
});

it('deletes a contact after locking it, un-delegating its tasks in between', async () => {
  const sam = await contacts.create(anna, { name: 'Sam' });
  await contacts.remove(anna, sam.id);
  expect(store.calls).toEqual([`lock ${sam.id}`, `undelegate tasks of ${sam.id}`, `remove ${sam.id}`]);
  expect(store.rows).toEqual([]);
});

it('treats another user’s contact as missing, and un-delegates nothing', async () => {
  const sam = await contacts.create(anna, { name: 'Sam' });
  await expect(contacts.update(bob, sam.id, { name: 'Mine' })).rejects.toMatchObject({ status: 404, message: 'Delegation contact not found' });
  await expect(contacts.remove(bob, sam.id)).rejects.toMatchObject({ status: 404, message: 'Delegation contact not found' });
  expect(store.calls).toEqual([`lock ${sam.id}`]);
  expect(store.rows).toEqual([expect.objectContaining({ name: 'Sam' })]);
});
