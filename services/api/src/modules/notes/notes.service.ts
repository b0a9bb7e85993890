import { randomUUID } from 'node:crypto';
import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  QUOTAS,
  type NoteItem as NoteItemDto,
  type NoteItemCreateBody,
  type NoteItemPage,
  type NoteItemUpdateBody,
  type NoteList as NoteListDto,
  type NoteListCreateBody,
  type NoteListUpdateBody,
  type NoteSearchQuery,
  type NoteSearchResult,
  type PageQuery,
} from '@daybook/shared';
import { assertQuotaRoom } from '../../db/quota';
import { afterKeys, cursorColumns, cursorOf, decodeCursor, orderByKeys, type SortKey } from '../../db/keyset';
import type { Actor } from '../../core/actor';
import { badRequest, notFound } from '../../core/errors';
import { NOTE_ITEM_COLUMNS, NOTE_LIST_COLUMNS, toNoteItemDto, toNoteListDto, type NoteItemRow, type NoteListRow } from './notes.mapper';
import { planNoteSearch, searchCriteria, toSearchResults, type SearchItemRow, type SearchListRow } from './notes-search';

export const PAGE_CYCLE_MESSAGE = 'A page cannot be moved into itself or one of its sub-pages';

/** Serialises moves of one user's pages, so two simultaneous moves cannot close a loop. */
const lockPagesOf = (db: EntityManager, userId: string) => db.execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:note-pages:${userId}`]);

/**
 * `(…) <alias>`: the row of `table` whose id is the first `?`, when it is the user's (the second `?`).
 * The row is found by its primary key alone (the LIMIT keeps the lookup whole) and its owner checked
 * after: given the owner beside the id, a planner with stale statistics may read all the user's rows
 * through the owner's index instead (issue 11 §2).
 */
const ownedRow = (table: string, alias: string, columns: string) =>
  `(select ${columns}, ${alias}.user_id as owner_id from ${table} ${alias} where ${alias}.id = ? limit 1) ${alias} where ${alias}.owner_id = ?`;

/** A page's notes in their order (spec §3 sortOrder, then creation), the keys of its cursor. */
const ITEM_ORDER: SortKey[] = [
  { sql: 'i.sort_order', direction: 'asc', cast: 'int' },
  { sql: 'i.created_at', direction: 'asc', cast: 'timestamptz' },
  { sql: 'i.id', direction: 'asc', cast: 'uuid' },
];

export interface NotesServiceOptions {
  /** The per-user quotas (DECISIONS 22); tests pass small ones. */
  quotas?: { notes: number; notePages: number };
}

/**
 * Notes (spec §2 Notes, §3): pages (note_lists) that nest, holding markdown notes (note_items). Every
 * statement is scoped by the owner, items through their own user_id or their page's, so a foreign id
 * reads as missing (DECISIONS 8), in paths and in bodies (parentPageId, clientId). Per-user quotas bound
 * pages and notes (DECISIONS 22).
 */
export function createNotesService(rootEm: EntityManager, options: NotesServiceOptions = {}) {
  const em = () => rootEm.getContext() as EntityManager;
  const quotas = options.quotas ?? { notes: QUOTAS.notes, notePages: QUOTAS.notePages };

  async function assertOwned(db: EntityManager, table: 'clients' | 'note_lists', id: string, userId: string, what: string) {
    const [found] = await db.execute(`select 1 from ${ownedRow(table, 'x', 'x.id')}`, [id, userId]);
    if (!found) throw notFound(what);
  }

  const assertClient = (db: EntityManager, actor: Actor, clientId: string | null | undefined) =>
    clientId ? assertOwned(db, 'clients', clientId, actor.id, 'Client') : Promise.resolve();



  return {
    /** All the user's pages, flat (the web nests them through parentPageId), in manual order. */
    async listPages(actor: Actor): Promise<NoteListDto[]> {
      const rows = await em().execute<NoteListRow[]>(
        `select ${NOTE_LIST_COLUMNS} from note_lists l where l.user_id = ? order by l.sort_order, l.created_at, l.id`,
        [actor.id],
      );
      return rows.map(toNoteListDto);
    },

    /** A new page goes last among its siblings; refused (409) past the pages quota. */
    async createPage(actor: Actor, body: NoteListCreateBody): Promise<NoteListDto> {
      return em().transactional(async (tx) => {
        const parentPageId = body.parentPageId ?? null;
        if (parentPageId) await assertOwned(tx, 'note_lists', parentPageId, actor.id, 'Parent page');
        await assertClient(tx, actor, body.clientId);
        await assertQuotaRoom(tx, actor.id, 'notePages', 'from note_lists where user_id = ?', quotas.notePages);
        const [row] = await tx.execute<NoteListRow[]>(
          `insert into note_lists as l (id, user_id, client_id, parent_page_id, title, sort_order)
           values (?, ?, ?, ?, ?, (select count(*) from note_lists where user_id = ? and parent_page_id is not distinct from ?::uuid))
           returning ${NOTE_LIST_COLUMNS}`,
          [randomUUID(), actor.id, body.clientId ?? null, parentPageId, body.title, actor.id, parentPageId],
        );
        return toNoteListDto(row!);
      });
    },

    /** Title, client, parent (null: a top-level page) and order. A page cannot move under itself. */
    async updatePage(actor: Actor, id: string, body: NoteListUpdateBody): Promise<NoteListDto> {
      return em().transactional(async (tx) => {
        if (body.parentPageId !== undefined) await lockPagesOf(tx, actor.id);
        const [current] = await tx.execute<NoteListRow[]>(`select ${NOTE_LIST_COLUMNS} from note_lists l where l.user_id = ? and l.id = ? for update`, [actor.id, id]);
        if (!current) throw notFound('Note list');
        await assertClient(tx, actor, body.clientId);
        if (body.parentPageId) {
          if (body.parentPageId === id) throw badRequest(PAGE_CYCLE_MESSAGE);
          await assertOwned(tx, 'note_lists', body.parentPageId, actor.id, 'Parent page');
          // The new parent's ancestors, itself included, must not contain the page.
          const [loop] = await tx.execute(
            `with recursive ancestors (id, parent_page_id) as (
               select id, parent_page_id from note_lists where id = ? and user_id = ?
               union
               select l.id, l.parent_page_id from note_lists l join ancestors a on l.id = a.parent_page_id where l.user_id = ?
             ) select 1 from ancestors where id = ?`,
            [body.parentPageId, actor.id, actor.id, id],
          );
          if (loop) throw badRequest(PAGE_CYCLE_MESSAGE);
        }
        const assignments: string[] = [];
        const params: unknown[] = [];
        const set = (column: string, value: unknown) => {
          assignments.push(`${column} = ?`);
          params.push(value);
        };
        if (body.title !== undefined) set('title', body.title);
        if (body.clientId !== undefined) set('client_id', body.clientId);
        if (body.parentPageId !== undefined) set('parent_page_id', body.parentPageId);
        if (body.sortOrder !== undefined) set('sort_order', body.sortOrder);
        if (assignments.length === 0) return toNoteListDto(current);
        const [row] = await tx.execute<NoteListRow[]>(
          `update note_lists l set ${assignments.join(', ')}, updated_at = now() where l.user_id = ? and l.id = ? returning ${NOTE_LIST_COLUMNS}`,
          [...params, actor.id, id],
        );
        return toNoteListDto(row!);
      });
    },

    /** Deletes a page; its sub-pages and all their notes go with it (the foreign keys cascade). */
    async removePage(actor: Actor, id: string): Promise<void> {
      const result = await em().execute<QueryResult>('delete from note_lists where user_id = ? and id = ?', [actor.id, id], 'run');
      if (result.affectedRows === 0) throw notFound('Note list');
    },

    /**
     * One page (DECISIONS 22) of a page's notes, in order, continuing after `cursor`. The notes are read
     * through their page, which must be the user's: a condition on the notes' own owner would let a
     * planner with stale statistics read the index of all the user's notes for every page.
     */
    async listItems(actor: Actor, noteListId: string, page: PageQuery): Promise<NoteItemPage> {
      const db = em();
      await assertOwned(db, 'note_lists', noteListId, actor.id, 'Note list');
      let after = '';
      const params: unknown[] = [noteListId, actor.id];
      if (page.cursor !== undefined) {
        const values = decodeCursor(page.cursor, ITEM_ORDER);
        if (!values) throw badRequest('Invalid cursor');
        const rest = afterKeys(ITEM_ORDER, values);
        // The first key alone bounds the index range; the full comparison picks the exact next row.
        after = ` and i.sort_order >= ?::int and ${rest.sql}`;
        params.push(values[0], ...rest.params);
      }
      const rows = await db.execute<(NoteItemRow & Record<string, unknown>)[]>(
        `select ${NOTE_ITEM_COLUMNS}, ${cursorColumns(ITEM_ORDER)}
           from note_items i
          where i.note_list_id = (select l.id from ${ownedRow('note_lists', 'l', 'l.id')})${after}
          order by ${orderByKeys(ITEM_ORDER)}
          limit ?`,
        [...params, page.limit + 1],
      );
      const items = rows.slice(0, page.limit);
      const last = items.at(-1);
      return { items: items.map(toNoteItemDto), nextCursor: rows.length > page.limit && last ? cursorOf(last, ITEM_ORDER) : null };
    },

    /** One whole note (a search answers excerpts; the web loads the note before editing it). */
    async getItem(actor: Actor, id: string): Promise<NoteItemDto> {
      const [row] = await em().execute<NoteItemRow[]>(`select ${NOTE_ITEM_COLUMNS} from ${ownedRow('note_items', 'i', NOTE_ITEM_COLUMNS)}`, [id, actor.id]);
      if (!row) throw notFound('Note');
      return toNoteItemDto(row);
    },

    /**
     * Adds a note; without a sortOrder it goes last (sortOrder = the page's current item count, spec §3;
     * counted through the page, the user's as checked first). Refused (409) past the notes quota.
     */
    async createItem(actor: Actor, noteListId: string, body: NoteItemCreateBody): Promise<NoteItemDto> {
      return em().transactional(async (tx) => {
        await assertOwned(tx, 'note_lists', noteListId, actor.id, 'Note list');
        await assertClient(tx, actor, body.clientId);
        await assertQuotaRoom(tx, actor.id, 'notes', 'from note_items where user_id = ?', quotas.notes);
        const [row] = await tx.execute<NoteItemRow[]>(
          `insert into note_items as i (id, user_id, note_list_id, client_id, content, sort_order)
           values (?, ?, ?, ?, ?, coalesce(?::int, (select count(*) from note_items where note_list_id = ?)))
           returning ${NOTE_ITEM_COLUMNS}`,
          [randomUUID(), actor.id, noteListId, body.clientId ?? null, body.content, body.sortOrder ?? null, noteListId],
        );
        return toNoteItemDto(row!);
      });
    },

    async updateItem(actor: Actor, id: string, body: NoteItemUpdateBody): Promise<NoteItemDto> {
      const db = em();
      await assertClient(db, actor, body.clientId);
      const assignments: string[] = [];
      const params: unknown[] = [];
      if (body.content !== undefined) {
        assignments.push('content = ?');
        params.push(body.content);
      }
      if (body.clientId !== undefined) {
        assignments.push('client_id = ?');
        params.push(body.clientId);
      }
      const [row] = assignments.length
        ? await db.execute<NoteItemRow[]>(
            `update note_items i set ${assignments.join(', ')}, updated_at = now() where i.user_id = ? and i.id = ? returning ${NOTE_ITEM_COLUMNS}`,
            [...params, actor.id, id],
          )
        : await db.execute<NoteItemRow[]>(`select ${NOTE_ITEM_COLUMNS} from note_items i where i.user_id = ? and i.id = ?`, [actor.id, id]);
      if (!row) throw notFound('Note');
      return toNoteItemDto(row);
    },

    async removeItem(actor: Actor, id: string): Promise<void> {
      const result = await em().execute<QueryResult>('delete from note_items where user_id = ? and id = ?', [actor.id, id], 'run');
      if (result.affectedRows === 0) throw notFound('Note');
    },

    /** GET /api/notes/search (see notes-search.ts). No criteria, or nothing searchable: no results. */
    async search(actor: Actor, query: NoteSearchQuery): Promise<NoteSearchResult[]> {
      const criteria = searchCriteria(actor.id, actor.timezone, query);
      if (!criteria) return [];
      const plan = planNoteSearch(criteria);
      const db = em();
      const items = await db.execute<SearchItemRow[]>(plan.items.sql, plan.items.params);
      const lists = plan.lists ? await db.execute<SearchListRow[]>(plan.lists.sql, plan.lists.params) : [];
      return toSearchResults(items, lists);
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
