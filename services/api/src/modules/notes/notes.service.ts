import { randomUUID } from 'node:crypto';
import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  NoteItem as NoteItemDto,
  NoteItemCreateBody,
  NoteItemUpdateBody,
  NoteList as NoteListDto,
  NoteListCreateBody,
  NoteListUpdateBody,
  NoteSearchQuery,
  NoteSearchResult,
} from '@daybook/shared';
import type { Actor } from '../../http/actor';
import { badRequest, notFound } from '../../http/errors';
import { NOTE_ITEM_COLUMNS, NOTE_LIST_COLUMNS, toNoteItemDto, toNoteListDto, type NoteItemRow, type NoteListRow } from './notes.mapper';
import { planNoteSearch, searchCriteria, toSearchResults, type SearchItemRow, type SearchListRow } from './notes-search';

export const PAGE_CYCLE_MESSAGE = 'A page cannot be moved into itself or one of its sub-pages';

/** Serialises moves of one user's pages, so two simultaneous moves cannot close a loop. */
const lockPagesOf = (db: EntityManager, userId: string) => db.execute('select pg_advisory_xact_lock(hashtext(?))', [`daybook:note-pages:${userId}`]);

/**
 * Notes (spec §2 Notes, §3): pages (note_lists) that nest, holding markdown notes (note_items). Every
 * statement is scoped by the owner, items through their own user_id, so a foreign id reads as missing
 * (DECISIONS 8), in paths and in bodies (parentPageId, clientId).
 */
export function createNotesService(rootEm: EntityManager) {
  const em = () => rootEm.getContext() as EntityManager;

  async function assertOwned(db: EntityManager, table: 'clients' | 'note_lists', id: string, userId: string, what: string) {
    const [found] = await db.execute(`select 1 from ${table} where id = ? and user_id = ?`, [id, userId]);
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

    /** A new page goes last among its siblings. */
    async createPage(actor: Actor, body: NoteListCreateBody): Promise<NoteListDto> {
      const db = em();
      const parentPageId = body.parentPageId ?? null;
      if (parentPageId) await assertOwned(db, 'note_lists', parentPageId, actor.id, 'Parent page');
      await assertClient(db, actor, body.clientId);
      const [row] = await db.execute<NoteListRow[]>(
        `insert into note_lists as l (id, user_id, client_id, parent_page_id, title, sort_order)
         values (?, ?, ?, ?, ?, (select count(*) from note_lists where user_id = ? and parent_page_id is not distinct from ?::uuid))
         returning ${NOTE_LIST_COLUMNS}`,
        [randomUUID(), actor.id, body.clientId ?? null, parentPageId, body.title, actor.id, parentPageId],
      );
      return toNoteListDto(row!);
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

    async listItems(actor: Actor, noteListId: string): Promise<NoteItemDto[]> {
      const db = em();
      await assertOwned(db, 'note_lists', noteListId, actor.id, 'Note list');
      const rows = await db.execute<NoteItemRow[]>(
        `select ${NOTE_ITEM_COLUMNS} from note_items i where i.user_id = ? and i.note_list_id = ? order by i.sort_order, i.created_at, i.id`,
        [actor.id, noteListId],
      );
      return rows.map(toNoteItemDto);
    },

    /** Adds a note; without a sortOrder it goes last (sortOrder = the page's current item count, spec §3). */
    async createItem(actor: Actor, noteListId: string, body: NoteItemCreateBody): Promise<NoteItemDto> {
      const db = em();
      await assertOwned(db, 'note_lists', noteListId, actor.id, 'Note list');
      await assertClient(db, actor, body.clientId);
      const [row] = await db.execute<NoteItemRow[]>(
        `insert into note_items as i (id, user_id, note_list_id, client_id, content, sort_order)
         values (?, ?, ?, ?, ?, coalesce(?::int, (select count(*) from note_items where user_id = ? and note_list_id = ?)))
         returning ${NOTE_ITEM_COLUMNS}`,
        [randomUUID(), actor.id, noteListId, body.clientId ?? null, body.content, body.sortOrder ?? null, actor.id, noteListId],
      );
      return toNoteItemDto(row!);
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
