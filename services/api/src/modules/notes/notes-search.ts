import { addDays, startOfDayInstant, type NoteSearchQuery, type NoteSearchResult } from '@daybook/shared';
import { toIsoInstant } from '../../db/sql';
import { toClientRef } from './notes.mapper';

/**
 * Notes search (spec §2 Notes, §3 search result), answered by Postgres from GIN indexes
 * (Migration20261121065000, Migration20261121110000): `note_items_search_idx` on (user_id, search_vector),
 * the stored to_tsvector(daybook_search, content), and `note_lists_search_idx` on (user_id,
 * to_tsvector(daybook_search, title)). The `daybook_search` configuration is `simple` behind `unaccent`:
 * no stemming and no stop words, case- and accent-insensitive.
 *
 * Matching: every word of the query must occur, each as a word or the start of a word ('meet' finds
 * 'Meeting', 'cafe' finds 'Café'), in the note's markdown or in its page's title.
 */

/** The text search configuration; the expressions below must stay exactly those of the indexes. */
export const SEARCH_CONFIG = `'daybook_search'::regconfig`;
const ITEM_MATCHES = (alias: string) => `${alias}.search_vector @@ to_tsquery(${SEARCH_CONFIG}, ?)`;
const LIST_MATCHES = (alias: string) => `to_tsvector(${SEARCH_CONFIG}, ${alias}.title) @@ to_tsquery(${SEARCH_CONFIG}, ?)`;

/** At most this many notes (newest first) and this many pages matched by themselves answer a search. */
export const NOTE_SEARCH_ITEM_LIMIT = 500;
export const NOTE_SEARCH_LIST_LIMIT = 100;
const MAX_TERMS = 20;

/**
 * The query as a prefix tsquery, or null when it holds nothing searchable. Each whitespace-separated
 * term is quoted (so no character of it is tsquery syntax) and marked as a prefix; Postgres then splits
 * and normalises it like the indexed text ('e-mail' → 'e-mail' <-> 'e' <-> 'mail', 'Café' → 'cafe').
 */
export function toPrefixTsquery(query: string): string | null {
  const terms = query
    .normalize('NFC')
    .split(/\s+/)
    .filter((term) => /[\p{L}\p{N}]/u.test(term))
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  return terms.map((term) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');
}

export interface NoteSearchCriteria {
  userId: string;
  /** From `toPrefixTsquery`. */
  tsquery: string | null;
  clientId?: string | undefined;
  /** Items created at or after this instant, and before `createdBefore`. */
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
}

export interface NoteSearchPlan {
  items: { sql: string; params: unknown[] };
  /** Pages that match by themselves (and are listed even with no matching note), when that applies. */
  lists: { sql: string; params: unknown[] } | null;
}

/** The search criteria from the request: dates are whole days in the user's zone, inclusive. */
export function searchCriteria(userId: string, timezone: string, query: NoteSearchQuery): NoteSearchCriteria | null {
  const tsquery = query.query === undefined ? null : toPrefixTsquery(query.query);
  if (query.query !== undefined && tsquery === null) return null;
  if (tsquery === null && !query.clientId && !query.startDate && !query.endDate) return null;
  return {
    userId,
    tsquery,
    clientId: query.clientId,
    createdFrom: query.startDate ? startOfDayInstant(query.startDate, timezone) : undefined,
    createdBefore: query.endDate ? startOfDayInstant(addDays(query.endDate, 1), timezone) : undefined,
  };
}

/**
 * The statements of a search. A note is found when it passes every criterion:
 * - query: the note's markdown or its page's title matches;
 * - client: the note's own client, or its page's client when the note has none, is that client;
 * - dates: the note was created within the days.
 * A page with no such note is still listed (with no items, the web's 'Empty list') when it matches by
 * itself: its title matches the query, its client is the filter's, and no date is given.
 */
export function planNoteSearch(c: NoteSearchCriteria): NoteSearchPlan {
  const where = ['i.user_id = ?', 'l.user_id = ?'];
  const params: unknown[] = [c.userId, c.userId];
  if (c.tsquery !== null) {
    // Two index-backed branches: notes whose text matches, and the notes of pages whose title matches.
    where.push(`i.id in (
      select si.id from note_items si where si.user_id = ? and ${ITEM_MATCHES('si')}
      union all
      select si.id from note_lists sl join note_items si on si.note_list_id = sl.id
       where sl.user_id = ? and ${LIST_MATCHES('sl')} and si.user_id = ?)`);
    params.push(c.userId, c.tsquery, c.userId, c.tsquery, c.userId);
  }
  if (c.clientId) {
    where.push('coalesce(i.client_id, l.client_id) = ?');
    params.push(c.clientId);
  }
  if (c.createdFrom) {
    where.push('i.created_at >= ?::timestamptz');
    params.push(c.createdFrom.toISOString());
  }
  if (c.createdBefore) {
    where.push('i.created_at < ?::timestamptz');
    params.push(c.createdBefore.toISOString());
  }
  const items = {
    sql: `select i.id, i.note_list_id, i.content, i.created_at,
       ic.id as item_client_id, ic.name as item_client_name, ic.color as item_client_color,
       l.title as list_title, lc.id as list_client_id, lc.name as list_client_name, lc.color as list_client_color
  from note_items i
  join note_lists l on l.id = i.note_list_id
  left join clients ic on ic.id = i.client_id and ic.user_id = i.user_id
  left join clients lc on lc.id = l.client_id and lc.user_id = l.user_id
 where ${where.join('\n   and ')}
 order by i.created_at desc, i.id desc
 limit ${NOTE_SEARCH_ITEM_LIMIT}`,
    params,
  };

  let lists: NoteSearchPlan['lists'] = null;
  if (!c.createdFrom && !c.createdBefore) {
    const listWhere = ['l.user_id = ?'];
    const listParams: unknown[] = [c.userId];
    if (c.tsquery !== null) {
      listWhere.push(LIST_MATCHES('l'));
      listParams.push(c.tsquery);
    }
    if (c.clientId) {
      listWhere.push('l.client_id = ?');
      listParams.push(c.clientId);
    }
    lists = {
      sql: `select l.id, l.title, lc.id as list_client_id, lc.name as list_client_name, lc.color as list_client_color
  from note_lists l
  left join clients lc on lc.id = l.client_id and lc.user_id = l.user_id
 where ${listWhere.join(' and ')}
 order by l.title, l.id
 limit ${NOTE_SEARCH_LIST_LIMIT}`,
      params: listParams,
    };
  }
  return { items, lists };
}

export interface SearchItemRow {
  id: string;
  note_list_id: string;
  content: string;
  created_at: string | Date;
  item_client_id: string | null;
  item_client_name: string | null;
  item_client_color: string | null;
  list_title: string;
  list_client_id: string | null;
  list_client_name: string | null;
  list_client_color: string | null;
}

export interface SearchListRow {
  id: string;
  title: string;
  list_client_id: string | null;
  list_client_name: string | null;
  list_client_color: string | null;
}

/**
 * Groups the found notes by page, pages in the order of their newest found note, then the pages that
 * matched only by themselves, by title.
 */
export function toSearchResults(items: SearchItemRow[], lists: SearchListRow[]): NoteSearchResult[] {
  const byList = new Map<string, NoteSearchResult>();
  for (const row of items) {
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
    result.items.push({
      itemId: row.id,
      itemContent: row.content,
      itemClient: toClientRef(row.item_client_id, row.item_client_name, row.item_client_color),
      createdAt: toIsoInstant(row.created_at),
    });
  }
  for (const row of lists) {
    if (byList.has(row.id)) continue;
    byList.set(row.id, {
      listId: row.id,
      listTitle: row.title,
      client: toClientRef(row.list_client_id, row.list_client_name, row.list_client_color),
      items: [],
    });
  }
  return [...byList.values()];
}
