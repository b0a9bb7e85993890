import { noteSearchResultListSchema, type Client, type NoteItem, type NoteList, type NoteSearchResult } from '@daybook/shared';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { toPrefixTsquery } from './notes-search';

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

const ok = async <T>(res: Promise<{ status: number; body: unknown; text: string }>, status = 201): Promise<T> => {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.status} ${r.text}`);
  return r.body as T;
};
const page = (client: ApiClient, body: Record<string, unknown>) => ok<NoteList>(client.post('/api/note-lists', body));
const note = (client: ApiClient, listId: string, body: Record<string, unknown>) => ok<NoteItem>(client.post(`/api/note-lists/${listId}/items`, body));
const newClient = (client: ApiClient, name: string, color = '#3b82f6') => ok<Client>(client.post('/api/clients', { name, color }));
const search = async (client: ApiClient, params: Record<string, string>) => {
  const res = await client.get('/api/notes/search').query(params);
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return noteSearchResultListSchema.parse(res.body);
};
/** Page title → contents of its found notes. */
const summary = (results: NoteSearchResult[]) => results.map((r) => [r.listTitle, r.items.map((i) => i.itemContent)]);
const setCreatedAt = (itemId: string, instant: string) =>
  t.orm.em.getConnection().execute('update note_items set created_at = ? where id = ?', [instant, itemId]);

describe('notes search: matching', () => {
  it('matches words and word starts in note markdown, ignoring case and accents', async () => {
    const p = await page(anna, { title: 'Journal' });
    await note(anna, p.id, { content: '## Réunion with **Müller** at the Café' });
    await note(anna, p.id, { content: 'Unrelated thought' });
    for (const query of ['reunion', 'RÉUN', 'muller', 'MÜL', 'cafe', 'café', 'Cafe muller', '  cafe   réunion  ']) {
      expect(summary(await search(anna, { query }))).toEqual([['Journal', ['## Réunion with **Müller** at the Café']]]);
    }
  });

  it('needs every word of the query, and only matches word starts', async () => {
    const p = await page(anna, { title: 'Journal' });
    await note(anna, p.id, { content: 'Send the invoice to Acme' });
    expect(await search(anna, { query: 'invoice zebra' })).toEqual([]);
    expect(await search(anna, { query: 'voice' })).toEqual([]);
    expect(summary(await search(anna, { query: 'invo acm' }))).toEqual([['Journal', ['Send the invoice to Acme']]]);
  });

  it('finds hyphenated words, e-mail addresses and words with apostrophes', async () => {
    const p = await page(anna, { title: 'Contacts' });
    await note(anna, p.id, { content: 'Write an e-mail to jane.doe@example.com, don’t forget' });
    for (const query of ['e-mail', 'mail', 'jane.doe@example.com', 'jane', 'don’t']) {
      expect(summary(await search(anna, { query }))).toEqual([['Contacts', ['Write an e-mail to jane.doe@example.com, don’t forget']]]);
    }
  });

  it('finds a page by its title, with its notes; a matching empty page is listed with no items', async () => {
    const planning = await page(anna, { title: 'Quarterly Planning' });
    await note(anna, planning.id, { content: 'alpha' });
    await note(anna, planning.id, { content: 'beta' });
    await page(anna, { title: 'Planning ideas' });
    const other = await page(anna, { title: 'Other' });
    await note(anna, other.id, { content: 'nothing to see' });
    const results = await search(anna, { query: 'plan' });
    expect(summary(results)).toEqual([
      ['Quarterly Planning', ['beta', 'alpha']],
      ['Planning ideas', []],
    ]);
  });

  it('answers the spec shape: page and note clients with name and colour, creation instants', async () => {
    const acme = await newClient(anna, 'Acme', '#ef4444');
    const globex = await newClient(anna, 'Globex', '#22c55e');
    const p = await page(anna, { title: 'Acme account', clientId: acme.id });
    const tagged = await note(anna, p.id, { content: 'Budget for Globex', clientId: globex.id });
    const plain = await note(anna, p.id, { content: 'Budget review' });
    const results = await search(anna, { query: 'budget' });
    expect(results).toEqual([
      {
        listId: p.id,
        listTitle: 'Acme account',
        client: { id: acme.id, name: 'Acme', color: '#ef4444' },
        items: expect.arrayContaining([
          { itemId: tagged.id, itemContent: 'Budget for Globex', itemClient: { id: globex.id, name: 'Globex', color: '#22c55e' }, createdAt: tagged.createdAt },
          { itemId: plain.id, itemContent: 'Budget review', itemClient: null, createdAt: plain.createdAt },
        ]),
      },
    ]);
    expect(results[0]!.items).toHaveLength(2);
  });

  it('orders pages by their newest found note, and notes newest first', async () => {
    const older = await page(anna, { title: 'Older' });
    const newer = await page(anna, { title: 'Newer' });
    const a = await note(anna, older.id, { content: 'report one' });
    const b = await note(anna, newer.id, { content: 'report two' });
    const c = await note(anna, older.id, { content: 'report three' });
    await setCreatedAt(a.id, '2026-03-01T10:00:00Z');
    await setCreatedAt(b.id, '2026-03-03T10:00:00Z');
    await setCreatedAt(c.id, '2026-03-02T10:00:00Z');
    expect(summary(await search(anna, { query: 'report' }))).toEqual([
      ['Newer', ['report two']],
      ['Older', ['report three', 'report one']],
    ]);
  });

  it('never shows another user’s notes', async () => {
    const mine = await page(anna, { title: 'Secret plans' });
    await note(anna, mine.id, { content: 'secret recipe' });
    expect(await search(bob, { query: 'secret' })).toEqual([]);
    expect(await search(bob, { query: 'plans' })).toEqual([]);
  });

  it.each(["'", '\\', 'a:*', '&|!()', "o'brien", '<-> !x', '💡 idea', ':*', '"quoted"', 'x'.repeat(200), 'ß', '1.5h'])(
    'survives the query %j',
    async (query) => {
      const p = await page(anna, { title: 'Odd' });
      await note(anna, p.id, { content: "O'Brien has an idea 💡 about 1.5h of work" });
      await search(anna, { query });
    },
  );
});

describe('notes search: filters', () => {
  it("filters by client: the note's own client, else its page's", async () => {
    const acme = await newClient(anna, 'Acme');
    const globex = await newClient(anna, 'Globex');
    const acmePage = await page(anna, { title: 'Acme page', clientId: acme.id });
    const plainPage = await page(anna, { title: 'Plain page' });
    await note(anna, acmePage.id, { content: 'inherits acme' });
    await note(anna, acmePage.id, { content: 'tagged globex', clientId: globex.id });
    await note(anna, plainPage.id, { content: 'tagged acme', clientId: acme.id });
    await note(anna, plainPage.id, { content: 'untagged' });
    const byAcme = await search(anna, { clientId: acme.id });
    expect(byAcme.map((r) => [r.listTitle, r.items.map((i) => i.itemContent).sort()]).sort()).toEqual([
      ['Acme page', ['inherits acme']],
      ['Plain page', ['tagged acme']],
    ]);
    expect(summary(await search(anna, { clientId: globex.id, query: 'tagged' }))).toEqual([['Acme page', ['tagged globex']]]);
    // A page of that client matches by itself even with no note of it.
    const emptyAcme = await page(anna, { title: 'Acme empty', clientId: acme.id });
    expect((await search(anna, { clientId: acme.id })).map((r) => r.listId)).toContain(emptyAcme.id);
  });

  it('filters by creation date, whole days in the user’s timezone', async () => {
    await anna.patch('/api/auth/user/timezone', { timezone: 'Asia/Tokyo' });
    const p = await page(anna, { title: 'Log' });
    const late = await note(anna, p.id, { content: 'entry late' }); // 2026-03-08 01:00 in Tokyo
    const early = await note(anna, p.id, { content: 'entry early' }); // 2026-03-07 08:59 in Tokyo
    const edge = await note(anna, p.id, { content: 'entry edge' }); // 2026-03-09 00:00 in Tokyo
    await setCreatedAt(late.id, '2026-03-07T16:00:00Z');
    await setCreatedAt(early.id, '2026-03-06T23:59:00Z');
    await setCreatedAt(edge.id, '2026-03-08T15:00:00Z');
    const contents = async (params: Record<string, string>) => (await search(anna, params)).flatMap((r) => r.items.map((i) => i.itemContent));
    expect(await contents({ startDate: '2026-03-08', endDate: '2026-03-08' })).toEqual(['entry late']);
    expect(await contents({ startDate: '2026-03-07', endDate: '2026-03-07' })).toEqual(['entry early']);
    expect(await contents({ startDate: '2026-03-08' })).toEqual(['entry edge', 'entry late']);
    expect(await contents({ endDate: '2026-03-07' })).toEqual(['entry early']);
    expect(await contents({ query: 'entry', startDate: '2026-03-09', endDate: '2026-03-31' })).toEqual(['entry edge']);
    // With a date given, a page is listed only for its notes of those days.
    expect(await search(anna, { query: 'log', startDate: '2026-04-01' })).toEqual([]);
  });

  it('answers nothing without criteria, with blank ones or with nothing searchable', async () => {
    const p = await page(anna, { title: 'Page' });
    await note(anna, p.id, { content: 'content' });
    expect(await search(anna, {})).toEqual([]);
    expect(await search(anna, { query: '  ', clientId: '', startDate: '', endDate: '' })).toEqual([]);
    expect(await search(anna, { query: '*** !!' })).toEqual([]);
  });

  it('a client id that is unknown or another user’s finds nothing', async () => {
    const bobs = await newClient(bob, 'Bob Co');
    const p = await page(anna, { title: 'Page' });
    await note(anna, p.id, { content: 'content' });
    expect(await search(anna, { clientId: bobs.id })).toEqual([]);
    expect(await search(anna, { clientId: '00000000-0000-4000-8000-000000000001', query: 'content' })).toEqual([]);
  });

  it.each([
    [{ startDate: '2026-02-30' }, 'Date does not exist'],
    [{ startDate: '03/08/2026' }, 'Date must be YYYY-MM-DD'],
    [{ startDate: '2026-03-09', endDate: '2026-03-08' }, 'Start date must not be after end date'],
    [{ clientId: 'acme' }, 'Invalid id'],
    [{ query: 'x'.repeat(201) }, 'Must be at most 200 characters'],
  ])('refuses %j with 400', async (params, message) => {
    const res = await anna.get('/api/notes/search').query(params);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('refuses a repeated parameter', async () => {
    expect((await anna.get('/api/notes/search?query=a&query=b')).status).toBe(400);
  });
});

describe('toPrefixTsquery', () => {
  it('quotes each term as a prefix and drops terms with nothing searchable', () => {
    expect(toPrefixTsquery('Café  e-mail')).toBe("'Café':* & 'e-mail':*");
    expect(toPrefixTsquery("o'brien back\\slash")).toBe("'o''brien':* & 'back\\\\slash':*");
    expect(toPrefixTsquery('*** & !')).toBeNull();
    expect(toPrefixTsquery('')).toBeNull();
  });
});
