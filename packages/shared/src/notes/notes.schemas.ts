import { z } from 'zod';
import { idSchema, isoInstantSchema, text } from '../common';
import { nullableIdSchema, requiredText, sortOrderSchema } from '../fields';
import { calendarDateSchema } from '../time/time.schemas';

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
export const noteItemListSchema = z.array(noteItemSchema);

// ---------------------------------------------------------------------------------------------
// Search

const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * GET /api/notes/search?query&clientId&startDate&endDate; blank criteria are absent. The dates are
 * calendar dates in the user's zone, inclusive, matched against the items' createdAt.
 */
export const noteSearchQuerySchema = z
  .object({
    query: z.preprocess(blankAsAbsent, z.string().trim().pipe(text(NOTE_SEARCH_QUERY_MAX)).optional()),
    clientId: z.preprocess(blankAsAbsent, idSchema.optional()),
    startDate: z.preprocess(blankAsAbsent, calendarDateSchema.optional()),
    endDate: z.preprocess(blankAsAbsent, calendarDateSchema.optional()),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'Start date must not be after end date',
    path: ['endDate'],
  });
export type NoteSearchQuery = z.infer<typeof noteSearchQuerySchema>;

/** A client as a search result names it (spec §3: name and colour). */
export const noteClientRefSchema = z.object({ id: idSchema, name: z.string(), color: z.string() });
export type NoteClientRef = z.infer<typeof noteClientRefSchema>;

export const noteSearchItemSchema = z.object({
  itemId: idSchema,
  itemContent: z.string(),
  itemClient: noteClientRefSchema.nullable(),
  createdAt: isoInstantSchema,
});
export type NoteSearchItem = z.infer<typeof noteSearchItemSchema>;

/** One matching list with its matching items. */
export const noteSearchResultSchema = z.object({
  listId: idSchema,
  listTitle: z.string(),
  client: noteClientRefSchema.nullable(),
  items: z.array(noteSearchItemSchema),
});
export type NoteSearchResult = z.infer<typeof noteSearchResultSchema>;
export const noteSearchResultListSchema = z.array(noteSearchResultSchema);
