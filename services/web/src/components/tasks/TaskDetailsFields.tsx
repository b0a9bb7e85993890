import { useMemo } from 'react';
import TextField from '@mui/material/TextField';
import { useCreateClientMutation, useGetClientsQuery } from '../../api/clientsApi';
import { FormSection } from '../FormSection';
import { SelectOrCreateField } from '../SelectOrCreateField';
import { createByName } from './createByName';
import { DocumentLinksField } from './DocumentLinksField';
import type { TaskFormFields } from './useTaskForm';

/** 'Task Details': title, description, client (one can be created here) and document links. */
export function TaskDetailsFields({ fields: { values, errors, set }, editing }: { fields: TaskFormFields; editing: boolean }) {
  const clients = useGetClientsQuery();
  const [createClient] = useCreateClientMutation();
  const clientItems = useMemo(() => (clients.data ?? []).map(({ id, name, color }) => ({ id, name, color })), [clients.data]);
  const createClientNamed = createByName((name) => createClient({ name }).unwrap(), { created: 'Client created', failure: 'Failed to create client' });

  return (
    <FormSection title="Task Details">
      <TextField
        label="Task Title"
        required
        autoFocus={!editing}
        value={values.title}
        onChange={(event) => set('title', event.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
        fullWidth
      />
      <TextField
        label="Description"
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
      />
      <SelectOrCreateField
        label="Client"
        items={clientItems}
        value={values.clientId}
        onChange={(id) => set('clientId', id)}
        onCreate={createClientNamed}
        createLabel={(name) => `Create client: ${name}`}
        emptyText="No clients available"
      />
      <DocumentLinksField links={values.documentLinks} error={errors.documentLinks} onChange={(links) => set('documentLinks', links)} />
    </FormSection>
  );
}
