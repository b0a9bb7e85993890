import { useCreateContactMutation, useDeleteContactMutation, useGetContactsQuery } from '../../api/contactsApi';
import { AddByName } from '../../components/settings/AddByName';
import { DeletableList } from '../../components/settings/DeletableList';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { runWithToasts } from '../../lib/feedback';

/** Settings, 'Delegation Contacts' (spec §2; shown while delegation is on): each removable, and a name to add one. */
export function ContactsSection() {
  const contacts = useGetContactsQuery();
  const [createContact] = useCreateContactMutation();
  const [deleteContact] = useDeleteContactMutation();
  return (
    <SettingsSection title="Delegation Contacts">
      <DeletableList
        label="Delegation contacts"
        empty="No delegation contacts yet."
        items={contacts.data ?? []}
        onDelete={(id) => void runWithToasts(() => deleteContact(id).unwrap(), { success: { title: 'Contact removed' }, failure: 'Failed to remove delegation contact' })}
      />
      <AddByName
        label="Contact name (required)"
        button="Add Delegation Contact"
        onAdd={(name) => runWithToasts(() => createContact({ name }).unwrap(), { success: { title: 'Contact added' }, failure: 'Failed to add delegation contact' })}
      />
    </SettingsSection>
  );
}
