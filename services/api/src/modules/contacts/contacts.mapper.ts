import type { DelegationContact as DelegationContactDto } from '@daybook/shared';
import { toIsoInstant } from '../../db/sql';

/** The columns a contact answer needs (alias `d`). */
export const CONTACT_COLUMNS = 'd.id, d.name, d.sort_order, d.created_at, d.updated_at';

export interface ContactRow {
  id: string;
  name: string;
  sort_order: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export function toContactDto(row: ContactRow): DelegationContactDto {
  return {
    id: row.id,
    name: row.name,
    sortOrder: row.sort_order,
    createdAt: toIsoInstant(row.created_at),
    updatedAt: toIsoInstant(row.updated_at),
  };
}
