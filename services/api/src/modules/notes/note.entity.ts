import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/entity-helpers';
import { ClientEntity } from '../clients/client.entity';
import { UserEntity } from '../users/user.entity';

/** A notes page; pages nest through parentPage and a page's deletion takes its sub-pages. */
export const NoteListEntity = defineEntity({
  name: 'NoteList',
  tableName: 'note_lists',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    client: () => p.manyToOne(ClientEntity).ref().nullable().deleteRule('set null'),
    parentPage: () => p.manyToOne(NoteListEntity).ref().nullable().deleteRule('cascade').index('note_lists_parent_idx'),
    title: p.string().length(500),
    sortOrder: p.integer().default(0),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  indexes: [
    { name: 'note_lists_user_order_idx', properties: ['user', 'sortOrder'] },
    // Title search (notes-search.ts); the configuration and extensions come from Migration20261121065000.
    {
      name: 'note_lists_search_idx',
      expression: `create index "note_lists_search_idx" on "note_lists" using gin ("user_id", to_tsvector('daybook_search'::regconfig, "title"))`,
    },
  ],
});
export type NoteList = InferEntity<typeof NoteListEntity>;

/** A markdown note on a page. The owner is stored too, so every item query and search is scoped by it through an index. */
export const NoteItemEntity = defineEntity({
  name: 'NoteItem',
  tableName: 'note_items',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    noteList: () => p.manyToOne(NoteListEntity).ref().deleteRule('cascade'),
    client: () => p.manyToOne(ClientEntity).ref().nullable().deleteRule('set null'),
    content: p.text(),
    // The content's lexemes, kept by Postgres (Migration20261121110000): a search compares these instead
    // of re-reading every candidate note's markdown. Never read or written by the app.
    searchVector: p
      .string()
      .columnType('tsvector')
      .generated(`(to_tsvector('daybook_search'::regconfig, content)) stored`)
      .nullable()
      .lazy()
      .hidden(),
    sortOrder: p.integer().default(0),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  indexes: [
    { name: 'note_items_list_order_idx', properties: ['noteList', 'sortOrder'] },
    { name: 'note_items_user_created_idx', properties: ['user', 'createdAt'] },
    // Content search (notes-search.ts); the configuration and extensions come from Migration20261121065000.
    {
      name: 'note_items_search_idx',
      expression: `create index "note_items_search_idx" on "note_items" using gin ("user_id", "search_vector")`,
    },
  ],
});
export type NoteItem = InferEntity<typeof NoteItemEntity>;
