import type { NoteClientRef, NoteItem as NoteItemDto, NoteList as NoteListDto } from '@daybook/shared';
import { toIsoInstant } from '../../db/sql';

/** The columns a page answer needs (alias `l`). */
export const NOTE_LIST_COLUMNS = 'l.id, l.title, l.client_id, l.parent_page_id, l.sort_order, l.created_at, l.updated_at';

export interface NoteListRow {
  id: string;
  title: string;
  client_id: string | null;
  parent_page_id: string | null;
  sort_order: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export function toNoteListDto(row: NoteListRow): NoteListDto {
  return {
    id: row.id,
    title: row.title,
    clientId: row.client_id,
    parentPageId: row.parent_page_id,
    sortOrder: row.sort_order,
    createdAt: toIsoInstant(row.created_at),
    updatedAt: toIsoInstant(row.updated_at),
  };
}

/** The columns a note answer needs (alias `i`). */
export const NOTE_ITEM_COLUMNS = 'i.id, i.note_list_id, i.content, i.client_id, i.sort_order, i.created_at, i.updated_at';

export interface NoteItemRow {
  id: string;
  note_list_id: string;
  content: string;
  client_id: string | null;
  sort_order: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export function toNoteItemDto(row: NoteItemRow): NoteItemDto {
  return {
    id: row.id,
    noteListId: row.note_list_id,
    content: row.content,
    clientId: row.client_id,
    sortOrder: row.sort_order,
    createdAt: toIsoInstant(row.created_at),
    updatedAt: toIsoInstant(row.updated_at),
  };
}

/** A client named by a search result (spec §3: name and colour), or null. */
export function toClientRef(id: string | null, name: string | null, color: string | null): NoteClientRef | null {
  return id && name !== null && color !== null ? { id, name, color } : null;
}
