import {
  addDays,
  startOfDayInstant,
  type NoteClientRef,
  type NoteSearchPage,
  type NoteSearchQuery,
  type NoteSearchResult,
} from '@daybook/shared';
import { afterKeys, cursorKeysColumn, orderByKeys, pageOf, type SortKey, type WithCursorKeys } from '../../db/keyset';
import { isoInstantSql } from '../../db/sql';
import { EXCERPT_SOURCE_MAX, excerptTerms, noteExcerpt } from './note-excerpt';

/**
 * Notes search (spec §2 Notes, §3 search result), answered by Postgres from GIN indexes
 * (Migration20261121065000, Migration20261121110000): `note_items_search_idx` on (user_id, search_vector),
 * the stored to_tsvector(daybook_search, content), and `note_lists_search_idx` on (user_id,
 * to_tsvector(daybook_search, title)). The `daybook_search` configuration is `simple` behind `unaccent`:
 * no stemming and no stop words, case- and accent-insensitive.
 *
 * Matching: every word of the query must occur, each as a word or the start of a word ('meet' finds
 * 'Meeting', 'cafe' finds 'Café'), in the note's markdown or in its page's title.
 *
 * Plans stay linear whatever the planner's statistics say (issue 11 §2: right after a bulk of notes
 * arrives, before autovacuum analyses them, the planner once re-ran the full-text scan for every
 * candidate note). So the statements fix their own shape:
 * - the full-text match runs once, in a MATERIALIZED CTE of the matching notes;
 * - every other row is reached from those rows by its primary key alone, through
 *   `lateral (select … where x.id = … limit 1)`: the LIMIT keeps Postgres from flattening the lookup
 *   into a join it could reorder, and the owner is checked on the row found, outside the lookup, so no
 *   other index (such as "all of this user's notes") can be picked for it;
 * - a note's text is read only for the rows of the answer, after the limit; its excerpt is made in
 *   note-excerpt.ts.
 * Found notes come a page at a time, newest first, continuing after a cursor (DECISIONS 22).
 */

/** The text search configuration; the expressions below must stay exactly those of the indexes. */
export const SEARCH_CONFIG = `'daybook_search'::regconfig`;
const ITEM_MATCHES = (alias: string) => `${alias}.search_vector @@ to_tsquery(${SEARCH_CONFIG}, ?)`;
const LIST_MATCHES = (alias: string) => `to_tsvector(${SEARCH_CONFIG}, ${alias}.title) @@ to_tsquery(${SEARCH_CONFIG}, ?)`;

/** At most this many pages matched by themselves answer a search (its notes come a page at a time). */
export const NOTE_SEARCH_LIST_LIMIT = 100;
const MAX_TERMS = 20;

/**
 * The query as a prefix tsquery, or null when it holds nothing searchable. Each whitespace-separated
 * term is quoted (so no character of it is tsquery syntax) and marked as a prefix; Postgres then splits
 * and normalises it like the indexed text ('e-mail' → 'e-mail' <-> 'e' <-> 'mail', 'Café' → 'cafe').
 */
export function toPrefixTsquery(query: string): string | null {
  const terms = queryTerms(query);
  if (terms.length === 0) return null;
  return terms.map((term) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');
}

/** The whitespace-separated terms of a query that hold something searchable (at most MAX_TERMS). */
function queryTerms(query: string): string[] {
  return query
    .normalize('NFC')
    .split(/\s+/)
    .filter((term) => /[\p{L}\p{N}]/u.test(term))
    .slice(0, MAX_TERMS);
}

export interface NoteSearchCriteria {
  userId: string;
  /** From `toPrefixTsquery`. */
  tsquery: string | null;
  /** The query's words, to mark in the excerpts (`excerptTerms`). */
  terms: string[];
  clientId?: string | undefined;
  /** Items created at or after this instant, and before `createdBefore`. */
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
}

/** The search criteria from the request: dates are whole days in the user's zone, inclusive. */
export function searchCriteria(userId: string, timezone: string, query: NoteSearchQuery): NoteSearchCriteria | null {
  const tsquery = query.query === undefined ? null : toPrefixTsquery(query.query);
  if (query.query !== undefined && tsquery === null) return null;
  if (tsquery === null && !query.clientId && !query.startDate && !query.endDate) return null;
  return {
    userId,
    tsquery,
    terms: tsquery === null ? [] : excerptTerms(queryTerms(query.query!)),
    clientId: query.clientId,
    createdFrom: query.startDate ? startOfDayInstant(query.startDate, timezone) : undefined,
    createdBefore: query.endDate ? startOfDayInstant(addDays(query.endDate, 1), timezone) : undefined,
  };
}

/**
 * A note's first EXCERPT_SOURCE_MAX characters. `left()` on every note cost about 1 ms per search (2.5 ms
 * for the statement against 1.5 ms reading the column as it is); a note of at most that many bytes
 * (nearly all of them) has at most that many characters and is read whole.
 */
const EXCERPT_SOURCE = `case when octet_length(n.content) <= ${EXCERPT_SOURCE_MAX} then n.content else left(n.content, ${EXCERPT_SOURCE_MAX}) end`;

/** `lateral (select <columns> from <table> <alias> where <alias>.id = <id> limit 1) <alias>`: one primary-key lookup per row. */
const byId = (table: string, alias: string, columns: string, id: string) =>
  `lateral (select ${columns} from ${table} ${alias} where ${alias}.id = ${id} limit 1) ${alias}`;
/** A client named by `id`, if it is the user's (the `?`). */
const clientById = (alias: string, id: string) =>
  `left join ${byId('clients', alias, `${alias}.id, ${alias}.user_id, ${alias}.name, ${alias}.color`, id)} on ${alias}.user_id = ?`;

/** Found notes come newest first: the keys of a search's cursor (alias `m`, the candidate notes). */
export const FOUND_NOTE_ORDER: SortKey[] = [
  { sql: 'm.created_at', direction: 'desc', cast: 'timestamptz' },
  { sql: 'm.id', direction: 'desc', cast: 'uuid' },
];

/** Which page of the found notes to answer: at most `limit`, after the note whose cursor keys are `after` (null: the first page). */
export interface FoundNotesPageQuery {
  limit: number;
  after: string[] | null;
}

/**
 * The one statement of a search page (the pages found by their title come with the notes: a second
 * statement for them was a second round trip per search). A note is found when it passes every criterion:
 * - query: the note's markdown or its page's title matches;
 * - client: the note's own client, or its page's client when the note has none, is that client;
 * - dates: the note was created within the days.
 * Its rows of part 0 are found notes in FOUND_NOTE_ORDER, `limit` + 1 of them (the extra one tells that a
 * next page exists). On the first page with no dates given, rows of part 1 follow (their note columns
 * null): the pages that match by themselves (title matches the query, client is the filter's), by title,
 * which the web lists with their found notes or, with none, as 'Empty list'.
 */
export function planNoteSearch(c: NoteSearchCriteria, page: FoundNotesPageQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  let matched = '';
  if (c.tsquery !== null) {
    // The notes whose text matches, and the notes of the pages whose title matches: each index is read
    // once. A page's notes are reached through the page, which is the user's; each note's owner is
    // checked below too.
    matched = `with matched as materialized (
  select si.id, si.user_id, si.note_list_id, si.client_id, si.created_at
    from note_items si where si.user_id = ? and ${ITEM_MATCHES('si')}
  union
  select si.id, si.user_id, si.note_list_id, si.client_id, si.created_at
    from note_lists sl join note_items si on si.note_list_id = sl.id
   where sl.user_id = ? and ${LIST_MATCHES('sl')}
)
`;
    params.push(c.userId, c.tsquery, c.userId, c.tsquery);
  }
  // The candidates: the matching notes, or without a query the user's notes (newest first, by date).
  const where = ['m.user_id = ?', 'l.user_id = ?'];
  params.push(c.userId, c.userId);
  if (c.clientId) {
    where.push('coalesce(m.client_id, l.client_id) = ?');
    params.push(c.clientId);
  }
  if (c.createdFrom) {
    where.push('m.created_at >= ?::timestamptz');
    params.push(c.createdFrom.toISOString());
  }
  if (c.createdBefore) {
    where.push('m.created_at < ?::timestamptz');
    params.push(c.createdBefore.toISOString());
  }
  if (page.after) {
    const after = afterKeys(FOUND_NOTE_ORDER, page.after);
    where.push(after.sql);
    params.push(...after.params);
  }
  params.push(c.userId, c.userId);
  const notes = `select 0 as part, f.id, f.note_list_id, f.created_at as found_at, ${isoInstantSql('f.created_at')} as created_at, f.list_title, n.content,
       ic.id as item_client_id, ic.name as item_client_name, ic.color as item_client_color,
       lc.id as list_client_id, lc.name as list_client_name, lc.color as list_client_color, f.cursor_keys
  from (select m.id, m.note_list_id, m.client_id, m.created_at, l.title as list_title, l.client_id as list_client_id,
               ${cursorKeysColumn(FOUND_NOTE_ORDER)}
          from ${c.tsquery !== null ? 'matched' : 'note_items'} m
          cross join ${byId('note_lists', 'l', 'l.user_id, l.title, l.client_id', 'm.note_list_id')}
         where ${where.join('\n           and ')}
         order by ${orderByKeys(FOUND_NOTE_ORDER)}
         limit ${page.limit + 1}) f
  cross join ${byId('note_items', 'n', `${EXCERPT_SOURCE} as content`, 'f.id')}
  ${clientById('ic', 'f.client_id')}
  ${clientById('lc', 'f.list_client_id')}`;
  // Notes newest first (FOUND_NOTE_ORDER), then pages by title.
  const order = 'order by part, found_at desc, id desc, list_title, note_list_id';
  if (page.after || c.createdFrom || c.createdBefore) return { sql: `${matched}${notes}\n${order}`, params };

  const pageWhere = ['l.user_id = ?'];
  params.push(c.userId);
  if (c.tsquery !== null) {
    pageWhere.push(LIST_MATCHES('l'));
    params.push(c.tsquery);
  }
  if (c.clientId) {
    pageWhere.push('l.client_id = ?');
    params.push(c.clientId);
  }
  params.push(c.userId);
  // The columns of the notes' rows: a page's id as note_list_id, its title as list_title, its client.
  const pages = `select 1, null, f.id, null, null, f.title, null, null, null, null, lc.id, lc.name, lc.color, null
  from (select l.id, l.title, l.client_id from note_lists l where ${pageWhere.join(' and ')} order by l.title, l.id limit ${NOTE_SEARCH_LIST_LIMIT}) f
  ${clientById('lc', 'f.client_id')}`;
  return { sql: `${matched}${notes}\nunion all\n${pages}\n${order}`, params };
}

/** A row of a search statement: a found note (part 0) or a page found by its title alone (part 1, its note columns null). */
export interface SearchRow extends WithCursorKeys {
  part: 0 | 1;
  id: string | null;
  note_list_id: string;
  /** The note's created_at as it is stored (microseconds), which orders the rows. */
  found_at: Date | null;
  /** An ISO instant. */
  created_at: string | null;
  list_title: string;
  /** The note's first EXCERPT_SOURCE_MAX characters. */
  content: string | null;
  item_client_id: string | null;
  item_client_name: string | null;
  item_client_color: string | null;
  list_client_id: string | null;
  list_client_name: string | null;
  list_client_color: string | null;
}

/** A client named by a search result (spec §3: name and colour), or null. */
function toClientRef(id: string | null, name: string | null, color: string | null): NoteClientRef | null {
  return id && name !== null && color !== null ? { id, name, color } : null;
}

/**
 * One page of a search from its statement's rows: the found notes grouped by page, pages in the order of
 * their newest found note, then the pages found by their title alone, by title.
 */
export function toSearchPage(rows: SearchRow[], limit: number, terms: string[]): NoteSearchPage {
  const found = pageOf(rows.filter((row) => row.part === 0), limit);
  const byList = new Map<string, NoteSearchResult>();
  const resultOf = (row: SearchRow) => {
    let result = byList.get(row.note_list_id);
    if (!result) {
      result = {
        listId: row.note_list_id,
        listTitle: row.list_title,
        client: toClientRef(row.list_client_id, row.list_client_name, row.list_client_color),
        items: [],
      };
      byList.set(row.note_list_id, result);
    }
    return result;
  };
  for (const row of found.items) {
    const excerpt = noteExcerpt(row.content!, terms);
    resultOf(row).items.push({
      itemId: row.id!,
      itemContent: excerpt.text,
      highlights: excerpt.highlights,
      itemClient: toClientRef(row.item_client_id, row.item_client_name, row.item_client_color),
      createdAt: row.created_at!,
    });
  }
  for (const row of rows) if (row.part === 1) resultOf(row);
  return { items: [...byList.values()], nextCursor: found.nextCursor };
}
