import type { NoteList } from '@daybook/shared';

/** The notes screen's selection, search and tree state, with the selection rules of spec §4. */
export interface NoteFilters {
  clientId: string;
  startDate: string;
  endDate: string;
}

export interface NotesState {
  selectedId: string | null;
  search: string;
  filters: NoteFilters;
  /** Pages whose sub-pages are shown. */
  expanded: readonly string[];
  /** The note being edited, or null. */
  editingItemId: string | null;
}

export const EMPTY_FILTERS: NoteFilters = { clientId: '', startDate: '', endDate: '' };

export const initialNotesState: NotesState = { selectedId: null, search: '', filters: EMPTY_FILTERS, expanded: [], editingItemId: null };

export type NotesAction =
  | { type: 'select'; id: string }
  | { type: 'listsLoaded'; ids: readonly string[] }
  | { type: 'created'; list: Pick<NoteList, 'id' | 'parentPageId'> }
  | { type: 'deleted'; id: string }
  | { type: 'search'; text: string }
  | { type: 'filter'; filters: Partial<NoteFilters> }
  | { type: 'clearSearch' }
  | { type: 'toggleExpanded'; id: string }
  | { type: 'edit'; itemId: string }
  | { type: 'closeEditors' };

export const activeFilterCount = (filters: NoteFilters) => Object.values(filters).filter((value) => value.trim() !== '').length;

export function notesReducer(state: NotesState, action: NotesAction): NotesState {
  switch (action.type) {
    case 'select':
      // Selecting a list clears search and filters (and leaves any editor).
      return { ...state, selectedId: action.id, search: '', filters: EMPTY_FILTERS, editingItemId: null };
    case 'listsLoaded': {
      // The first list is auto-selected when none is chosen (or the chosen one is gone).
      if (state.selectedId && action.ids.includes(state.selectedId)) return state;
      const first = action.ids[0] ?? null;
      return first === state.selectedId ? state : { ...state, selectedId: first, editingItemId: null };
    }
    case 'created': {
      // Creating a list selects it; a new sub-page expands its parent.
      const parent = action.list.parentPageId;
      const expanded = parent && !state.expanded.includes(parent) ? [...state.expanded, parent] : state.expanded;
      return { ...state, selectedId: action.list.id, expanded, search: '', filters: EMPTY_FILTERS, editingItemId: null };
    }
    case 'deleted':
      // Deleting the selected list clears the selection.
      return state.selectedId === action.id ? { ...state, selectedId: null, editingItemId: null } : state;
    case 'search':
      return { ...state, search: action.text };
    case 'filter':
      return { ...state, filters: { ...state.filters, ...action.filters } };
    case 'clearSearch':
      return { ...state, search: '', filters: EMPTY_FILTERS };
    case 'toggleExpanded':
      return {
        ...state,
        expanded: state.expanded.includes(action.id) ? state.expanded.filter((id) => id !== action.id) : [...state.expanded, action.id],
      };
    case 'edit':
      return { ...state, editingItemId: action.itemId };
    case 'closeEditors':
      // Saving (or cancelling) an edit closes the editors.
      return { ...state, editingItemId: null };
  }
}

export interface PageNode {
  list: NoteList;
  children: PageNode[];
  depth: number;
}

const byOrder = (a: NoteList, b: NoteList) => a.sortOrder - b.sortOrder || a.createdAt.localeCompare(b.createdAt);

/** Pages as a tree: top-level pages (or those whose parent is missing) at the root, in their order. */
export function buildPageTree(lists: readonly NoteList[]): PageNode[] {
  const ids = new Set(lists.map((list) => list.id));
  const childrenOf = new Map<string | null, NoteList[]>();
  for (const list of lists) {
    const parent = list.parentPageId && ids.has(list.parentPageId) ? list.parentPageId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), list]);
  }
  const build = (parent: string | null, depth: number, seen: Set<string>): PageNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((list) => !seen.has(list.id))
      .sort(byOrder)
      .map((list) => ({ list, depth, children: build(list.id, depth + 1, new Set([...seen, list.id])) }));
  return build(null, 0, new Set());
}

/** The tree in display order, depth-first: the list selector's order and the auto-selection's "first". */
export function flattenTree(nodes: readonly PageNode[]): PageNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}
