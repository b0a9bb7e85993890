import { Migration } from '@mikro-orm/migrations';

/**
 * Notes search (issue 3): word and prefix matching in page titles and note markdown, case- and
 * accent-insensitive, answered from GIN indexes.
 *
 * - `daybook_search` is the `simple` text search configuration (no stemming, no stop words, lower case)
 *   with the `unaccent` dictionary in front of it, so 'Café' and 'cafe' give the same lexeme.
 *   `to_tsvector('daybook_search'::regconfig, …)` is immutable, so it can be indexed directly.
 * - The GIN indexes lead with `user_id` (btree_gin), so a search reads only the searcher's own entries.
 * - `note_items (user_id, created_at)` serves searches by date or client alone; it replaces the plain
 *   `note_items_user_idx`, which it covers.
 *
 * unaccent and btree_gin are trusted extensions (PostgreSQL 13+): the database owner may create them.
 * They ship with PostgreSQL (Debian's postgresql package, the official Docker images).
 */
export class Migration20261121065000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists unaccent;`);
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(`create text search configuration daybook_search (copy = simple);`);
    this.addSql(
      `alter text search configuration daybook_search alter mapping for word, numword, hword, hword_part, hword_numpart, numhword with unaccent, simple;`,
    );
    this.addSql(`create index "note_items_search_idx" on "note_items" using gin ("user_id", to_tsvector('daybook_search'::regconfig, "content"));`);
    this.addSql(`create index "note_lists_search_idx" on "note_lists" using gin ("user_id", to_tsvector('daybook_search'::regconfig, "title"));`);
    this.addSql(`drop index if exists "note_items_user_idx";`);
    this.addSql(`create index "note_items_user_created_idx" on "note_items" ("user_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "note_items_user_created_idx";`);
    this.addSql(`create index "note_items_user_idx" on "note_items" ("user_id");`);
    this.addSql(`drop index if exists "note_lists_search_idx";`);
    this.addSql(`drop index if exists "note_items_search_idx";`);
    this.addSql(`drop text search configuration if exists daybook_search;`);
  }
}
