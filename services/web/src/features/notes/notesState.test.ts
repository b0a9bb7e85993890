import type { NoteList } from '@daybook/shared';
import { activeFilterCount, buildPageTree, EMPTY_FILTERS, flattenTree, initialNotesState, notesReducer, type NotesState } from './notesState';

const list = (id: string, parentPageId: string | null = null, sortOrder = 0): NoteList => ({
  id,
  title: id,
  clientId: null,
  parentPageId,
  sortOrder,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

const searching: NotesState = { ...initialNotesState, selectedId: 'a', search: 'milk', filters: { clientId: 'c1', startDate: '2026-01-01', endDate: '' } };

describe('notes selection rules (spec §4)', () => {
  it('auto-selects the first list when none is chosen', () => {
    expect(notesReducer(initialNotesState, { type: 'listsLoaded', ids: ['a', 'b'] }).selectedId).toBe('a');
    expect(notesReducer(initialNotesState, { type: 'listsLoaded', ids: [] }).selectedId).toBeNull();
  });

  it('keeps a chosen list that still exists, and re-selects the first when it is gone', () => {
    const chosen = { ...initialNotesState, selectedId: 'b' };
    expect(notesReducer(chosen, { type: 'listsLoaded', ids: ['a', 'b'] })).toBe(chosen);
    expect(notesReducer(chosen, { type: 'listsLoaded', ids: ['a'] }).selectedId).toBe('a');
  });

  it('selecting a list clears search and filters', () => {
    const next = notesReducer(searching, { type: 'select', id: 'b' });
    expect(next).toMatchObject({ selectedId: 'b', search: '', filters: EMPTY_FILTERS });
  });

  it('deleting the selected list clears the selection; deleting another keeps it', () => {
    expect(notesReducer(searching, { type: 'deleted', id: 'a' }).selectedId).toBeNull();
    expect(notesReducer(searching, { type: 'deleted', id: 'z' }).selectedId).toBe('a');
  });

  it('creating a list selects it; a new sub-page expands its parent', () => {
    const page = notesReducer(searching, { type: 'created', list: { id: 'n', parentPageId: null } });
    expect(page).toMatchObject({ selectedId: 'n', expanded: [], search: '' });
    const sub = notesReducer(page, { type: 'created', list: { id: 's', parentPageId: 'n' } });
    expect(sub).toMatchObject({ selectedId: 's', expanded: ['n'] });
    expect(notesReducer(sub, { type: 'created', list: { id: 't', parentPageId: 'n' } }).expanded).toEqual(['n']);
  });

  it('saving an edit closes the editors', () => {
    const editing = notesReducer(searching, { type: 'edit', itemId: 'i1' });
    expect(editing.editingItemId).toBe('i1');
    expect(notesReducer(editing, { type: 'closeEditors' }).editingItemId).toBeNull();
  });

  it('clear resets the search and every filter; the badge counts active filters', () => {
    expect(activeFilterCount(searching.filters)).toBe(2);
    const cleared = notesReducer(searching, { type: 'clearSearch' });
    expect(cleared).toMatchObject({ search: '', filters: EMPTY_FILTERS, selectedId: 'a' });
    expect(activeFilterCount(cleared.filters)).toBe(0);
  });
});

describe('page tree', () => {
  it('nests sub-pages under their parent in sort order, and orphans at the root', () => {
    const tree = buildPageTree([list('b', null, 1), list('a', null, 0), list('a2', 'a', 1), list('a1', 'a', 0), list('orphan', 'gone', 2)]);
    expect(flattenTree(tree).map((node) => `${node.depth}:${node.list.id}`)).toEqual(['0:a', '1:a1', '1:a2', '0:b', '0:orphan']);
  });
});
