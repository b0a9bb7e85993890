import { useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import BoldIcon from '@mui/icons-material/FormatBold';
import ItalicIcon from '@mui/icons-material/FormatItalic';
import CodeIcon from '@mui/icons-material/Code';
import HeadingIcon from '@mui/icons-material/Title';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import LinkIcon from '@mui/icons-material/Link';
import PreviewIcon from '@mui/icons-material/VisibilityOutlined';
import type { Client } from '@daybook/shared';
import { applyFormat, type FormatKind } from './formatting';
import { NoteContent } from './Markdown';

export const NO_CLIENT = 'none';

const TOOLBAR: ReadonlyArray<[FormatKind, string, typeof BoldIcon]> = [
  ['bold', 'Bold', BoldIcon],
  ['italic', 'Italic', ItalicIcon],
  ['code', 'Inline code', CodeIcon],
  ['heading', 'Heading', HeadingIcon],
  ['list', 'List', ListIcon],
  ['link', 'Link', LinkIcon],
];

const SHORTCUTS: Record<string, FormatKind> = { b: 'bold', i: 'italic', k: 'link' };

/**
 * Keyboard shortcuts of spec §2: Cmd/Ctrl+B, I, K format; Cmd/Ctrl+Enter saves; Escape cancels.
 * Returns true when the key was handled.
 */
export function handleEditorShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'preventDefault'>,
  actions: { format: (kind: FormatKind) => void; save: () => void; cancel: () => void },
): boolean {
  if (event.key === 'Escape') {
    event.preventDefault();
    actions.cancel();
    return true;
  }
  if (!(event.metaKey || event.ctrlKey)) return false;
  if (event.key === 'Enter') {
    event.preventDefault();
    actions.save();
    return true;
  }
  const kind = SHORTCUTS[event.key.toLowerCase()];
  if (!kind) return false;
  event.preventDefault();
  actions.format(kind);
  return true;
}

export function FormatToolbar({ onFormat, disabled }: { onFormat: (kind: FormatKind) => void; disabled?: boolean }) {
  return (
    <Box role="toolbar" aria-label="Formatting" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25 }}>
      {TOOLBAR.map(([kind, label, Icon]) => (
        <Tooltip key={kind} title={label}>
          <span>
            <IconButton size="small" aria-label={label} disabled={disabled} onMouseDown={(event) => event.preventDefault()} onClick={() => onFormat(kind)}>
              <Icon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Box>
  );
}

export function ClientTagSelect({ clients, value, onChange, label = 'Client tag' }: { clients: readonly Client[]; value: string; onChange: (value: string) => void; label?: string }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 160 }}>
      <MenuItem value={NO_CLIENT}>No client</MenuItem>
      {clients.map((client) => (
        <MenuItem key={client.id} value={client.id}>
          {client.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A textarea with the toolbar's formatting and the shortcuts wired to it. */
export function useFormattableText(initial: string) {
  const [text, setText] = useState(initial);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const format = (kind: FormatKind) => {
    const input = inputRef.current;
    const next = applyFormat({ value: text, start: input?.selectionStart ?? text.length, end: input?.selectionEnd ?? text.length }, kind);
    setText(next.value);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.start, next.end);
    });
  };
  return { text, setText, inputRef, format };
}

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
    if (canSave) onSave(text.trim(), clientId === NO_CLIENT || clientId === '' ? null : clientId);
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
