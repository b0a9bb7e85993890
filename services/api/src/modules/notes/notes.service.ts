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
  type NoteSearchPage,
  type PageQuery,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, notFound } from '../../core/errors';
import { assertBelowQuota } from '../../db/quota';
import { searchCriteria } from './notes-search';
import { createNotesRepository, INVALID_CURSOR, type NotesRepository } from './notes.repository';

export const PAGE_CYCLE_MESSAGE = 'A page cannot be moved into itself or one of its sub-pages';

export interface NotesServiceOptions {
  /** The per-user quotas (DECISIONS 22); tests pass small ones. */
  quotas?: { notes: number; notePages: number };
}

/** The notes service on the database (app.ts). */
export const createNotesService = (em: EntityManager, options: NotesServiceOptions = {}) => notesService(createNotesRepository(em), options);

/**
 * Notes (spec §2 Notes, §3): pages (note_lists) that nest, holding markdown notes (note_items). A foreign
 * id reads as missing (DECISIONS 8), in paths and in bodies (parentPageId, clientId). Per-user quotas bound
 * pages and notes (DECISIONS 22).
 */
export function notesService(notes: NotesRepository, options: NotesServiceOptions = {}) {
  const quotas = options.quotas ?? { notes: QUOTAS.notes, notePages: QUOTAS.notePages };

  async function assertOwnPage(actor: Actor, pageId: string, what: string) {
    if (!(await notes.ownsPage(actor.id, pageId))) throw notFound(what);
  }

  async function assertOwnClient(actor: Actor, clientId: string | null | undefined) {
    if (clientId && !(await notes.ownsClient(actor.id, clientId))) throw notFound('Client');
  }

  return {
    /** All the user's pages, flat (the web nests them through parentPageId), in manual order. */
    listPages: (actor: Actor): Promise<NoteListDto[]> => notes.listPages(actor.id),

    /** A new page goes last among its siblings; refused (409) past the pages quota. */
    async createPage(actor: Actor, body: NoteListCreateBody): Promise<NoteListDto> {
      return notes.transaction(async () => {
        const parentPageId = body.parentPageId ?? null;
        if (parentPageId) await assertOwnPage(actor, parentPageId, 'Parent page');
        await assertOwnClient(actor, body.clientId);
        assertBelowQuota('notePages', await notes.countPagesForQuota(actor.id, quotas.notePages), quotas.notePages);
        return notes.insertPage(actor.id, { title: body.title, clientId: body.clientId ?? null, parentPageId });
      });
    },

    /**
     * Title, client, parent (null: a top-level page) and order. A page cannot move under itself: the new
     * parent's ancestors, itself included, must not contain the page. Moves of one user's pages run one
     * after the other, so two simultaneous moves cannot close a loop.
     */
    async updatePage(actor: Actor, id: string, body: NoteListUpdateBody): Promise<NoteListDto> {
      return notes.transaction(async () => {
        if (body.parentPageId !== undefined) await notes.lockPageMoves(actor.id);
        if (!(await notes.lockPage(actor.id, id))) throw notFound('Note list');
        await assertOwnClient(actor, body.clientId);
        if (body.parentPageId) {
          if (body.parentPageId === id) throw badRequest(PAGE_CYCLE_MESSAGE);
          await assertOwnPage(actor, body.parentPageId, 'Parent page');
          if ((await notes.pageAndAncestors(actor.id, body.parentPageId)).includes(id)) throw badRequest(PAGE_CYCLE_MESSAGE);
        }
        const page = await notes.updatePage(actor.id, id, body);
        if (!page) throw notFound('Note list');
        return page;
      });
    },

    /** Deletes a page; its sub-pages and all their notes go with it. */
    async removePage(actor: Actor, id: string): Promise<void> {
      if (!(await notes.removePage(actor.id, id))) throw notFound('Note list');
    },

    /** One page (DECISIONS 22) of a page's notes, in order, continuing after `cursor`. */
    async listItems(actor: Actor, noteListId: string, page: PageQuery): Promise<NoteItemPage> {
      await assertOwnPage(actor, noteListId, 'Note list');
      const items = await notes.listNotes(actor.id, noteListId, page);
      if (items === INVALID_CURSOR) throw badRequest('Invalid cursor');
      return items;
    },

    /** One whole note (a search answers excerpts; the web loads the note before editing it). */
    async getItem(actor: Actor, id: string): Promise<NoteItemDto> {
      const note = await notes.getNote(actor.id, id);
      if (!note) throw notFound('Note');
      return note;
    },

    /**
     * Adds a note; without a sortOrder it goes last (sortOrder = the page's current note count, spec §3).
     * Refused (409) past the notes quota.
     */
    async createItem(actor: Actor, noteListId: string, body: NoteItemCreateBody): Promise<NoteItemDto> {
      return notes.transaction(async () => {
        await assertOwnPage(actor, noteListId, 'Note list');
        await assertOwnClient(actor, body.clientId);
        assertBelowQuota('notes', await notes.countNotesForQuota(actor.id, quotas.notes), quotas.notes);
        return notes.insertNote(actor.id, noteListId, { content: body.content, clientId: body.clientId ?? null, sortOrder: body.sortOrder ?? null });
      });
    },

    async updateItem(actor: Actor, id: string, body: NoteItemUpdateBody): Promise<NoteItemDto> {
      await assertOwnClient(actor, body.clientId);
      const note = await notes.updateNote(actor.id, id, body);
      if (!note) throw notFound('Note');
      return note;
    },

    async removeItem(actor: Actor, id: string): Promise<void> {
      if (!(await notes.removeNote(actor.id, id))) throw notFound('Note');
    },

    /** GET /api/notes/search (see notes-search.ts), a page at a time. No criteria, or nothing searchable: no results. */
    async search(actor: Actor, query: NoteSearchQuery): Promise<NoteSearchPage> {
      const criteria = searchCriteria(actor.id, actor.timezone, query);
      if (!criteria) return { items: [], nextCursor: null };
      const found = await notes.search(criteria, query);
      if (found === INVALID_CURSOR) throw badRequest('Invalid cursor');
      return found;
    },
  };
}
export type NotesService = ReturnType<typeof notesService>;
