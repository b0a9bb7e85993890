import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import type { Client, NoteList } from '@daybook/shared';
import { useCreateNoteItemMutation } from '../../api/notesApi';
import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';
import { ClientTagSelect } from './ClientTagSelect';
import { handleEditorShortcut } from './editorShortcuts';
import { FormatToolbar } from './FormatToolbar';
import { clientIdOfTag, NO_CLIENT } from './noteClientTag';
import { useFormattableText } from './useFormattableText';

/** The new-note box under a page's notes: the toolbar and client tag appear once the user types. */
export function AddNote({ list, clients }: { list: NoteList; clients: readonly Client[] }) {
  const { text, setText, inputRef, format } = useFormattableText('');
  const [clientId, setClientId] = useState(list.clientId ?? NO_CLIENT);
  const [createItem, { isLoading }] = useCreateNoteItemMutation();
  const typed = text.length > 0;

  const add = async () => {
    const content = text.trim();
    if (!content || isLoading) return;
    try {
      await createItem({ listId: list.id, content, clientId: clientIdOfTag(clientId) }).unwrap();
      setText('');
      toast({ title: 'Note added', variant: 'success' });
      vibrate('noteMedium');
    } catch (err) {
      reportFailure(err, 'Failed to add note.', { showReason: true });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {typed && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <FormatToolbar onFormat={format} />
          <Box sx={{ flex: 1 }} />
          <ClientTagSelect clients={clients} value={clientId} onChange={setClientId} />
        </Box>
      )}
      <TextField
        multiline
        minRows={4}
        placeholder="Write a note... (markdown supported)"
        value={text}
        onChange={(event) => setText(event.target.value)}
        inputRef={inputRef}
        onKeyDown={(event) => handleEditorShortcut(event, { format, save: () => void add(), cancel: () => setText('') })}
        slotProps={{ htmlInput: { 'aria-label': 'New note' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={() => setText('')} disabled={!typed}>
          Clear
        </Button>
        <Button variant="contained" startIcon={<NoteAddIcon />} onClick={() => void add()} disabled={!text.trim() || isLoading}>
          Add Note
        </Button>
      </Box>
    </Paper>
  );
}
