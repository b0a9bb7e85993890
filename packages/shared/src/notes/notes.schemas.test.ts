import {
  NOTE_ITEM_PAGE_DEFAULT,
  NOTE_ITEM_PAGE_MAX,
  noteItemCreateBodySchema,
  noteItemPageQuerySchema,
  noteItemUpdateBodySchema,
  noteListCreateBodySchema,
  noteListUpdateBodySchema,
  noteSearchQuerySchema,
  noteSearchPageSchema,
  NOTE_SEARCH_PAGE_DEFAULT,
  NOTE_SEARCH_PAGE_MAX,
} from './notes.schemas';

const ID1 = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ID2 = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('note lists', () => {
  it('create: title trimmed and required, optional parent and client', () => {
    expect(noteListCreateBodySchema.parse({ title: ' Ideas ' })).toEqual({ title: 'Ideas' });
    expect(noteListCreateBodySchema.parse({ title: 'Sub', parentPageId: ID1, clientId: '' })).toEqual({ title: 'Sub', parentPageId: ID1, clientId: null });
    expect(messages(noteListCreateBodySchema.safeParse({ title: '  ' }))).toEqual(['Title is required']);
    expect(noteListCreateBodySchema.safeParse({ title: 'x', parentPageId: 'nope' }).success).toBe(false);
  });

  it('update: any subset', () => {
    expect(noteListUpdateBodySchema.parse({ parentPageId: null })).toEqual({ parentPageId: null });
    expect(noteListUpdateBodySchema.parse({ clientId: 'none' })).toEqual({ clientId: null });
  });
});

describe('note items', () => {
  it("create: content trimmed and required, client '' or 'none' → null", () => {
    expect(noteItemCreateBodySchema.parse({ content: ' **hi** ', sortOrder: 2, clientId: 'none' })).toEqual({ content: '**hi**', sortOrder: 2, clientId: null });
    expect(noteItemCreateBodySchema.parse({ content: 'a', clientId: '' })).toEqual({ content: 'a', clientId: null });
    expect(noteItemCreateBodySchema.parse({ content: 'a', clientId: ID2 })).toEqual({ content: 'a', clientId: ID2 });
    expect(messages(noteItemCreateBodySchema.safeParse({ content: '\n ' }))).toEqual(['Note content is required']);
    expect(noteItemCreateBodySchema.safeParse({ content: 'a\u0000' }).success).toBe(false);
  });

  it('update: content and/or client', () => {
    expect(noteItemUpdateBodySchema.parse({ clientId: 'none' })).toEqual({ clientId: null });
    expect(noteItemUpdateBodySchema.safeParse({ content: '' }).success).toBe(false);
  });
});

describe('a page of notes', () => {
  it('has a default and a maximum size, and takes an opaque cursor', () => {
    expect(noteItemPageQuerySchema.parse({})).toEqual({ limit: NOTE_ITEM_PAGE_DEFAULT });
    expect(noteItemPageQuerySchema.parse({ limit: '20', cursor: 'abc' })).toEqual({ limit: 20, cursor: 'abc' });
    expect(noteItemPageQuerySchema.parse({ cursor: '' })).toEqual({ limit: NOTE_ITEM_PAGE_DEFAULT });
    expect(messages(noteItemPageQuerySchema.safeParse({ limit: String(NOTE_ITEM_PAGE_MAX + 1) }))).toEqual([`Limit must be at most ${NOTE_ITEM_PAGE_MAX}`]);
    expect(noteItemPageQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(noteItemPageQuerySchema.safeParse({ cursor: ['a', 'b'] }).success).toBe(false);
  });
});

describe('notes search', () => {
  it('drops blank criteria and checks the rest', () => {
    expect(noteSearchQuerySchema.parse({ query: ' plan ', clientId: '', startDate: '', endDate: '2026-03-08', cursor: '' })).toEqual({
      query: 'plan',
      endDate: '2026-03-08',
      limit: NOTE_SEARCH_PAGE_DEFAULT,
    });
    expect(noteSearchQuerySchema.parse({})).toEqual({ limit: NOTE_SEARCH_PAGE_DEFAULT });
    expect(noteSearchQuerySchema.parse({ limit: '5', cursor: 'abc' })).toEqual({ limit: 5, cursor: 'abc' });
    expect(messages(noteSearchQuerySchema.safeParse({ limit: String(NOTE_SEARCH_PAGE_MAX + 1) }))).toEqual([`Limit must be at most ${NOTE_SEARCH_PAGE_MAX}`]);
    expect(noteSearchQuerySchema.safeParse({ startDate: '2026-02-30' }).success).toBe(false);
    expect(messages(noteSearchQuerySchema.safeParse({ startDate: '2026-03-09', endDate: '2026-03-08' }))).toEqual([
      'Start date must not be after end date',
    ]);
  });

  it('describes results', () => {
    const results = [
      {
        listId: ID1,
        listTitle: 'Ideas',
        client: { id: ID2, name: 'Acme', color: '#e5e7eb' },
        items: [{ itemId: ID2, itemContent: 'Call Acme', highlights: [[0, 4], [5, 9]], itemClient: null, createdAt: '2026-03-08T10:00:00.000Z' }],
      },
    ];
    expect(noteSearchPageSchema.parse({ items: results, nextCursor: 'abc' })).toEqual({ items: results, nextCursor: 'abc' });
  });

  it.each([
    ['empty', [[2, 2]]],
    ['reversed', [[3, 1]]],
    ['past the end', [[5, 10]]],
    ['overlapping', [[0, 4], [3, 6]]],
    ['out of order', [[5, 9], [0, 4]]],
  ])('refuses %s highlight ranges', (_label, highlights) => {
    const item = { itemId: ID2, itemContent: 'Call Acme', highlights, itemClient: null, createdAt: '2026-03-08T10:00:00.000Z' };
    expect(noteSearchPageSchema.safeParse({ items: [{ listId: ID1, listTitle: 'Ideas', client: null, items: [item] }], nextCursor: null }).success).toBe(false);
  });
});
