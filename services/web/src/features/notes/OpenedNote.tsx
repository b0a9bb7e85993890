import { useEffect, useId } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import type { Client } from '@daybook/shared';
import { useGetNoteItemQuery } from '../../api/notesApi';
import { reportFailure } from '../../lib/feedback';
import { FullScreenNote } from './FullScreenNote';

/** A note found by search, loaded whole (the search answered an excerpt), in the full-screen editor. */
export function OpenedNote({ itemId, clients, onClose }: { itemId: string; clients: readonly Client[]; onClose: () => void }) {
  const note = useGetNoteItemQuery(itemId);
  const titleId = useId();
  useEffect(() => {
    if (!note.isError) return;
    reportFailure(note.error, 'Failed to open note.', { showReason: true });
    onClose();
  }, [note.isError, note.error, onClose]);
  if (note.data) return <FullScreenNote item={note.data} clients={clients} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <Box sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} />
        <Typography id={titleId}>Opening note...</Typography>
      </Box>
    </Dialog>
  );
}
