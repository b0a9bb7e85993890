import type { Client as ClientDto } from '@daybook/shared';
import { toIsoInstant } from '../../db/sql';

/** The columns a client answer needs (alias `c`): list reads select these plain rows, no entity hydration. */
export const CLIENT_COLUMNS = 'c.id, c.name, c.color, c.sort_order, c.created_at, c.updated_at';

export interface ClientRow {
  id: string;
  name: string;
  color: string;
  sort_order: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export function toClientDto(row: ClientRow): ClientDto {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    sortOrder: row.sort_order,
    createdAt: toIsoInstant(row.created_at),
    updatedAt: toIsoInstant(row.updated_at),
  };
}
