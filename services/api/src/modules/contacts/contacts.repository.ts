import { randomUUID } from 'node:crypto';
import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DelegationContact as DelegationContactDto, DelegationContactUpdateBody } from '@daybook/shared';
import { columnMap } from '../../db/column-map';
import { countForQuota } from '../../db/quota';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** The `delegation_contacts` table (alias `d`). */
const CONTACT = columnMap<DelegationContactDto>()('d', {
  id: { column: 'id' },
  name: { column: 'name', writable: true },
  sortOrder: { column: 'sort_order' },
  createdAt: { column: 'created_at', kind: 'instant' },
  updatedAt: { column: 'updated_at', kind: 'instant' },
});

/** The SQL of delegation contacts, every statement scoped by the owner (DECISIONS 8). */
export interface ContactsRepository extends UnitOfWork {
  /** The user's contacts, roughly in the shared order (sortOrder, name; the service sorts exactly). */
  list(userId: string): Promise<DelegationContactDto[]>;
  /** Inside a transaction: how many contacts the user has, up to the quota (DECISIONS 22), holding the quota's lock. */
  countForQuota(userId: string): Promise<number>;
  insert(userId: string, fields: { name: string }): Promise<DelegationContactDto>;
  /** Writes the fields the patch gives (none: answers the contact as it is); null: no such contact of the user. */
  update(userId: string, id: string, patch: DelegationContactUpdateBody): Promise<DelegationContactDto | null>;
  /** Inside a transaction: locks the user's contact against task writes naming it; false when there is none. */
  lock(userId: string, id: string): Promise<boolean>;
  /** Un-delegates the user's tasks delegated to the contact (their delegation notes stay). */
  undelegateTasks(userId: string, contactId: string): Promise<void>;
  /** False when the user has no such contact. */
  remove(userId: string, id: string): Promise<boolean>;
}

export function createContactsRepository(rootEm: EntityManager): ContactsRepository {
  const { db, transaction } = dataAccess(rootEm);

  return {
    transaction,

    list: (userId) =>
      db().execute<DelegationContactDto[]>(`select ${CONTACT.select} from delegation_contacts d where d.user_id = ? order by d.sort_order, d.name, d.id`, [userId]),

    countForQuota: (userId) => countForQuota(db(), userId, 'contacts', 'from delegation_contacts where user_id = ?'),

    async insert(userId, fields) {
      const [contact] = await db().execute<DelegationContactDto[]>(
        `insert into delegation_contacts as d (id, user_id, name) values (?, ?, ?) returning ${CONTACT.select}`,
        [randomUUID(), userId, fields.name],
      );
      return contact!;
    },

    async update(userId, id, patch) {
      const { set, params } = CONTACT.assignments(patch);
      const [contact] = set
        ? await db().execute<DelegationContactDto[]>(`update delegation_contacts d set ${set}, updated_at = now() where d.user_id = ? and d.id = ? returning ${CONTACT.select}`, [
            ...params,
            userId,
            id,
          ])
        : await db().execute<DelegationContactDto[]>(`select ${CONTACT.select} from delegation_contacts d where d.user_id = ? and d.id = ?`, [userId, id]);
      return contact ?? null;
    },

    async lock(userId, id) {
      const [found] = await db().execute('select 1 from delegation_contacts where user_id = ? and id = ? for update', [userId, id]);
      return Boolean(found);
    },

    async undelegateTasks(userId, contactId) {
      await db().execute(
        `update tasks set is_delegated = false, delegated_to_id = null, updated_at = now() where user_id = ? and delegated_to_id = ?`,
        [userId, contactId],
        'run',
      );
    },

    async remove(userId, id) {
      const result = await db().execute<QueryResult>('delete from delegation_contacts where user_id = ? and id = ?', [userId, id], 'run');
      return result.affectedRows > 0;
    },
  };
}
