import type { Client, NoteItem, NoteList } from '@daybook/shared';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';

let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  anna = t.client();
  bob = t.client();
  await anna.signUpAndIn('anna');
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
    expect((await anna.get(`/api/note-lists/${other.id}/items`)).body).toEqual([kept]);
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
    const items = (await anna.get(`/api/note-lists/${p.id}/items`)).body as NoteItem[];
    expect(items.map((i) => i.content)).toEqual(['**First**', 'Placed', 'Second']);
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
    expect((await note(anna, p.id, { content })).content).toBe(content);
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
    expect((await anna.get(`/api/note-lists/${p.id}/items`)).body).toEqual([]);
    expect((await anna.delete(`/api/note-items/${n.id}`)).status).toBe(404);
  });
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
    expect((await anna.get(`/api/note-lists/${annasPage.id}/items`)).body).toEqual([annasNote]);
    expect((await bob.get(`/api/note-lists/${bobsPage.id}/items`)).body).toEqual([bobsNote]);
    expect(((await bob.get('/api/note-lists')).body as NoteList[])[0]).toEqual(bobsPage);
  });

  it('answers 404 for unknown and 400 for malformed ids', async () => {
    expect((await anna.get(`/api/note-lists/${MISSING}/items`)).status).toBe(404);
    expect((await anna.post(`/api/note-lists/${MISSING}/items`, { content: 'x' })).status).toBe(404);
    expect((await anna.patch(`/api/note-lists/${MISSING}`, { title: 'x' })).status).toBe(404);
    expect((await anna.delete(`/api/note-lists/${MISSING}`)).status).toBe(404);
    expect((await anna.patch(`/api/note-items/${MISSING}`, { content: 'x' })).status).toBe(404);
    expect((await anna.delete(`/api/note-items/${MISSING}`)).status).toBe(404);
    for (const res of await Promise.all([
      anna.get('/api/note-lists/nope/items'),
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
