import { NOTE_ITEM_PAGE_DEFAULT, QUOTAS, quotaMessage, type Client, type NoteItem, type NoteItemPage, type NoteList } from '@daybook/shared';
import { RequestContext } from '@mikro-orm/core';
import { AppError } from '../../core/errors';
import type { Actor } from '../../core/actor';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { createNotesService } from './notes.service';

let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;
let annaId: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  anna = t.client();
  bob = t.client();
  annaId = (await anna.signUpAndIn('anna')).id;
  await bob.signUpAndIn('bob');
});

const MISSING = '00000000-0000-4000-8000-000000000001';
const ok = async <T>(res: Promise<{ status: number; body: unknown; text: string }>, status = 201): Promise<T> => {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.status} ${r.text}`);
  return r.body as T;
};
const page = (client: ApiClient, body: Record<string, unknown>) => ok<NoteList>(client.post('/api/note-lists', body));
const note = (client: ApiClient, listId: string, body: Record<string, unknown>) => ok<NoteItem>(client.post(`/api/note-lists/${listId}/items`, body));
const newClient = (client: ApiClient, name: string) => ok<Client>(client.post('/api/clients', { name }));
const itemsPage = (client: ApiClient, listId: string, query: Record<string, string | number> = {}) =>
  ok<NoteItemPage>(client.get(`/api/note-lists/${listId}/items`).query(query), 200);
const sql = () => t.orm.em.getConnection();
/** `count` notes on a page of Anna's, straight into the database: 'bulk 1', 'bulk 2', … */
const bulkNotes = (listId: string, count: number) =>
  sql().execute(
    `insert into note_items (id, user_id, note_list_id, content, sort_order) select gen_random_uuid(), ?, ?, 'bulk ' || n, n from generate_series(1, ?) n`,
    [annaId, listId, count],
  );
const cursorOf = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe('pages (note lists)', () => {
  it('creates a page with a trimmed title (201) and a sub-page, and lists them flat in order', async () => {
    const res = await anna.post('/api/note-lists', { title: '  Ideas  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      title: 'Ideas',
      clientId: null,
      parentPageId: null,
      sortOrder: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const sub = await page(anna, { title: 'Sub', parentPageId: res.body.id });
    expect(sub).toMatchObject({ parentPageId: res.body.id, sortOrder: 0 });
    const second = await page(anna, { title: 'Second' });
    expect(second.sortOrder).toBe(1);
    const list = await anna.get('/api/note-lists');
    expect(list.status).toBe(200);
    expect(list.body.map((l: NoteList) => l.title)).toEqual(['Ideas', 'Sub', 'Second']);
  });

  it('takes an optional client; empty or "none" means no client', async () => {
    const acme = await newClient(anna, 'Acme');
    expect((await page(anna, { title: 'A', clientId: acme.id })).clientId).toBe(acme.id);
    expect((await page(anna, { title: 'B', clientId: '' })).clientId).toBeNull();
    expect((await page(anna, { title: 'C', clientId: 'none', parentPageId: '' })).parentPageId).toBeNull();
  });

  it.each([
    ['no title', {}, 'Title is required'],
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'Must be at most 200 characters'],
    ['a malformed parent id', { title: 'A', parentPageId: 'nope' }, 'Invalid id'],
    ['a numeric client id', { title: 'A', clientId: 12 }, null],
  ])('refuses %s with 400', async (_label, body, message) => {
    const before = await rowCounts(t.orm);
    const res = await anna.post('/api/note-lists', body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('refuses an unknown or another user’s parent page or client with 404', async () => {
    const bobsPage = await page(bob, { title: 'Bob' });
    const bobsClient = await newClient(bob, 'Globex');
    const before = await rowCounts(t.orm);
    for (const body of [{ parentPageId: bobsPage.id }, { parentPageId: MISSING }, { clientId: bobsClient.id }, { clientId: MISSING }]) {
      const res = await anna.post('/api/note-lists', { title: 'Mine', ...body });
      expect(res.status).toBe(404);
    }
    expect((await anna.post('/api/note-lists', { title: 'Mine', parentPageId: bobsPage.id })).body.error.message).toBe('Parent page not found');
    expect((await anna.post('/api/note-lists', { title: 'Mine', clientId: bobsClient.id })).body.error.message).toBe('Client not found');
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('renames, re-tags and moves a page', async () => {
    const acme = await newClient(anna, 'Acme');
    const a = await page(anna, { title: 'A' });
    const b = await page(anna, { title: 'B' });
    const res = await anna.patch(`/api/note-lists/${b.id}`, { title: ' Bee ', clientId: acme.id, parentPageId: a.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: b.id, title: 'Bee', clientId: acme.id, parentPageId: a.id });
    const back = await anna.patch(`/api/note-lists/${b.id}`, { clientId: 'none', parentPageId: null });
    expect(back.body).toMatchObject({ title: 'Bee', clientId: null, parentPageId: null });
    expect((await anna.patch(`/api/note-lists/${b.id}`, {})).body).toMatchObject({ title: 'Bee' });
  });

  it('refuses to make a page its own parent or descendant (400), and changes nothing', async () => {
    const root = await page(anna, { title: 'Root' });
    const child = await page(anna, { title: 'Child', parentPageId: root.id });
    const grandchild = await page(anna, { title: 'Grandchild', parentPageId: child.id });
    for (const parentPageId of [root.id, child.id, grandchild.id]) {
      const res = await anna.patch(`/api/note-lists/${root.id}`, { parentPageId, title: 'Renamed' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('A page cannot be moved into itself or one of its sub-pages');
    }
    const self = await anna.patch(`/api/note-lists/${child.id}`, { parentPageId: child.id });
    expect(self.status).toBe(400);
    const pages = (await anna.get('/api/note-lists')).body as NoteList[];
    expect(pages.map((p) => [p.title, p.parentPageId])).toEqual([
      ['Root', null],
      ['Child', root.id],
      ['Grandchild', child.id],
    ]);
    // Moving down the tree the other way is fine.
    const moved = await anna.patch(`/api/note-lists/${grandchild.id}`, { parentPageId: root.id });
    expect(moved.body.parentPageId).toBe(root.id);
  });

  it('two simultaneous moves cannot close a loop', async () => {
    const a = await page(anna, { title: 'A' });
    const b = await page(anna, { title: 'B' });
    const results = await Promise.all([
      anna.patch(`/api/note-lists/${a.id}`, { parentPageId: b.id }),
      anna.patch(`/api/note-lists/${b.id}`, { parentPageId: a.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('deletes a page with its sub-pages and all their notes', async () => {
    const root = await page(anna, { title: 'Root' });
    const child = await page(anna, { title: 'Child', parentPageId: root.id });
    const other = await page(anna, { title: 'Other' });
    await note(anna, root.id, { content: 'one' });
    await note(anna, child.id, { content: 'two' });
    const kept = await note(anna, other.id, { content: 'three' });
    expect((await anna.delete(`/api/note-lists/${root.id}`)).status).toBe(204);
    expect(((await anna.get('/api/note-lists')).body as NoteList[]).map((p) => p.title)).toEqual(['Other']);
    expect((await anna.get(`/api/note-lists/${child.id}/items`)).status).toBe(404);
    expect((await anna.get(`/api/note-lists/${other.id}/items`)).body).toEqual({ items: [kept], nextCursor: null });
    const counts = await rowCounts(t.orm);
    expect(counts.note_items).toBe(1);
    expect((await anna.delete(`/api/note-lists/${root.id}`)).status).toBe(404);
  });
});

describe('notes (note items)', () => {
  it('adds notes with trimmed content, appended by default, and lists them in order', async () => {
    const p = await page(anna, { title: 'Ideas' });
    const res = await anna.post(`/api/note-lists/${p.id}/items`, { content: '  **First**  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      noteListId: p.id,
      content: '**First**',
      clientId: null,
      sortOrder: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await note(anna, p.id, { content: 'Second' });
    expect(second.sortOrder).toBe(1);
    const placed = await note(anna, p.id, { content: 'Placed', sortOrder: 0 });
    expect(placed.sortOrder).toBe(0);
    const items = (await anna.get(`/api/note-lists/${p.id}/items`)).body as NoteItemPage;
    expect(items.items.map((i) => i.content)).toEqual(['**First**', 'Placed', 'Second']);
    expect(items.nextCursor).toBeNull();
    const owners = await t.orm.em.getConnection().execute<{ username: string }[]>(
      'select distinct u.username from note_items i join users u on u.id = i.user_id',
    );
    expect(owners).toEqual([{ username: 'anna' }]);
  });

  it("tags a note with a client; 'none' or '' clears it", async () => {
    const acme = await newClient(anna, 'Acme');
    const p = await page(anna, { title: 'Ideas' });
    const tagged = await note(anna, p.id, { content: 'x', clientId: acme.id });
    expect(tagged.clientId).toBe(acme.id);
    expect((await note(anna, p.id, { content: 'y', clientId: 'none' })).clientId).toBeNull();
    const cleared = await anna.patch(`/api/note-items/${tagged.id}`, { clientId: '' });
    expect(cleared.body.clientId).toBeNull();
    const edited = await anna.patch(`/api/note-items/${tagged.id}`, { content: ' # Title ', clientId: acme.id });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: tagged.id, content: '# Title', clientId: acme.id });
    expect((await anna.patch(`/api/note-items/${tagged.id}`, { clientId: 'none' })).body).toMatchObject({ content: '# Title', clientId: null });
  });

  it('keeps long markdown whole', async () => {
    const p = await page(anna, { title: 'Long' });
    const content = `# Heading\n\n${'- item with some **bold** text\n'.repeat(1500)}`.trim();
    expect(content.length).toBeGreaterThan(40_000);
    const created = await note(anna, p.id, { content });
    expect(created.content).toBe(content);
    // The whole note, as the web loads it before editing a search result.
    expect((await anna.get(`/api/note-items/${created.id}`)).body).toEqual(created);
  });

  it.each([
    ['no content', {}, 'Note content is required'],
    ['blank content', { content: ' \n ' }, 'Note content is required'],
    ['50,001 characters', { content: 'x'.repeat(50_001) }, 'Must be at most 50000 characters'],
    ['a negative sortOrder', { content: 'a', sortOrder: -1 }, 'Sort order must not be negative'],
    ['a huge sortOrder', { content: 'a', sortOrder: 2_000_000 }, 'Sort order must be at most 1000000'],
    ['a fractional sortOrder', { content: 'a', sortOrder: 1.5 }, 'Sort order must be a whole number'],
    ['a malformed client id', { content: 'a', clientId: 'acme' }, 'Invalid id'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const p = await page(anna, { title: 'Ideas' });
    const before = await rowCounts(t.orm);
    const res = await anna.post(`/api/note-lists/${p.id}/items`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('deletes a note', async () => {
    const p = await page(anna, { title: 'Ideas' });
    const n = await note(anna, p.id, { content: 'bye' });
    expect((await anna.delete(`/api/note-items/${n.id}`)).status).toBe(204);
    expect((await anna.get(`/api/note-lists/${p.id}/items`)).body).toEqual({ items: [], nextCursor: null });
    expect((await anna.delete(`/api/note-items/${n.id}`)).status).toBe(404);
  });
});

describe('a page’s notes, in pages (DECISIONS 22)', () => {
  it('loads them a page at a time, in order, with no repeat or gap, and a null cursor at the end', async () => {
    const p = await page(anna, { title: 'Log' });
    for (const content of ['one', 'two', 'three', 'four', 'five']) await note(anna, p.id, { content });
    await note(anna, p.id, { content: 'zero', sortOrder: 0 }); // the same sortOrder as 'one': created later, so after it
    const all = (await itemsPage(anna, p.id)).items.map((i) => i.content);
    expect(all).toEqual(['one', 'zero', 'two', 'three', 'four', 'five']);

    const first = await itemsPage(anna, p.id, { limit: 4 });
    expect(first.items.map((i) => i.content)).toEqual(['one', 'zero', 'two', 'three']);
    expect(first.nextCursor).toEqual(expect.any(String));
    // A note added meanwhile goes last (spec §3) and shows up on a later page; nothing repeats.
    await note(anna, p.id, { content: 'six' });
    const second = await itemsPage(anna, p.id, { limit: 4, cursor: first.nextCursor! });
    expect(second).toEqual({ items: [expect.objectContaining({ content: 'four' }), expect.objectContaining({ content: 'five' }), expect.objectContaining({ content: 'six' })], nextCursor: null });
  });

  it(`answers ${NOTE_ITEM_PAGE_DEFAULT} notes by default, then the rest`, async () => {
    const p = await page(anna, { title: 'Big' });
    await bulkNotes(p.id, NOTE_ITEM_PAGE_DEFAULT + 1);
    const first = await itemsPage(anna, p.id);
    expect(first.items).toHaveLength(NOTE_ITEM_PAGE_DEFAULT);
    expect(first.items[0]!.content).toBe('bulk 1');
    const rest = await itemsPage(anna, p.id, { cursor: first.nextCursor! });
    expect(rest).toEqual({ items: [expect.objectContaining({ content: `bulk ${NOTE_ITEM_PAGE_DEFAULT + 1}` })], nextCursor: null });
  });

  it('reads another user’s cursor on their own page as just a position', async () => {
    const p = await page(anna, { title: 'Log' });
    await bulkNotes(p.id, 3);
    const first = await itemsPage(anna, p.id, { limit: 1 });
    const bobs = await page(bob, { title: 'Bob' });
    expect((await bob.get(`/api/note-lists/${bobs.id}/items`).query({ cursor: first.nextCursor! })).body).toEqual({ items: [], nextCursor: null });
    expect((await bob.get(`/api/note-lists/${p.id}/items`).query({ cursor: first.nextCursor! })).status).toBe(404);
  });

  const ID = '00000000-0000-4000-8000-000000000009';
  it.each([
    ['not base64 JSON', 'not a cursor!'],
    ['JSON of something else', cursorOf({ sortOrder: 1 })],
    ['too few keys', cursorOf(['1', '2026-03-01 10:00:00+00'])],
    ['a number where text is due', cursorOf([1, '2026-03-01 10:00:00+00', ID])],
    ['a sortOrder past a 32-bit integer', cursorOf(['99999999999', '2026-03-01 10:00:00+00', ID])],
    ['an impossible instant', cursorOf(['1', '2026-02-30 10:00:00+00', ID])],
    ['an instant in year 10000', cursorOf(['1', '10000-01-01 00:00:00+00', ID])],
    ['an instant in year 0', cursorOf(['1', '0000-01-01 00:00:00+00', ID])],
    ['an instant with SQL in it', cursorOf(['1', "2026-03-01 10:00:00+00'; drop table note_items; --", ID])],
    ['a malformed id', cursorOf(['1', '2026-03-01 10:00:00+00', 'nope'])],
  ])('refuses a cursor that is %s with 400 Invalid cursor', async (_label, cursor) => {
    const p = await page(anna, { title: 'Log' });
    await bulkNotes(p.id, 2);
    const res = await anna.get(`/api/note-lists/${p.id}/items`).query({ cursor });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid cursor');
  });

  it.each([
    ['limit=0', 'Limit must be at least 1'],
    ['limit=201', 'Limit must be at most 200'],
    ['limit=abc', 'Limit must be a number'],
    ['limit=1.5', 'Limit must be a whole number'],
    ['limit=1&limit=2', null],
    [`cursor=${'x'.repeat(501)}`, null],
  ])('refuses ?%s with 400', async (query, message) => {
    const p = await page(anna, { title: 'Log' });
    const res = await anna.get(`/api/note-lists/${p.id}/items?${query}`);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
  });
});

describe('quotas (DECISIONS 22)', () => {
  it('refuses a note past the quota with 409 and a clear message, and stores nothing', async () => {
    const p = await page(anna, { title: 'Everything' });
    await bulkNotes(p.id, QUOTAS.notes - 1);
    await note(anna, p.id, { content: 'the last one' });
    const res = await anna.post(`/api/note-lists/${p.id}/items`, { content: 'one too many' });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'quota_exceeded', message: quotaMessage('notes') });
    expect(res.body.error.message).toBe('You have reached the limit of 50,000 notes (delete some to add more).');
    expect((await rowCounts(t.orm)).note_items).toBe(QUOTAS.notes);
    // Bob is not held back by Anna's notes.
    const bobs = await page(bob, { title: 'Bob' });
    await note(bob, bobs.id, { content: 'fine' });
  }, 120_000);

  it('refuses a page past the quota with 409 and a clear message, and stores nothing', async () => {
    await sql().execute(`insert into note_lists (id, user_id, title, sort_order) select gen_random_uuid(), ?, 'Page ' || n, n from generate_series(1, ?) n`, [annaId, QUOTAS.notePages - 1]);
    const last = await page(anna, { title: 'The last one' });
    for (const body of [{ title: 'One too many' }, { title: 'A sub-page too many', parentPageId: last.id }]) {
      const res = await anna.post('/api/note-lists', body);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'quota_exceeded', message: quotaMessage('notePages') });
    }
    expect((await rowCounts(t.orm)).note_lists).toBe(QUOTAS.notePages);
  }, 60_000);

  it('holds under parallel creations: exactly the quota is stored', async () => {
    const quotas = { notes: 5, notePages: 3 };
    const notes = createNotesService(t.orm.em, { quotas });
    const actor: Actor = { id: annaId, username: 'anna', role: 'user', timezone: 'America/New_York', enableDelegation: false };
    const inContext = <T>(work: () => Promise<T>) => RequestContext.create(t.orm.em, work);
    const outcomes = async (work: () => Promise<unknown>) => {
      const settled = await Promise.allSettled(Array.from({ length: 20 }, () => inContext(work)));
      const refused = settled.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
      for (const reason of refused) expect(reason).toEqual(expect.objectContaining({ status: 409, code: 'quota_exceeded' }));
      expect(refused.every((reason) => reason instanceof AppError)).toBe(true);
      return settled.length - refused.length;
    };
    expect(await outcomes(() => notes.createPage(actor, { title: 'Parallel' }))).toBe(quotas.notePages);
    expect((await rowCounts(t.orm)).note_lists).toBe(quotas.notePages);
    const [pageId] = (await sql().execute<{ id: string }[]>('select id from note_lists where user_id = ? limit 1', [annaId])).map((r) => r.id);
    expect(await outcomes(() => notes.createItem(actor, pageId!, { content: 'parallel' }))).toBe(quotas.notes);
    expect((await rowCounts(t.orm)).note_items).toBe(quotas.notes);
  }, 60_000);
});

describe('ownership and sign-in', () => {
  it('treats another user’s pages, notes and clients as missing everywhere, and changes nothing', async () => {
    const acme = await newClient(anna, 'Acme');
    const annasPage = await page(anna, { title: 'Anna', clientId: acme.id });
    const annasNote = await note(anna, annasPage.id, { content: 'secret', clientId: acme.id });
    const bobsPage = await page(bob, { title: 'Bob' });
    const bobsNote = await note(bob, bobsPage.id, { content: 'mine' });
    const before = await rowCounts(t.orm);

    expect(((await bob.get('/api/note-lists')).body as NoteList[]).map((p) => p.title)).toEqual(['Bob']);
    const attempts = [
      bob.get(`/api/note-lists/${annasPage.id}/items`),
      bob.get(`/api/note-items/${annasNote.id}`),
      bob.post(`/api/note-lists/${annasPage.id}/items`, { content: 'intrusion' }),
      bob.patch(`/api/note-lists/${annasPage.id}`, { title: 'Hijacked' }),
      bob.patch(`/api/note-lists/${annasPage.id}`, {}),
      bob.delete(`/api/note-lists/${annasPage.id}`),
      bob.patch(`/api/note-items/${annasNote.id}`, { content: 'Hijacked' }),
      bob.patch(`/api/note-items/${annasNote.id}`, {}),
      bob.delete(`/api/note-items/${annasNote.id}`),
      // Anna's ids inside Bob's own bodies
      bob.post('/api/note-lists', { title: 'x', parentPageId: annasPage.id }),
      bob.post('/api/note-lists', { title: 'x', clientId: acme.id }),
      bob.patch(`/api/note-lists/${bobsPage.id}`, { parentPageId: annasPage.id }),
      bob.patch(`/api/note-lists/${bobsPage.id}`, { clientId: acme.id }),
      bob.post(`/api/note-lists/${bobsPage.id}/items`, { content: 'x', clientId: acme.id }),
      bob.patch(`/api/note-items/${bobsNote.id}`, { clientId: acme.id }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect(await rowCounts(t.orm)).toEqual(before);
    expect((await anna.get(`/api/note-lists/${annasPage.id}/items`)).body.items).toEqual([annasNote]);
    expect((await bob.get(`/api/note-lists/${bobsPage.id}/items`)).body.items).toEqual([bobsNote]);
    expect((await anna.get(`/api/note-items/${annasNote.id}`)).body).toEqual(annasNote);
    expect(((await bob.get('/api/note-lists')).body as NoteList[])[0]).toEqual(bobsPage);
  });

  it('answers 404 for unknown and 400 for malformed ids', async () => {
    expect((await anna.get(`/api/note-lists/${MISSING}/items`)).status).toBe(404);
    expect((await anna.get(`/api/note-items/${MISSING}`)).status).toBe(404);
    expect((await anna.post(`/api/note-lists/${MISSING}/items`, { content: 'x' })).status).toBe(404);
    expect((await anna.patch(`/api/note-lists/${MISSING}`, { title: 'x' })).status).toBe(404);
    expect((await anna.delete(`/api/note-lists/${MISSING}`)).status).toBe(404);
    expect((await anna.patch(`/api/note-items/${MISSING}`, { content: 'x' })).status).toBe(404);
    expect((await anna.delete(`/api/note-items/${MISSING}`)).status).toBe(404);
    for (const res of await Promise.all([
      anna.get('/api/note-lists/nope/items'),
      anna.get('/api/note-items/nope'),
      anna.post('/api/note-lists/nope/items', { content: 'x' }),
      anna.patch('/api/note-lists/nope', { title: 'x' }),
      anna.delete('/api/note-lists/nope'),
      anna.patch('/api/note-items/nope', { content: 'x' }),
      anna.delete('/api/note-items/nope'),
    ])) {
      expect(res.status).toBe(400);
    }
  });

  it.each([
    ['get', '/api/note-lists'],
    ['post', '/api/note-lists'],
    ['patch', `/api/note-lists/${MISSING}`],
    ['delete', `/api/note-lists/${MISSING}`],
    ['get', `/api/note-lists/${MISSING}/items`],
    ['get', `/api/note-items/${MISSING}`],
    ['post', `/api/note-lists/${MISSING}/items`],
    ['patch', `/api/note-items/${MISSING}`],
    ['delete', `/api/note-items/${MISSING}`],
    ['get', '/api/notes/search?query=x'],
  ])('%s %s is 401 signed out', async (method, path) => {
    const guest = t.client();
    const before = await rowCounts(t.orm);
    const body = { title: 'x', content: 'x' };
    const res =
      method === 'get' ? await guest.get(path) : method === 'delete' ? await guest.delete(path) : method === 'post' ? await guest.post(path, body) : await guest.patch(path, body);
    expect(res.status).toBe(401);
    expect(await rowCounts(t.orm)).toEqual(before);
  });
});
