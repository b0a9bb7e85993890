import { useId } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Client, NoteItem } from '@daybook/shared';
import { NoteEditor } from './NoteEditor';

/** The full-screen editor: on wide screens on request, and the mobile editor under 768 px. */
export function FullScreenEditor({ item, clients, saving, onSave, onCancel }: { item: NoteItem; clients: readonly Client[]; saving: boolean; onSave: (content: string, clientId: string | null) => void; onCancel: () => void }) {
  const titleId = useId();
  return (
    <Dialog fullScreen open onClose={onCancel} aria-labelledby={titleId}>
      <AppBar position="static" color="default" elevation={0}>
        <Toolbar>
          <Typography id={titleId} variant="h6" component="h2">
            Edit note
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <NoteEditor initialContent={item.content} initialClientId={item.clientId} clients={clients} saving={saving} fullHeight onSave={onSave} onCancel={onCancel} />
      </Box>
    </Dialog>
  );
}
