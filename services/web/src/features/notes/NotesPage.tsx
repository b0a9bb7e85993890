import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useSignedInUser } from '../../api/authApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import { useDeleteNoteListMutation, useGetNoteListsQuery } from '../../api/notesApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { WIDE_SCREEN_QUERY } from '../../components/ResponsiveModal';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { useDebounced } from '../../lib/useDebounced';
import { vibrate } from '../../lib/vibrate';
import { MarkdownSwitch } from './MarkdownSwitch';
import { NotesMenu } from './NotesMenu';
import { NotesSearchBar } from './NotesSearchBar';
import { activeFilterCount, buildPageTree, flattenTree, initialNotesState, notesReducer } from './notesState';
import { OpenedNote } from './OpenedNote';
import { PageDialog, type PageDialogState } from './PageDialog';
import { PagePicker } from './PagePicker';
import { PageTree } from './PageTree';
import { SearchResults } from './SearchResults';
import { SelectedPage } from './SelectedPage';

/** Spec §9: search debounce 300 ms. */
export const NOTES_SEARCH_DEBOUNCE_MS = 300;

/**
 * Notes (spec §2): pages and sub-pages, their markdown notes, and search.
 *
 * Wide screens: the search row (search, Filters, the markdown switch), the pages as a tree beside the
 * selected page, whose heading carries Edit page and Delete page. Narrow screens put the notes first: one
 * row with the list selector, a search button (the search row opens under it) and a menu with the rest.
 */
export function NotesPage() {
  const user = useSignedInUser();
  const timeZone = user?.timezone ?? 'America/New_York';
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const lists = useGetNoteListsQuery();
  const clients = useGetClientsQuery().data ?? [];
  const [deleteList, deleting] = useDeleteNoteListMutation();
  const [state, dispatch] = useReducer(notesReducer, initialNotesState);
  const [markdown, setMarkdown] = useState(true);
  const [searchOpen, setSearchOpen] = useState(false);
  const [pageDialog, setPageDialog] = useState<PageDialogState | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [openedNoteId, setOpenedNoteId] = useState<string | null>(null);
  const debouncedSearch = useDebounced(state.search, NOTES_SEARCH_DEBOUNCE_MS);

  const tree = useMemo(() => buildPageTree(lists.data ?? []), [lists.data]);
  const ordered = useMemo(() => flattenTree(tree), [tree]);
  const orderedIds = useMemo(() => ordered.map((node) => node.list.id), [ordered]);
  useEffect(() => {
    if (lists.data) dispatch({ type: 'listsLoaded', ids: orderedIds });
  }, [lists.data, orderedIds]);

  const selected = lists.data?.find((list) => list.id === state.selectedId);
  // Clearing the box ends the search at once; typing starts it after the debounce.
  const searching = (state.search.trim() !== '' && debouncedSearch.trim() !== '') || activeFilterCount(state.filters) > 0;
  const criteria = { query: debouncedSearch, ...state.filters };

  const closeOpenedNote = useCallback(() => setOpenedNoteId(null), []);
  // Selecting a page leaves search (spec §4), so a narrow screen's search row closes too.
  const select = (id: string) => {
    dispatch({ type: 'select', id });
    setSearchOpen(false);
  };
  const closeSearch = () => {
    dispatch({ type: 'clearSearch' });
    setSearchOpen(false);
  };
  const newPage = () => setPageDialog({ mode: 'create' });
  const editSelected = () => selected && setPageDialog({ mode: 'edit', list: selected });

  const removeSelected = async () => {
    if (!selected) return;
    try {
      await deleteList(selected.id).unwrap();
      dispatch({ type: 'deleted', id: selected.id });
      toast({ title: 'Page deleted', variant: 'success' });
      vibrate('noteHeavy');
      setConfirmDelete(false);
    } catch (err) {
      reportFailure(err, 'Failed to delete page.', { showReason: true });
    }
  };

  const searchBar = (
    <NotesSearchBar
      search={state.search}
      filters={state.filters}
      clients={clients}
      onSearch={(text) => dispatch({ type: 'search', text })}
      onFilter={(filters) => dispatch({ type: 'filter', filters })}
      onClear={() => dispatch({ type: 'clearSearch' })}
      autoFocus={!wide}
    >
      {wide && <MarkdownSwitch on={markdown} onChange={setMarkdown} />}
    </NotesSearchBar>
  );

  const pageActions = wide && selected && (
    <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
      <Button size="small" startIcon={<EditIcon />} onClick={editSelected}>
        Edit page
      </Button>
      <Button size="small" startIcon={<DeleteIcon />} color="error" onClick={() => setConfirmDelete(true)}>
        Delete page
      </Button>
    </Box>
  );

  const content = searching ? (
    <SearchResults criteria={criteria} markdown={markdown} timeZone={timeZone} onOpen={select} onOpenNote={setOpenedNoteId} />
  ) : lists.isLoading ? (
    <SkeletonRows count={3} />
  ) : selected ? (
    <SelectedPage
      list={selected}
      clients={clients}
      markdown={markdown}
      timeZone={timeZone}
      editingItemId={state.editingItemId}
      onEdit={(id) => dispatch({ type: 'edit', itemId: id })}
      onCloseEditors={() => dispatch({ type: 'closeEditors' })}
      actions={pageActions}
    />
  ) : (
    <EmptyState title="No page selected" description="Create a page to start writing notes." />
  );

  return (
    <ScreenShell title="Notes" maxWidth="lg">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 1.5, md: 2 } }}>
        {wide ? (
          <>
            {searchBar}
            <Box sx={{ display: 'grid', gridTemplateColumns: '260px 1fr', gap: 2, alignItems: 'start' }}>
              <Paper variant="outlined" component="nav" aria-label="Pages" sx={{ p: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1, pb: 0.5 }}>
                  <Typography variant="subtitle2" component="h2">
                    Pages
                  </Typography>
                  <Button size="small" startIcon={<AddIcon />} onClick={newPage}>
                    New page
                  </Button>
                </Box>
                <Box role="tree" aria-label="Pages and sub-pages">
                  {lists.isLoading ? (
                    <SkeletonRows count={2} />
                  ) : (
                    <PageTree
                      nodes={tree}
                      selectedId={state.selectedId}
                      expanded={state.expanded}
                      onSelect={select}
                      onToggle={(id) => dispatch({ type: 'toggleExpanded', id })}
                      onAddSubPage={(parent) => setPageDialog({ mode: 'create', parent })}
                    />
                  )}
                </Box>
              </Paper>
              <Box sx={{ minWidth: 0 }}>
                {content}
              </Box>
            </Box>
          </>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }} data-testid="notes-controls">
              <PagePicker pages={ordered} selectedId={state.selectedId} onSelect={select} onCreate={newPage} />
              <IconButton aria-label={searchOpen ? 'Close search' : 'Search'} aria-expanded={searchOpen} onClick={() => (searchOpen ? closeSearch() : setSearchOpen(true))}>
                {searchOpen ? <CloseIcon /> : <SearchIcon />}
              </IconButton>
              <NotesMenu
                markdown={markdown}
                onMarkdown={setMarkdown}
                hasSelection={Boolean(selected)}
                onNewPage={newPage}
                onNewSubPage={() => selected && setPageDialog({ mode: 'create', parent: selected })}
                onEdit={editSelected}
                onDelete={() => setConfirmDelete(true)}
              />
            </Box>
            {searchOpen && searchBar}
            <Box sx={{ minWidth: 0 }}>
              {content}
            </Box>
          </>
        )}
      </Box>

      {openedNoteId && <OpenedNote itemId={openedNoteId} clients={clients} onClose={closeOpenedNote} />}
      {pageDialog && (
        <PageDialog
          key={`${pageDialog.mode}-${pageDialog.parent?.id ?? pageDialog.list?.id ?? 'root'}`}
          state={pageDialog}
          clients={clients}
          onClose={() => setPageDialog(null)}
          onCreated={(list) => dispatch({ type: 'created', list })}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete page?"
        description={selected ? `"${selected.title}", its sub-pages and all their notes will be deleted.` : undefined}
        busy={deleting.isLoading}
        onConfirm={() => void removeSelected()}
        onCancel={() => setConfirmDelete(false)}
      >
        <Typography variant="body2">This cannot be undone.</Typography>
      </ConfirmDialog>
    </ScreenShell>
  );
}

export default NotesPage;
