import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import PreviewIcon from '@mui/icons-material/VisibilityOutlined';
import type { Client } from '@daybook/shared';
import { ClientTagSelect } from './ClientTagSelect';
import { FormatToolbar } from './FormatToolbar';
import { clientIdOfTag, NO_CLIENT } from './noteClientTag';
import { NoteContent } from './NoteContent';
import { handleEditorShortcut } from './editorShortcuts';
import { useFormattableText } from './useFormattableText';

export interface NoteEditorProps {
  initialContent: string;
  initialClientId: string | null;
  clients: readonly Client[];
  saving?: boolean;
  /** Taller text area for the full-screen editors. */
  fullHeight?: boolean;
  onSave: (content: string, clientId: string | null) => void;
  onCancel: () => void;
}

/** The note editor (inline, full-screen and mobile): toolbar, client tag, preview, Save and Cancel. */
export function NoteEditor({ initialContent, initialClientId, clients, saving, fullHeight, onSave, onCancel }: NoteEditorProps) {
  const { text, setText, inputRef, format } = useFormattableText(initialContent);
  const [clientId, setClientId] = useState(initialClientId ?? NO_CLIENT);
  const [preview, setPreview] = useState(false);
  const canSave = text.trim() !== '' && !saving;
  const save = () => {
    if (canSave) onSave(text.trim(), clientIdOfTag(clientId));
  };

  return (
    <Box
      data-testid="note-editor"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, flex: fullHeight ? 1 : undefined, minHeight: 0 }}
      onKeyDown={(event) => handleEditorShortcut(event, { format, save, cancel: onCancel })}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <FormatToolbar onFormat={format} disabled={preview} />
        <ToggleButton size="small" value="preview" selected={preview} onChange={() => setPreview((on) => !on)} aria-label="Preview" sx={{ py: 0.25 }}>
          <PreviewIcon fontSize="small" sx={{ mr: 0.5 }} /> Preview
        </ToggleButton>
        <Box sx={{ flex: 1 }} />
        <ClientTagSelect clients={clients} value={clientId} onChange={setClientId} />
      </Box>
      {preview ? (
        <Box data-testid="note-preview" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minHeight: 120, flex: fullHeight ? 1 : undefined, overflowY: 'auto' }}>
          <NoteContent content={text} markdown />
        </Box>
      ) : (
        <TextField
          multiline
          autoFocus
          minRows={fullHeight ? 12 : 4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          inputRef={inputRef}
          slotProps={{ htmlInput: { 'aria-label': 'Note content' } }}
          sx={fullHeight ? { flex: 1, '& .MuiInputBase-root': { height: '100%', alignItems: 'flex-start' } } : undefined}
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={!canSave}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}
