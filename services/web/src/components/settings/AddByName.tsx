import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

/**
 * A name input with its add button; Enter adds too; enabled only for a non-blank name, sent trimmed
 * (spec §5). `onAdd` resolves true when the entry was added, which empties the input.
 */
export function AddByName({ label, button, onAdd }: { label: string; button: string; onAdd: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const add = async () => {
    if (trimmed === '' || busy) return;
    setBusy(true);
    if (await onAdd(trimmed)) setName('');
    setBusy(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void add();
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' } }}>
      <TextField label={label} value={name} onChange={(event) => setName(event.target.value)} onKeyDown={onKeyDown} fullWidth />
      <Button variant="outlined" onClick={() => void add()} disabled={trimmed === '' || busy} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {button}
      </Button>
    </Box>
  );
}
