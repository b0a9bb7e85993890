import type { SxProps, Theme } from '@mui/material/styles';
import type { Client } from '@daybook/shared';
import { NativeSelectField } from '../../components/NativeSelectField';

/** The dashboard's client filter (spec §2): 'All Clients' ('all') or one of the user's clients. */
export function ClientFilterField({ clients, value, onChange, sx }: { clients: readonly Client[]; value: string; onChange: (clientId: string) => void; sx?: SxProps<Theme> }) {
  return (
    <NativeSelectField label="Client" value={value} onChange={onChange} sx={sx}>
      <option value="all">All Clients</option>
      {clients.map((client) => (
        <option key={client.id} value={client.id}>
          {client.name}
        </option>
      ))}
    </NativeSelectField>
  );
}
