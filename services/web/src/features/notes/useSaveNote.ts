import type { NoteItem } from '@daybook/shared';
import { useUpdateNoteItemMutation } from '../../api/notesApi';
import { reportFailure } from '../../lib/feedback';
import { vibrate } from '../../lib/vibrate';

/** Saves an edit of `item` (its content and client tag), then calls `onSaved`; a failure says so. */
export function useSaveNote(item: NoteItem, onSaved: () => void) {
  const [updateItem, { isLoading: saving }] = useUpdateNoteItemMutation();
  const save = async (content: string, clientId: string | null) => {
    try {
      await updateItem({ id: item.id, listId: item.noteListId, content, clientId }).unwrap();
      vibrate('noteMedium');
      onSaved();
    } catch (err) {
      reportFailure(err, 'Failed to update note.', { showReason: true });
    }
  };
  return { save, saving };
}
