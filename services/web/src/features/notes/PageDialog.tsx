import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { Client, NoteList } from '@daybook/shared';
import { useCreateNoteListMutation, useUpdateNoteListMutation } from '../../api/notesApi';
import { FormDialog } from '../../components/FormDialog';
import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';
import { ClientTagSelect } from './ClientTagSelect';
import { clientIdOfTag, NO_CLIENT } from './noteClientTag';

/** A new page (inside `parent` for a sub-page), or `list` to edit. */
export interface PageDialogState {
  mode: 'create' | 'edit';
  parent?: NoteList;
  list?: NoteList;
}

/** 'New Page', 'New Sub-page' or 'Edit Page' (spec §2): a title and a client tag. */
export function PageDialog({ state, clients, onClose, onCreated }: { state: PageDialogState; clients: readonly Client[]; onClose: () => void; onCreated: (list: NoteList) => void }) {
  const [title, setTitle] = useState(state.list?.title ?? '');
  const [clientId, setClientId] = useState(state.list?.clientId ?? NO_CLIENT);
  const [error, setError] = useState<string | null>(null);
  const [createList, created] = useCreateNoteListMutation();
  const [updateList, updated] = useUpdateNoteListMutation();
  const saving = created.isLoading || updated.isLoading;
  const heading = state.mode === 'edit' ? 'Edit Page' : state.parent ? 'New Sub-page' : 'New Page';

  const submit = async () => {
    const trimmed = title.trim();
    if (!trimmed) {
      setError('Title is required');
      return;
    }
    const client = clientIdOfTag(clientId);
    if (state.mode === 'edit' && state.list) {
      try {
        await updateList({ id: state.list.id, title: trimmed, clientId: client }).unwrap();
        onClose();
      } catch (err) {
        reportFailure(err, 'Failed to update page.', { showReason: true });
      }
      return;
    }
    try {
      const list = await createList({ title: trimmed, clientId: client, ...(state.parent ? { parentPageId: state.parent.id } : {}) }).unwrap();
      toast({ title: state.parent ? 'Sub-page created' : 'Page created', variant: 'success' });
      vibrate('noteMedium');
      onCreated(list);
      onClose();
    } catch (err) {
      reportFailure(err, 'Failed to create page.', { showReason: true });
    }
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={heading}
      description={state.parent ? `Inside "${state.parent.title}"` : undefined}
      submitLabel={saving ? 'Saving...' : state.mode === 'edit' ? 'Save' : 'Create'}
      busy={saving}
      onSubmit={() => void submit()}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
    >
      <TextField
        label="Title"
        value={title}
        autoFocus
        onChange={(event) => {
          setTitle(event.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
      />
      <ClientTagSelect clients={clients} value={clientId} onChange={setClientId} label="Client" />
    </FormDialog>
  );
}
