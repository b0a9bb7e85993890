import { randomUUID } from 'node:crypto';
import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  NoteItem as NoteItemDto,
  NoteItemPage,
  NoteItemUpdateBody,
  NoteList as NoteListDto,
  NoteListUpdateBody,
  NoteSearchPage,
  PageQuery,
} from '@daybook/shared';
import { columnMap } from '../../db/column-map';
import { afterKeys, cursorKeysColumn, decodeCursor, orderByKeys, pageOf, type SortKey, type WithCursorKeys } from '../../db/keyset';
import { preparedRows } from '../../db/prepared';
import { countForQuota } from '../../db/quota';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';
import { FOUND_NOTE_ORDER, planNoteSearch, toSearchPage, type NoteSearchCriteria, type SearchRow } from './notes-search';

/** The `note_lists` table, the pages (alias `l`). */
const PAGE = columnMap<NoteListDto>()('l', {
  id: { column: 'id' },
  title: { column: 'title', writable: true },
  clientId: { column: 'client_id', writable: true },
  parentPageId: { column: 'parent_page_id', writable: true },
  sortOrder: { column: 'sort_order', writable: true },
  createdAt: { column: 'created_at', kind: 'instant' },
  updatedAt: { column: 'updated_at', kind: 'instant' },
});

/** The `note_items` table, the notes (alias `i`). */
const NOTE = columnMap<NoteItemDto>()('i', {
  id: { column: 'id' },
  noteListId: { column: 'note_list_id' },
  content: { column: 'content', writable: true },
  clientId: { column: 'client_id', writable: true },
  sortOrder: { column: 'sort_order' },
  createdAt: { column: 'created_at', kind: 'instant' },
  updatedAt: { column: 'updated_at', kind: 'instant' },
});

/** A page's notes in their order (spec §3 sortOrder, then creation), the keys of its cursor. */
const NOTE_ORDER: SortKey[] = [
  { sql: 'i.sort_order', direction: 'asc', cast: 'int' },
  { sql: 'i.created_at', direction: 'asc', cast: 'timestamptz' },
  { sql: 'i.id', direction: 'asc', cast: 'uuid' },
];

/** A cursor that is not one this list gave (edited, of another list, or made up). */
export const INVALID_CURSOR = 'invalid-cursor';

/**
 * `(…) <alias>`: the row of `table` whose id is the first `?`, when it is the user's (the second `?`).
 * The row is found by its primary key alone (the LIMIT keeps the lookup whole) and its owner checked
 * after: given the owner beside the id, a planner with stale statistics may read all the user's rows
 * through the owner's index instead (issue 11 §2).
 */
const ownedRow = (table: string, alias: string, columns: string) =>
  `(select ${columns}, ${alias}.user_id as owner_id from ${table} ${alias} where ${alias}.id = ? limit 1) ${alias} where ${alias}.owner_id = ?`;

/**
 * The SQL of notes (pages and their notes) and of their search. Every statement is scoped by the owner,
 * notes through their own user_id or their page's, so a foreign id reads as missing (DECISIONS 8).
 */
export interface NotesRepository extends UnitOfWork {
  /** All the user's pages, flat, in manual order (then creation). */
  listPages(userId: string): Promise<NoteListDto[]>;
  ownsPage(userId: string, pageId: string): Promise<boolean>;
  ownsClient(userId: string, clientId: string): Promise<boolean>;
  /** Inside a transaction: how many pages the user has, up to `quota`, holding the quota's lock (DECISIONS 22). */
  countPagesForQuota(userId: string, quota: number): Promise<number>;
  /** A new page, last among its siblings. */
  insertPage(userId: string, fields: { title: string; clientId: string | null; parentPageId: string | null }): Promise<NoteListDto>;
  /** Inside a transaction: serialises the moves of the user's pages until it ends. */
  lockPageMoves(userId: string): Promise<void>;
  /** Inside a transaction: the user's page, locked until it ends; null when there is none. */
  lockPage(userId: string, id: string): Promise<NoteListDto | null>;
  /** The ids of the user's page and of its ancestors, up to the top level; empty when there is no such page. */
  pageAndAncestors(userId: string, pageId: string): Promise<string[]>;
  /** Writes the fields the patch gives (none: answers the page as it is); null: no such page of the user. */
  updatePage(userId: string, id: string, patch: NoteListUpdateBody): Promise<NoteListDto | null>;
  /** Deletes the page, its sub-pages and all their notes (the foreign keys cascade); false when there is none. */
  removePage(userId: string, id: string): Promise<boolean>;

  /** One page of a page's notes (which must be the user's, as checked before), continuing after `cursor`. */
  listNotes(userId: string, pageId: string, page: PageQuery): Promise<NoteItemPage | typeof INVALID_CURSOR>;
  getNote(userId: string, id: string): Promise<NoteItemDto | null>;
  /** Inside a transaction: how many notes the user has, up to `quota`, holding the quota's lock (DECISIONS 22). */
  countNotesForQuota(userId: string, quota: number): Promise<number>;
  /** A new note on the page (the user's, as checked before); without a sortOrder it goes last (the page's note count, spec §3). */
  insertNote(userId: string, pageId: string, fields: { content: string; clientId: string | null; sortOrder: number | null }): Promise<NoteItemDto>;
  /** Writes the fields the patch gives (none: answers the note as it is); null: no such note of the user. */
  updateNote(userId: string, id: string, patch: NoteItemUpdateBody): Promise<NoteItemDto | null>;
  removeNote(userId: string, id: string): Promise<boolean>;

  /** A page of the answer to a search (see notes-search.ts), continuing after `page.cursor`. */
  search(criteria: NoteSearchCriteria, page: PageQuery): Promise<NoteSearchPage | typeof INVALID_CURSOR>;
}

export function createNotesRepository(rootEm: EntityManager): NotesRepository {
  const { db, transaction } = dataAccess(rootEm);

  async function owns(table: 'clients' | 'note_lists', userId: string, id: string): Promise<boolean> {
    const [found] = await db().execute(`select 1 from ${ownedRow(table, 'x', 'x.id')}`, [id, userId]);
    return Boolean(found);
  }

  async function removeOwned(table: 'note_lists' | 'note_items', userId: string, id: string): Promise<boolean> {
    const result = await db().execute<QueryResult>(`delete from ${table} where user_id = ? and id = ?`, [userId, id], 'run');
    return result.affectedRows > 0;
  }

  return {
    transaction,

    listPages: (userId) => db().execute<NoteListDto[]>(`select ${PAGE.select} from note_lists l where l.user_id = ? order by l.sort_order, l.created_at, l.id`, [userId]),

    ownsPage: (userId, pageId) => owns('note_lists', userId, pageId),
    ownsClient: (userId, clientId) => owns('clients', userId, clientId),
    countPagesForQuota: (userId, quota) => countForQuota(db(), userId, 'notePages', 'from note_lists where user_id = ?', quota),

    async insertPage(userId, fields) {
      const [inserted] = await db().execute<NoteListDto[]>(
        `insert into note_lists as l (id, user_id, client_id, parent_page_id, title, sort_order)
         values (?, ?, ?, ?, ?, (select count(*) from note_lists where user_id = ? and parent_page_id is not distinct from ?::uuid))
         returning ${PAGE.select}`,
        [randomUUID(), userId, fields.clientId, fields.parentPageId, fields.title, userId, fields.parentPageId],
      );
      return inserted!;
    },

    async lockPageMoves(userId) {
      await db().execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:note-pages:${userId}`]);
    },

    async lockPage(userId, id) {
      const [page] = await db().execute<NoteListDto[]>(`select ${PAGE.select} from note_lists l where l.user_id = ? and l.id = ? for update`, [userId, id]);
      return page ?? null;
    },

    async pageAndAncestors(userId, pageId) {
      const rows = await db().execute<{ id: string }[]>(
        `with recursive ancestors (id, parent_page_id) as (
           select id, parent_page_id from note_lists where id = ? and user_id = ?
           union
           select l.id, l.parent_page_id from note_lists l join ancestors a on l.id = a.parent_page_id where l.user_id = ?
         ) select id from ancestors`,
        [pageId, userId, userId],
      );
      return rows.map((row) => row.id);
    },

    async updatePage(userId, id, patch) {
      const { set, params } = PAGE.assignments(patch);
      const [page] = set
        ? await db().execute<NoteListDto[]>(`update note_lists l set ${set}, updated_at = now() where l.user_id = ? and l.id = ? returning ${PAGE.select}`, [
            ...params,
            userId,
            id,
          ])
        : await db().execute<NoteListDto[]>(`select ${PAGE.select} from note_lists l where l.user_id = ? and l.id = ?`, [userId, id]);
      return page ?? null;
    },

    removePage: (userId, id) => removeOwned('note_lists', userId, id),

    /**
     * The notes are read through their page, which must be the user's: a condition on the notes' own
     * owner would let a planner with stale statistics read the index of all the user's notes for every page.
     */
    async listNotes(userId, pageId, page) {
      let after = '';
      const params: unknown[] = [pageId, userId];
      if (page.cursor !== undefined) {
        const values = decodeCursor(page.cursor, NOTE_ORDER);
        if (!values) return INVALID_CURSOR;
        const rest = afterKeys(NOTE_ORDER, values);
        // The first key alone bounds the index range; the full comparison picks the exact next row.
        after = ` and i.sort_order >= ?::int and ${rest.sql}`;
        params.push(values[0], ...rest.params);
      }
      const rows = await db().execute<(NoteItemDto & WithCursorKeys)[]>(
        `select ${NOTE.select}, ${cursorKeysColumn(NOTE_ORDER)}
           from note_items i
          where i.note_list_id = (select l.id from ${ownedRow('note_lists', 'l', 'l.id')})${after}
          order by ${orderByKeys(NOTE_ORDER)}
          limit ?`,
        [...params, page.limit + 1],
      );
      return pageOf(rows, page.limit);
    },

    async getNote(userId, id) {
      const [note] = await db().execute<NoteItemDto[]>(`select ${NOTE.select} from ${ownedRow('note_items', 'i', 'i.*')}`, [id, userId]);
      return note ?? null;
    },

    countNotesForQuota: (userId, quota) => countForQuota(db(), userId, 'notes', 'from note_items where user_id = ?', quota),

    async insertNote(userId, pageId, fields) {
      const [inserted] = await db().execute<NoteItemDto[]>(
        `insert into note_items as i (id, user_id, note_list_id, client_id, content, sort_order)
         values (?, ?, ?, ?, ?, coalesce(?::int, (select count(*) from note_items where note_list_id = ?)))
         returning ${NOTE.select}`,
        [randomUUID(), userId, pageId, fields.clientId, fields.content, fields.sortOrder, pageId],
      );
      return inserted!;
    },

    async updateNote(userId, id, patch) {
      const { set, params } = NOTE.assignments(patch);
      const [note] = set
        ? await db().execute<NoteItemDto[]>(`update note_items i set ${set}, updated_at = now() where i.user_id = ? and i.id = ? returning ${NOTE.select}`, [
            ...params,
            userId,
            id,
          ])
        : await db().execute<NoteItemDto[]>(`select ${NOTE.select} from note_items i where i.user_id = ? and i.id = ?`, [userId, id]);
      return note ?? null;
    },

    removeNote: (userId, id) => removeOwned('note_items', userId, id),

    async search(criteria, page) {
      const after = page.cursor === undefined ? null : decodeCursor(page.cursor, FOUND_NOTE_ORDER);
      if (after === null && page.cursor !== undefined) return INVALID_CURSOR;
      const statement = planNoteSearch(criteria, { limit: page.limit, after });
      return toSearchPage(await preparedRows<SearchRow>(db(), statement.sql, statement.params), page.limit, criteria.terms);
    },
  };
}
