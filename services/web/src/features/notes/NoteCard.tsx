import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FullscreenIcon from '@mui/icons-material/OpenInFull';
import type { Client, NoteItem } from '@daybook/shared';
import { useDeleteNoteItemMutation } from '../../api/notesApi';
import { ClientChip } from '../../components/ClientChip';
import { reportFailure } from '../../lib/feedback';
import { formatInstantDate } from '../../lib/format';
import { vibrate } from '../../lib/vibrate';
import { FullScreenEditor } from './FullScreenEditor';
import { taggedClient } from './noteClientTag';
import { NoteContent } from './NoteContent';
import { NoteEditor } from './NoteEditor';
import { useSaveNote } from './useSaveNote';

export interface NoteCardProps {
  item: NoteItem;
  clients: readonly Client[];
  markdown: boolean;
  timeZone: string;
  /** The note is being edited: inline on wide screens, in the full-screen editor on phones. */
  editing: boolean;
  wide: boolean;
  onEdit: () => void;
  onFullScreen: () => void;
  /** The edit is over (saved or cancelled). */
  onClose: () => void;
}

/** One note of a page: its content, client and date; a click (not on a link) edits it; full screen and delete. */
export function NoteCard({ item, clients, markdown, timeZone, editing, wide, onEdit, onFullScreen, onClose }: NoteCardProps) {
  const { save, saving } = useSaveNote(item, onClose);
  const [deleteItem] = useDeleteNoteItemMutation();
  const client = taggedClient(clients, item.clientId);

  const remove = async () => {
    try {
      await deleteItem({ id: item.id, listId: item.noteListId }).unwrap();
      vibrate('noteHeavy');
    } catch (err) {
      reportFailure(err, 'Failed to delete note.', { showReason: true });
    }
  };

  if (editing && wide) {
    return (
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <NoteEditor initialContent={item.content} initialClientId={item.clientId} clients={clients} saving={saving} onSave={(c, id) => void save(c, id)} onCancel={onClose} />
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" data-testid="note-item" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      {/* A click on the text edits it; from the keyboard, the Edit button does (the text may hold links). */}
      <Box
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) return; // following a link is not editing
          onEdit();
        }}
        sx={{ flex: 1, minWidth: 0, cursor: 'text' }}
      >
        <NoteContent content={item.content} markdown={markdown} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
          {client && <ClientChip id={client.id} name={client.name} color={client.color} />}
          <Typography variant="caption" color="textSecondary">
            {formatInstantDate(item.createdAt, timeZone)}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
        {wide && (
          <Tooltip title="Full screen">
            <IconButton size="small" aria-label="Edit note full screen" onClick={onFullScreen}>
              <FullscreenIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title="Edit">
          <IconButton size="small" aria-label="Edit" onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" aria-label="Delete note" onClick={() => void remove()}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {editing && !wide && <FullScreenEditor item={item} clients={clients} saving={saving} onSave={(c, id) => void save(c, id)} onCancel={onClose} />}
    </Paper>
  );
}
