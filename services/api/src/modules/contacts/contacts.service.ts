import type { EntityManager } from '@mikro-orm/postgresql';
import { sortClients, type DelegationContact as DelegationContactDto, type DelegationContactCreateBody, type DelegationContactUpdateBody } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { assertBelowQuota } from '../../db/quota';
import { createContactsRepository, type ContactsRepository } from './contacts.repository';

/** The contacts service on the database (app.ts). */
export const createContactsService = (em: EntityManager) => contactsService(createContactsRepository(em));

/**
 * Delegation contacts (spec §2 Settings, §3): another user's contact reads as missing (DECISIONS 8).
 * Listed like clients: sortOrder, then name.
 */
export function contactsService(contacts: ContactsRepository) {
  return {
    list: async (actor: Actor): Promise<DelegationContactDto[]> => sortClients(await contacts.list(actor.id)),

    /** Refused (409) past the contacts quota (DECISIONS 22), also when requests arrive together. */
    async create(actor: Actor, body: DelegationContactCreateBody): Promise<DelegationContactDto> {
      return contacts.transaction(async () => {
        assertBelowQuota('contacts', await contacts.countForQuota(actor.id));
        return contacts.insert(actor.id, { name: body.name });
      });
    },

    async update(actor: Actor, id: string, body: DelegationContactUpdateBody): Promise<DelegationContactDto> {
      const contact = await contacts.update(actor.id, id, body);
      if (!contact) throw notFound('Delegation contact');
      return contact;
    },

    /**
     * Deleting a contact un-delegates the owner's tasks that pointed to it, in the same transaction
     * (their delegation notes stay). An unknown or foreign id changes nothing. The contact is locked
     * first: a task write naming it (which share-locks it) either finishes before, and is un-delegated
     * here, or starts after and finds the contact gone (DECISIONS 21).
     */
    async remove(actor: Actor, id: string): Promise<void> {
      await contacts.transaction(async () => {
        if (!(await contacts.lock(actor.id, id))) throw notFound('Delegation contact');
        await contacts.undelegateTasks(actor.id, id);
        if (!(await contacts.remove(actor.id, id))) throw notFound('Delegation contact');
      });
    },
  };
}
export type ContactsService = ReturnType<typeof contactsService>;
