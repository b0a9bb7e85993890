import type { Client } from '@daybook/shared';
import { NativeSelectField } from '../../components/NativeSelectField';

/** The dashboard's client filter (spec §2): 'All Clients' ('all') or one of the user's clients. `className` sizes it. */
export function ClientFilterField({ clients, value, onChange, className }: { clients: readonly Client[]; value: string; onChange: (clientId: string) => void; className?: string }) {
  return (
    <NativeSelectField label="Client" value={value} onChange={onChange} className={className}>
      <option value="all">All Clients</option>
      {clients.map((client) => (
        <option key={client.id} value={client.id}>
          {client.name}
        </option>
      ))}
    </NativeSelectField>
  );
}
