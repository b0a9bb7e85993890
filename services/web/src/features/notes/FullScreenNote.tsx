import type { Client, NoteItem } from '@daybook/shared';
import { FullScreenEditor } from './FullScreenEditor';
import { useSaveNote } from './useSaveNote';

/** A note opened in the full-screen editor on its own (full screen on request, or found by search). */
export function FullScreenNote({ item, clients, onClose }: { item: NoteItem; clients: readonly Client[]; onClose: () => void }) {
  const { save, saving } = useSaveNote(item, onClose);
  return <FullScreenEditor item={item} clients={clients} saving={saving} onSave={(content, clientId) => void save(content, clientId)} onCancel={onClose} />;
}
