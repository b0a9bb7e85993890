import { useMemo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useCreateContactMutation, useGetContactsQuery } from '../../api/contactsApi';
import { FormSection } from '../FormSection';
import { SelectOrCreateField } from '../SelectOrCreateField';
import { createByName } from './createByName';
import type { TaskFormFields } from './useTaskForm';

/** 'Delegation' (users with delegation on): delegate the task to a contact (one can be created here), with notes. */
export function TaskDelegationFields({ fields: { values, errors, set } }: { fields: TaskFormFields }) {
  const contacts = useGetContactsQuery();
  const [createContact] = useCreateContactMutation();
  const contactItems = useMemo(() => (contacts.data ?? []).map(({ id, name }) => ({ id, name })), [contacts.data]);
  const createContactNamed = createByName((name) => createContact({ name }).unwrap(), { created: 'Delegation contact created', failure: 'Failed to create delegation contact' });

  return (
    <FormSection title="Delegation">
      <FormControlLabel control={<Checkbox checked={values.isDelegated} onChange={(event) => set('isDelegated', event.target.checked)} />} label="Delegate this task" />
      {values.isDelegated && (
        <>
          <SelectOrCreateField
            label="Delegate to"
            items={contactItems}
            value={values.delegatedToId}
            onChange={(id) => set('delegatedToId', id)}
            onCreate={createContactNamed}
            createLabel={(name) => `Create contact: ${name}`}
            emptyText="No delegation contacts available"
            error={errors.delegatedToId}
          />
          <TextField label="Delegation notes" value={values.delegationNotes} onChange={(event) => set('delegationNotes', event.target.value)} multiline minRows={2} fullWidth />
        </>
      )}
    </FormSection>
  );
}
