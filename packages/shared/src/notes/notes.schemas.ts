import { z } from 'zod';
import { idSchema, isoInstantSchema, text } from '../common';
import { nullableIdSchema, pageQuerySchema, pageSchema, requiredText, sortOrderSchema } from '../fields';
import { dateInRangeSchema } from '../time/time.schemas';

export const NOTE_LIST_TITLE_MAX = 200;
export const NOTE_CONTENT_MAX = 50_000;
export const NOTE_SEARCH_QUERY_MAX = 200;

const noteListTitleSchema = requiredText(NOTE_LIST_TITLE_MAX, 'Title is required');
const noteContentSchema = requiredText(NOTE_CONTENT_MAX, 'Note content is required');

/** A note's client tag: '' or 'none' (the selector's "No client") → null, else a uuid (spec §5). */
export const noteClientIdSchema = z.preprocess((value) => (value === 'none' ? null : value), nullableIdSchema);

// ---------------------------------------------------------------------------------------------
// Note lists (pages)

/** POST /api/note-lists */
export const noteListCreateBodySchema = z.object({
  title: noteListTitleSchema,
  parentPageId: nullableIdSchema.optional(),
  clientId: noteClientIdSchema.optional(),
});
export type NoteListCreateBody = z.infer<typeof noteListCreateBodySchema>;

/** PATCH /api/note-lists/{id}. The api refuses a parent that is the page itself or one of its sub-pages. */
export const noteListUpdateBodySchema = z
  .object({ title: noteListTitleSchema, parentPageId: nullableIdSchema, clientId: noteClientIdSchema, sortOrder: sortOrderSchema })
  .partial();
export type NoteListUpdateBody = z.infer<typeof noteListUpdateBodySchema>;

export const noteListSchema = z.object({
  id: idSchema,
  title: z.string(),
  clientId: idSchema.nullable(),
  parentPageId: idSchema.nullable(),
  sortOrder: z.number().int(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type NoteList = z.infer<typeof noteListSchema>;
export const noteListListSchema = z.array(noteListSchema);

// ---------------------------------------------------------------------------------------------
// Note items

/** POST /api/note-lists/{id}/items. Without sortOrder the api appends (sortOrder = item count, spec §3). */
export const noteItemCreateBodySchema = z.object({
  content: noteContentSchema,
  sortOrder: sortOrderSchema.optional(),
  clientId: noteClientIdSchema.optional(),
});
export type NoteItemCreateBody = z.infer<typeof noteItemCreateBodySchema>;

/** PATCH /api/note-items/{id} */
export const noteItemUpdateBodySchema = z.object({ content: noteContentSchema, clientId: noteClientIdSchema }).partial();
export type NoteItemUpdateBody = z.infer<typeof noteItemUpdateBodySchema>;

export const noteItemSchema = z.object({
  id: idSchema,
  noteListId: idSchema,
  content: z.string(),
  clientId: idSchema.nullable(),
  sortOrder: z.number().int(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type NoteItem = z.infer<typeof noteItemSchema>;

/**
 * GET /api/note-lists/{id}/items?limit&cursor (DECISIONS 22): a page's notes in their order, a page at a
 * time. One page holds every note of a normal page; a page of thousands loads as the user scrolls.
 */
export const NOTE_ITEM_PAGE_DEFAULT = 100;
export const NOTE_ITEM_PAGE_MAX = 200;
export const noteItemPageQuerySchema = pageQuerySchema(NOTE_ITEM_PAGE_DEFAULT, NOTE_ITEM_PAGE_MAX);
export type NoteItemPageQuery = z.infer<typeof noteItemPageQuerySchema>;
export const noteItemPageSchema = pageSchema(noteItemSchema);
export type NoteItemPage = z.infer<typeof noteItemPageSchema>;

// ---------------------------------------------------------------------------------------------
// Search

const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * GET /api/notes/search?query&clientId&startDate&endDate&limit&cursor; blank criteria are absent. The
 * dates are calendar dates in the user's zone, inclusive, matched against the items' createdAt; each lies
 * between 1900-01-01 and 2999-12-31 (DECISIONS 23). The matching notes come newest first, a page at a
 * time (DECISIONS 22): a page holds what a screen shows and a few more, and the next page loads as the
 * user scrolls.
 */
export const NOTE_SEARCH_PAGE_DEFAULT = 20;
export const NOTE_SEARCH_PAGE_MAX = 50;
export const noteSearchQuerySchema = pageQuerySchema(NOTE_SEARCH_PAGE_DEFAULT, NOTE_SEARCH_PAGE_MAX)
  .extend({
    query: z.preprocess(blankAsAbsent, z.string().trim().pipe(text(NOTE_SEARCH_QUERY_MAX)).optional()),
    clientId: z.preprocess(blankAsAbsent, idSchema.optional()),
    startDate: z.preprocess(blankAsAbsent, dateInRangeSchema.optional()),
    endDate: z.preprocess(blankAsAbsent, dateInRangeSchema.optional()),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'Start date must not be after end date',
    path: ['endDate'],
  });
export type NoteSearchQuery = z.infer<typeof noteSearchQuerySchema>;

/** A client as a search result names it (spec §3: name and colour). */
export const noteClientRefSchema = z.object({ id: idSchema, name: z.string(), color: z.string() });
export type NoteClientRef = z.infer<typeof noteClientRefSchema>;

/** At most this many characters of a note answer a search (DECISIONS 22); the whole note is GET /api/note-items/{id}. */
export const NOTE_EXCERPT_MAX = 400;

/** `[start, end)` of a highlighted word in an excerpt, in UTF-16 code units (JavaScript string indexes). */
export const highlightRangeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export type HighlightRange = z.infer<typeof highlightRangeSchema>;

/** True when the ranges are non-empty, in order, apart and inside a text of this length. */
export const areHighlightsWithin = (ranges: readonly HighlightRange[], length: number) =>
  ranges.every(([start, end], index) => start < end && end <= length && (index === 0 || ranges[index - 1]![1] <= start));

/**
 * A matching note: `itemContent` is an excerpt of it (plain text, at most NOTE_EXCERPT_MAX characters,
 * never HTML) around the words found, which `highlights` marks.
 */
export const noteSearchItemSchema = z
  .object({
    itemId: idSchema,
    itemContent: z.string(),
    highlights: z.array(highlightRangeSchema),
    itemClient: noteClientRefSchema.nullable(),
    createdAt: isoInstantSchema,
  })
  .refine((item) => areHighlightsWithin(item.highlights, item.itemContent.length), { message: 'Highlights must lie in the excerpt', path: ['highlights'] });
export type NoteSearchItem = z.infer<typeof noteSearchItemSchema>;

/** One matching list with its matching items. */
export const noteSearchResultSchema = z.object({
  listId: idSchema,
  listTitle: z.string(),
  client: noteClientRefSchema.nullable(),
  items: z.array(noteSearchItemSchema),
});
export type NoteSearchResult = z.infer<typeof noteSearchResultSchema>;

/**
 * One page of a search: the pages (note lists) of its notes, each with its notes of this page, in the
 * order of their newest note. A note list can come back on a later page with more of its notes. The
 * first page also lists, after those, the pages whose title matches with no note of theirs on it.
 */
export const noteSearchPageSchema = pageSchema(noteSearchResultSchema);
export type NoteSearchPage = z.infer<typeof noteSearchPageSchema>;
