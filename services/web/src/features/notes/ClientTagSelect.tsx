import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Client } from '@daybook/shared';
import { NO_CLIENT } from './noteClientTag';

/** The client a page or a note is tagged with: 'No client' or one of the user's clients. */
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
