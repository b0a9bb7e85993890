import { randomUUID } from 'node:crypto';
import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sortClients, type DelegationContact as DelegationContactDto, type DelegationContactCreateBody, type DelegationContactUpdateBody } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { assertQuotaRoom } from '../../db/quota';
import { notFound } from '../../core/errors';
import { CONTACT_COLUMNS, toContactDto, type ContactRow } from './contacts.mapper';

/**
 * Delegation contacts (spec §2 Settings, §3): every statement scoped by the owner (DECISIONS 8).
 * Listed like clients: sortOrder, then name.
 */
export function createContactsService(rootEm: EntityManager) {
  const em = () => rootEm.getContext() as EntityManager;

  return {
    async list(actor: Actor): Promise<DelegationContactDto[]> {
      const rows = await em().execute<ContactRow[]>(
        `select ${CONTACT_COLUMNS} from delegation_contacts d where d.user_id = ? order by d.sort_order, d.name, d.id`,
        [actor.id],
      );
      return sortClients(rows.map(toContactDto));
    },

    async create(actor: Actor, body: DelegationContactCreateBody): Promise<DelegationContactDto> {
      return em().transactional(async (tx) => {
        await assertQuotaRoom(tx, actor.id, 'contacts', 'from delegation_contacts where user_id = ?');
        const [row] = await tx.execute<ContactRow[]>(
          `insert into delegation_contacts as d (id, user_id, name) values (?, ?, ?) returning ${CONTACT_COLUMNS}`,
          [randomUUID(), actor.id, body.name],
        );
        return toContactDto(row!);
      });
    },

    async update(actor: Actor, id: string, body: DelegationContactUpdateBody): Promise<DelegationContactDto> {
      const [row] =
        body.name === undefined
          ? await em().execute<ContactRow[]>(`select ${CONTACT_COLUMNS} from delegation_contacts d where d.user_id = ? and d.id = ?`, [actor.id, id])
          : await em().execute<ContactRow[]>(
              `update delegation_contacts d set name = ?, updated_at = now() where d.user_id = ? and d.id = ? returning ${CONTACT_COLUMNS}`,
              [body.name, actor.id, id],
            );
      if (!row) throw notFound('Delegation contact');
      return toContactDto(row);
    },

    /**
     * Deleting a contact un-delegates the owner's tasks that pointed to it, in the same transaction
     * (their delegation notes stay). An unknown or foreign id changes nothing. The contact is locked
     * first: a task write naming it (which share-locks it) either finishes before, and is un-delegated
     * here, or starts after and finds the contact gone (DECISIONS 21).
     */
    async remove(actor: Actor, id: string): Promise<void> {
      await em().transactional(async (tx) => {
        const [found] = await tx.execute('select 1 from delegation_contacts where user_id = ? and id = ? for update', [actor.id, id]);
        if (!found) throw notFound('Delegation contact');
        await tx.execute(
          `update tasks set is_delegated = false, delegated_to_id = null, updated_at = now() where user_id = ? and delegated_to_id = ?`,
          [actor.id, id],
          'run',
        );
        const result = await tx.execute<QueryResult>('delete from delegation_contacts where user_id = ? and id = ?', [actor.id, id], 'run');
        if (result.affectedRows === 0) throw notFound('Delegation contact');
      });
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
