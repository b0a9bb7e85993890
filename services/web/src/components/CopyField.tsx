import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { toast, toastError } from '../lib/toast';

/**
 * Copies the text of `field`: the Clipboard API where the page is secure, else the older copy command on
 * the selected field (Daybook is often opened over plain http on a LAN, where there is no Clipboard API).
 */
async function copyFrom(field: HTMLInputElement | HTMLTextAreaElement): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(field.value);
      return true;
    } catch {
      // refused (no permission): the copy command may still work
    }
  }
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export interface CopyFieldProps {
  /** The field's label; the button is named 'Copy <label, lower case>'. */
  label: string;
  value: string;
  /** The toast's title once copied. */
  copied: string;
  multiline?: boolean;
}

/** A read-only value to copy (a token, a link, a command): selected whole on focus, with a Copy button. */
export function CopyField({ label, value, copied, multiline = false }: CopyFieldProps) {
  const fieldRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);

  const copy = async () => {
    const field = fieldRef.current;
    if (!field) return;
    if (await copyFrom(field)) toast({ title: copied, variant: 'success' });
    else {
      field.select(); // left selected, for the keyboard or the long-press menu
      toastError('Select the text and copy it yourself.', 'Could not copy');
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <TextField
        label={label}
        value={value}
        inputRef={fieldRef}
        multiline={multiline}
        size="small"
        fullWidth
        onFocus={(event) => event.target.select()}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        sx={{ '& .MuiInputBase-input': { fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' } }}
      />
      <Button variant="outlined" startIcon={<CopyIcon />} onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`} sx={{ flexShrink: 0, height: 40 }}>
        Copy
      </Button>
    </Box>
  );
}
