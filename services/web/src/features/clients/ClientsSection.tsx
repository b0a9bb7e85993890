import { useCreateClientMutation, useDeleteClientMutation, useGetClientsQuery } from '../../api/clientsApi';
import { AddByName } from '../../components/settings/AddByName';
import { DeletableList } from '../../components/settings/DeletableList';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { runWithToasts } from '../../lib/feedback';

/** Settings, 'Manage Clients' (spec §2): the user's clients, each removable, and a name to add one. */
export function ClientsSection() {
  const clients = useGetClientsQuery();
  const [createClient] = useCreateClientMutation();
  const [deleteClient] = useDeleteClientMutation();
  return (
    <SettingsSection title="Manage Clients">
      <DeletableList
        label="Clients"
        empty="No clients yet."
        items={clients.data ?? []}
        onDelete={(id) => void runWithToasts(() => deleteClient(id).unwrap(), { success: { title: 'Client removed' }, failure: 'Failed to remove client' })}
      />
      <AddByName
        label="New client name"
        button="Add Client"
        onAdd={(name) => runWithToasts(() => createClient({ name }).unwrap(), { success: { title: 'Client added' }, failure: 'Failed to add client' })}
      />
    </SettingsSection>
  );
}
