import { randomUUID } from 'node:crypto';
import type { NoteItem, NoteList } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { INVALID_CURSOR, type NotesRepository } from './notes.repository';
import { notesService, PAGE_CYCLE_MESSAGE } from './notes.service';

/** The notes rules without the database: an in-memory NotesRepository. */

const anna: Actor = { id: 'anna', username: 'anna', role: 'user', timezone: 'Europe/Paris', enableDelegation: false };
const bob: Actor = { ...anna, id: 'bob', username: 'bob' };
const NOW = '2026-03-09T10:00:00.000Z';

type Owned<T> = T & { userId: string };
const withoutOwner = <T>({ userId: _userId, ...dto }: Owned<T>) => dto as unknown as T;
const definedOnly = (patch: object) => Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));

function fakeNotesRepository() {
  const pages = new Map<string, Owned<NoteList>>();
  const notes = new Map<string, Owned<NoteItem>>();
  const clientOwners = new Map<string, string>();
  /** The locks taken, in order. */
  const locks: string[] = [];
  const ownPage = (userId: string, id: string) => (pages.get(id)?.userId === userId ? pages.get(id) : undefined);
  const ownNote = (userId: string, id: string) => (notes.get(id)?.userId === userId ? notes.get(id) : undefined);
  const countOf = (map: Map<string, { userId: string }>, userId: string) => [...map.values()].filter((row) => row.userId === userId).length;

  const repository: NotesRepository = {
    transaction: (work) => work(),
    listPages: async (userId) => [...pages.values()].filter((page) => page.userId === userId).map(withoutOwner<NoteList>),
    ownsPage: async (userId, id) => Boolean(ownPage(userId, id)),
    ownsClient: async (userId, id) => clientOwners.get(id) === userId,
    countPagesForQuota: async (userId, quota) => Math.min(countOf(pages, userId), quota),
    async insertPage(userId, fields) {
      const sortOrder = [...pages.values()].filter((page) => page.userId === userId && page.parentPageId === fields.parentPageId).length;
      const page = { id: randomUUID(), userId, ...fields, sortOrder, createdAt: NOW, updatedAt: NOW };
      pages.set(page.id, page);
      return withoutOwner<NoteList>(page);
    },
    lockPageMoves: async (userId) => void locks.push(`page moves of ${userId}`),
    async lockPage(userId, id) {
      locks.push(`page ${id}`);
      const page = ownPage(userId, id);
      return page ? withoutOwner<NoteList>(page) : null;
    },
    async pageAndAncestors(userId, pageId) {
      const ids: string[] = [];
      for (let page = ownPage(userId, pageId); page && !ids.includes(page.id); page = page.parentPageId ? ownPage(userId, page.parentPageId) : undefined) {
        ids.push(page.id);
      }
      return ids;
    },
    async updatePage(userId, id, patch) {
      const page = ownPage(userId, id);
      return page ? withoutOwner<NoteList>(Object.assign(page, definedOnly(patch))) : null;
    },
    removePage: async (userId, id) => Boolean(ownPage(userId, id)) && pages.delete(id),
    listNotes: async (userId, pageId, page) =>
      page.cursor !== undefined ? INVALID_CURSOR : { items: [...notes.values()].filter((note) => note.noteListId === pageId).map(withoutOwner<NoteItem>), nextCursor: null },
    getNote: async (userId, id) => {
      const note = ownNote(userId, id);
      return note ? withoutOwner<NoteItem>(note) : null;
    },
    countNotesForQuota: async (userId, quota) => Math.min(countOf(notes, userId), quota),
    async insertNote(userId, pageId, fields) {
      const note = { id: randomUUID(), userId, noteListId: pageId, content: fields.content, clientId: fields.clientId, sortOrder: fields.sortOrder ?? 0, createdAt: NOW, updatedAt: NOW };
      notes.set(note.id, note);
      return withoutOwner<NoteItem>(note);
    },
    async updateNote(userId, id, patch) {
      const note = ownNote(userId, id);
      return note ? withoutOwner<NoteItem>(Object.assign(note, definedOnly(patch))) : null;
    },
    removeNote: async (userId, id) => Boolean(ownNote(userId, id)) && notes.delete(id),
    search: async () => {
      throw new Error('no search expected');
    },
  };
  return { repository, pages, notes, clientOwners, locks };
}

let store: ReturnType<typeof fakeNotesRepository>;
let notes: ReturnType<typeof notesService>;
beforeEach(() => {
  store = fakeNotesRepository();
  notes = notesService(store.repository, { quotas: { notes: 3, notePages: 4 } });
});

const rejection = (status: number, message: string) => expect.objectContaining({ status, message });

describe('creating pages', () => {
  it('nests a page under one of the user’s own pages only', async () => {
    const parent = await notes.createPage(anna, { title: 'Parent' });
    expect(await notes.createPage(anna, { title: 'Child', parentPageId: parent.id })).toMatchObject({ parentPageId: parent.id, clientId: null });
    await expect(notes.createPage(bob, { title: 'Intruder', parentPageId: parent.id })).rejects.toEqual(rejection(404, 'Parent page not found'));
    await expect(notes.createPage(anna, { title: 'Orphan', parentPageId: randomUUID() })).rejects.toEqual(rejection(404, 'Parent page not found'));
    expect(store.pages.size).toBe(2);
  });

  it('tags a page with one of the user’s own clients only', async () => {
    store.clientOwners.set('acme', anna.id);
    expect((await notes.createPage(anna, { title: 'Acme', clientId: 'acme' })).clientId).toBe('acme');
    await expect(notes.createPage(bob, { title: 'Acme too', clientId: 'acme' })).rejects.toEqual(rejection(404, 'Client not found'));
  });

  it('refuses a page past the quota and stores nothing', async () => {
    for (const title of ['1', '2', '3', '4']) await notes.createPage(anna, { title });
    await expect(notes.createPage(anna, { title: '5' })).rejects.toMatchObject({ status: 409, code: 'quota_exceeded' });
    expect(store.pages.size).toBe(4);
    expect(await notes.createPage(bob, { title: 'Bob’s first' })).toMatchObject({ title: 'Bob’s first' });
  });
});

describe('moving pages', () => {
  let top: NoteList;
  let middle: NoteList;
  let bottom: NoteList;
  beforeEach(async () => {
    top = await notes.createPage(anna, { title: 'Top' });
    middle = await notes.createPage(anna, { title: 'Middle', parentPageId: top.id });
    bottom = await notes.createPage(anna, { title: 'Bottom', parentPageId: middle.id });
  });

  it('refuses to move a page into itself or any page below it, and changes nothing', async () => {
    for (const target of [top, middle, bottom]) {
      await expect(notes.updatePage(anna, top.id, { title: 'Moved', parentPageId: target.id })).rejects.toEqual(rejection(400, PAGE_CYCLE_MESSAGE));
    }
    expect(store.pages.get(top.id)).toMatchObject({ title: 'Top', parentPageId: null });
  });

  it('moves a page under another branch, or to the top level', async () => {
    const other = await notes.createPage(anna, { title: 'Other' });
    expect(await notes.updatePage(anna, bottom.id, { parentPageId: other.id })).toMatchObject({ parentPageId: other.id });
    expect(await notes.updatePage(anna, middle.id, { parentPageId: null })).toMatchObject({ parentPageId: null });
    expect(await notes.updatePage(anna, top.id, { parentPageId: bottom.id })).toMatchObject({ parentPageId: bottom.id });
  });

  it('takes the user’s page-moves lock before the page when the parent changes, and only then', async () => {
    await notes.updatePage(anna, bottom.id, { parentPageId: top.id });
    expect(store.locks).toEqual([`page moves of ${anna.id}`, `page ${bottom.id}`]);
    store.locks.length = 0;
    await notes.updatePage(anna, bottom.id, { title: 'Renamed' });
    expect(store.locks).toEqual([`page ${bottom.id}`]);
  });

  it('treats another user’s page, as the page or as the parent, as missing', async () => {
    const bobsPage = await notes.createPage(bob, { title: 'Bob’s' });
    await expect(notes.updatePage(bob, top.id, { title: 'Mine now' })).rejects.toEqual(rejection(404, 'Note list not found'));
    await expect(notes.updatePage(anna, top.id, { parentPageId: bobsPage.id })).rejects.toEqual(rejection(404, 'Parent page not found'));
    expect(store.pages.get(top.id)).toMatchObject({ title: 'Top', parentPageId: null });
  });
});

describe('notes', () => {
  let page: NoteList;
  beforeEach(async () => {
    page = await notes.createPage(anna, { title: 'Page' });
  });

  it('adds notes to the user’s own pages only, and not past the quota', async () => {
    await expect(notes.createItem(bob, page.id, { content: 'Hello' })).rejects.toEqual(rejection(404, 'Note list not found'));
    for (const content of ['1', '2', '3']) await notes.createItem(anna, page.id, { content });
    await expect(notes.createItem(anna, page.id, { content: '4' })).rejects.toMatchObject({ status: 409, code: 'quota_exceeded' });
    expect(store.notes.size).toBe(3);
  });

  it('re-tags a note with one of the user’s own clients only, and changes nothing otherwise', async () => {
    const note = await notes.createItem(anna, page.id, { content: 'Hello' });
    store.clientOwners.set('bobs-client', bob.id);
    await expect(notes.updateItem(anna, note.id, { content: 'Changed', clientId: 'bobs-client' })).rejects.toEqual(rejection(404, 'Client not found'));
    expect(store.notes.get(note.id)).toMatchObject({ content: 'Hello', clientId: null });
  });

  it('lists the notes of the user’s own pages only, and refuses a cursor it did not give', async () => {
    await notes.createItem(anna, page.id, { content: 'Hello' });
    expect((await notes.listItems(anna, page.id, { limit: 10 })).items).toHaveLength(1);
    await expect(notes.listItems(bob, page.id, { limit: 10 })).rejects.toEqual(rejection(404, 'Note list not found'));
    await expect(notes.listItems(anna, page.id, { limit: 10, cursor: 'made-up' })).rejects.toEqual(rejection(400, 'Invalid cursor'));
  });

  it('answers 404 for another user’s note on every route', async () => {
    const note = await notes.createItem(anna, page.id, { content: 'Hello' });
    await expect(notes.getItem(bob, note.id)).rejects.toEqual(rejection(404, 'Note not found'));
    await expect(notes.updateItem(bob, note.id, { content: 'Mine' })).rejects.toEqual(rejection(404, 'Note not found'));
    await expect(notes.removeItem(bob, note.id)).rejects.toEqual(rejection(404, 'Note not found'));
    expect(store.notes.get(note.id)).toMatchObject({ content: 'Hello' });
  });
});

describe('search', () => {
  it('answers no results without searching when nothing is searchable', async () => {
    expect(await notes.search(anna, { limit: 20 })).toEqual({ items: [], nextCursor: null });
    expect(await notes.search(anna, { limit: 20, query: '*** !!' })).toEqual({ items: [], nextCursor: null });
  });
});
