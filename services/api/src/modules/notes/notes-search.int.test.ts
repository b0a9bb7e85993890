import { NOTE_EXCERPT_MAX, NOTE_SEARCH_PAGE_DEFAULT, noteSearchPageSchema, type NoteSearchPage, type Client, type NoteItem, type NoteList, type NoteSearchItem, type NoteSearchResult } from '@daybook/shared';
import { interceptStatements } from '../../test/query-plans';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { EXCERPT_SOURCE_MAX } from './note-excerpt';
import { toPrefixTsquery } from './notes-search';

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

const ok = async <T>(res: Promise<{ status: number; body: unknown; text: string }>, status = 201): Promise<T> => {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.status} ${r.text}`);
  return r.body as T;
};
const page = (client: ApiClient, body: Record<string, unknown>) => ok<NoteList>(client.post('/api/note-lists', body));
const note = (client: ApiClient, listId: string, body: Record<string, unknown>) => ok<NoteItem>(client.post(`/api/note-lists/${listId}/items`, body));
const newClient = (client: ApiClient, name: string, color = '#3b82f6') => ok<Client>(client.post('/api/clients', { name, color }));
/** One page of a search's answer. */
const searchPage = async (client: ApiClient, params: Record<string, string>): Promise<NoteSearchPage> => {
  const res = await client.get('/api/notes/search').query(params);
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return noteSearchPageSchema.parse(res.body);
};
/** The first page's results, where they are all on it. */
const search = async (client: ApiClient, params: Record<string, string>) => {
  const first = await searchPage(client, params);
  expect(first.nextCursor).toBeNull();
  return first.items;
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
          { itemId: tagged.id, itemContent: 'Budget for Globex', highlights: [[0, 6]], itemClient: { id: globex.id, name: 'Globex', color: '#22c55e' }, createdAt: tagged.createdAt },
          { itemId: plain.id, itemContent: 'Budget review', highlights: [[0, 6]], itemClient: null, createdAt: plain.createdAt },
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

describe('notes search: a page at a time (DECISIONS 22)', () => {
  /** Every page of a search, following the cursors. */
  const allPages = async (params: Record<string, string>) => {
    const pages: NoteSearchPage[] = [];
    let cursor = '';
    do {
      pages.push(await searchPage(anna, { ...params, cursor }));
      cursor = pages.at(-1)!.nextCursor ?? '';
    } while (cursor);
    return pages;
  };

  it('answers the newest notes first, then the rest page by page, none twice or skipped, notes made at the same instant too', async () => {
    const pageA = await page(anna, { title: 'Alpha' });
    const pageB = await page(anna, { title: 'Beta' });
    const made: { id: string; at: string }[] = [];
    for (let n = 0; n < 2 * NOTE_SEARCH_PAGE_DEFAULT + 5; n += 1) {
      const item = await note(anna, n % 3 === 0 ? pageB.id : pageA.id, { content: `report ${n}` });
      // Groups of four notes share an instant: only the id tells them apart.
      const at = new Date(Date.UTC(2026, 2, 1) + Math.floor(n / 4) * 60_000).toISOString();
      await setCreatedAt(item.id, at);
      made.push({ id: item.id, at });
    }
    const newestFirst = [...made].sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : x.at < y.at ? 1 : -1)).map((m) => m.id);

    /** Each page's notes (grouped by note list on the page, so compared as sets): the next ones newest first. */
    const expectPagesOf = (pages: NoteSearchPage[], size: number) => {
      expect(pages).toHaveLength(Math.ceil(made.length / size));
      pages.forEach((p, k) => expect(p.items.flatMap((r) => r.items.map((i) => i.itemId)).sort()).toEqual(newestFirst.slice(k * size, (k + 1) * size).sort()));
    };
    const pages = await allPages({ query: 'report' });
    expectPagesOf(pages, NOTE_SEARCH_PAGE_DEFAULT);
    // A page of notes groups by note list each time: Alpha and Beta come back on every page.
    expect(pages.map((p) => p.items.map((r) => r.listTitle).sort())).toEqual([['Alpha', 'Beta'], ['Alpha', 'Beta'], ['Alpha', 'Beta']]);

    expectPagesOf(await allPages({ query: 'report', limit: '7', startDate: '2026-02-28' }), 7);
  });

  it('lists the pages found by their title on the first page only', async () => {
    const reports = await page(anna, { title: 'Reports' });
    await page(anna, { title: 'Report drafts' });
    for (let n = 0; n < NOTE_SEARCH_PAGE_DEFAULT + 1; n += 1) await note(anna, reports.id, { content: `entry ${n}` });
    const [first, second] = await allPages({ query: 'report' });
    expect(first!.items.map((r) => [r.listTitle, r.items.length])).toEqual([
      ['Reports', NOTE_SEARCH_PAGE_DEFAULT],
      ['Report drafts', 0],
    ]);
    expect(second!.items.map((r) => [r.listId, r.items.length])).toEqual([[reports.id, 1]]);
    expect(second!.nextCursor).toBeNull();
  });

  it('answers a page in one statement, the pages found by title with it', async () => {
    const p = await page(anna, { title: 'Reports' });
    await note(anna, p.id, { content: 'report' });
    const statements: string[] = [];
    const spy = interceptStatements((query, send) => {
      if (query.values?.includes(annaId)) statements.push(query.text);
      send();
    });
    try {
      expect((await search(anna, { query: 'report' })).map((r) => r.listTitle)).toEqual(['Reports']);
      await search(anna, { clientId: '00000000-0000-4000-8000-000000000001' });
    } finally {
      spy.mockRestore();
    }
    expect(statements).toHaveLength(2);
  });

  it.each([
    ['made up', 'nonsense'],
    ['edited', Buffer.from(JSON.stringify(['2026-13-45 00:00:00+00', 'x'])).toString('base64url')],
    ['of another list', Buffer.from(JSON.stringify([0, '2026-03-01 00:00:00+00', '0f8fad5b-d9cb-469f-a165-70867728950e'])).toString('base64url')],
  ])('refuses a cursor %s with 400 Invalid cursor', async (_label, cursor) => {
    const res = await anna.get('/api/notes/search').query({ query: 'report', cursor });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid cursor');
  });
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

/** The highlighted words of a found note. */
const marked = (item: NoteSearchItem) => item.highlights.map(([start, end]) => item.itemContent.slice(start, end));

describe('notes search: excerpts (DECISIONS 22)', () => {
  it('answers an excerpt around the words found, with their places, never the whole long note', async () => {
    const p = await page(anna, { title: 'Minutes' });
    const filler = (word: string) => Array.from({ length: 300 }, (_, n) => `${word}${n}`).join(' ');
    const content = `# Minutes\n\n${filler('alpha')} We agreed to send the **invoice** to Müller on Friday. ${filler('omega')}`;
    const created = await note(anna, p.id, { content });
    const [item] = (await search(anna, { query: 'invoice mull' }))[0]!.items;
    expect(item!.itemId).toBe(created.id);
    expect(item!.itemContent.length).toBeLessThanOrEqual(NOTE_EXCERPT_MAX);
    expect(item!.itemContent.length).toBeLessThan(content.length / 10);
    // The passage starts at the first word found and runs on from it.
    expect(item!.itemContent).toMatch(/^\*\*invoice\*\* to Müller on Friday\. omega0 omega1 /);
    expect(marked(item!)).toEqual(['invoice', 'Müller']);
    // The whole note is one call away.
    expect((await anna.get(`/api/note-items/${created.id}`)).body.content).toBe(content);
  });

  it('marks every word found, accents and case as written in the note', async () => {
    const p = await page(anna, { title: 'Journal' });
    await note(anna, p.id, { content: 'Réunion at the CAFÉ, then another réunion' });
    const [item] = (await search(anna, { query: 'reunion cafe' }))[0]!.items;
    expect(item!.itemContent).toBe('Réunion at the CAFÉ, then another réunion');
    expect(marked(item!)).toEqual(['Réunion', 'CAFÉ', 'réunion']);
  });

  it('carries no markup: tags in a note are left out', async () => {
    const p = await page(anna, { title: 'Odd' });
    await note(anna, p.id, { content: 'a <img src=x onerror="alert(1)"> and <b>bold</b> meeting end' });
    const [item] = (await search(anna, { query: 'meeting' }))[0]!.items;
    expect(item!.itemContent).toBe('a and bold meeting end');
    expect(marked(item!)).toEqual(['meeting']);
  });

  it(`finds a word past the first ${EXCERPT_SOURCE_MAX} characters; the excerpt is then the note's beginning`, async () => {
    const p = await page(anna, { title: 'Long' });
    await note(anna, p.id, { content: `Opening line. ${'lorem ipsum '.repeat(EXCERPT_SOURCE_MAX / 10)} zanzibar` });
    const [item] = (await search(anna, { query: 'zanzibar' }))[0]!.items;
    expect(item!.itemContent).toMatch(/^Opening line\. lorem ipsum/);
    expect(item!.highlights).toEqual([]);
  });

  it('answers the beginning of each note, cut with an ellipsis, for a search by client or date alone', async () => {
    const acme = await newClient(anna, 'Acme');
    const p = await page(anna, { title: 'Acme', clientId: acme.id });
    await note(anna, p.id, { content: 'Short one' });
    await note(anna, p.id, { content: `Long one ${'word '.repeat(200)}` });
    for (const criteria of [{ clientId: acme.id }, { startDate: '2020-01-01' }] as Record<string, string>[]) {
      const items = (await search(anna, criteria))[0]!.items;
      expect(items.map((i) => i.highlights)).toEqual([[], []]);
      expect(items.map((i) => i.itemContent)).toEqual([expect.stringMatching(/^Long one word word .*word…$/), 'Short one']);
      expect(items[0]!.itemContent.length).toBeLessThanOrEqual(NOTE_EXCERPT_MAX);
    }
  });
});

describe('notes search: one user cannot hold the api (DECISIONS 22)', () => {
  it('answers a user’s searches beyond the heavy-read bound 429 with Retry-After, while another user’s search is answered', async () => {
    const annas = await page(anna, { title: 'Anna' });
    await note(anna, annas.id, { content: 'plan for Monday' });
    const bobs = await page(bob, { title: 'Bob' });
    await note(bob, bobs.id, { content: 'plan for Tuesday' });

    // Anna's searches are held on their pool connections, before they reach Postgres, until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    const spy = interceptStatements((query, send) => {
      if (query.text.includes('with matched') && query.values?.includes(annaId)) {
        held += 1;
        void released.then(send);
      } else send();
    });
    try {
      const answered: { status: number; retryAfter?: string; code?: string }[] = [];
      const flood = Array.from({ length: 30 }, () =>
        anna
          .get('/api/notes/search')
          .query({ query: 'plan' })
          .then((res) => answered.push({ status: res.status, retryAfter: res.headers['retry-after'], code: res.body.error?.code })),
      );
      // A few run (held), a few wait their turn, the rest are refused at once.
      await waitUntil(() => held > 0 && answered.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(held).toBeLessThan(30);
      expect(answered.length).toBeGreaterThan(0);
      for (const answer of answered) expect(answer).toEqual({ status: 429, retryAfter: expect.stringMatching(/^[1-9]\d*$/), code: 'too_many_requests' });
      // Meanwhile another user's search is answered.
      expect(summary(await search(bob, { query: 'plan' }))).toEqual([['Bob', ['plan for Tuesday']]]);
      release();
      await Promise.all(flood);
      const statuses = answered.map((a) => a.status);
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(held);
    } finally {
      release();
      spy.mockRestore();
    }
  }, 30_000);
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('toPrefixTsquery', () => {
  it('quotes each term as a prefix and drops terms with nothing searchable', () => {
    expect(toPrefixTsquery('Café  e-mail')).toBe("'Café':* & 'e-mail':*");
    expect(toPrefixTsquery("o'brien back\\slash")).toBe("'o''brien':* & 'back\\\\slash':*");
    expect(toPrefixTsquery('*** & !')).toBeNull();
    expect(toPrefixTsquery('')).toBeNull();
  });
});
