import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ClearIcon from '@mui/icons-material/Clear';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FilterIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { useSignedInUser } from '../../api/authApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import { useDeleteNoteListMutation, useGetNoteListsQuery } from '../../api/notesApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { SkeletonRows } from '../../components/SkeletonRows';
import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { useDebounced } from '../../lib/useDebounced';
import { vibrate } from '../../lib/vibrate';
import { activeFilterCount, buildPageTree, flattenTree, initialNotesState, notesReducer } from './notesState';
import { OpenedNote } from './OpenedNote';
import { PageDialog, type PageDialogState } from './PageDialog';
import { PageTree } from './PageTree';
import { SearchResults } from './SearchResults';
import { SelectedPage } from './SelectedPage';

/** Spec §9: search debounce 300 ms. */
export const NOTES_SEARCH_DEBOUNCE_MS = 300;
const CREATE_NEW_LIST = '__create__';

/** Notes (spec §2): pages and sub-pages, their markdown notes, and search. */
export function NotesPage() {
  const user = useSignedInUser();
  const timeZone = user?.timezone ?? 'America/New_York';
  const lists = useGetNoteListsQuery();
  const clients = useGetClientsQuery().data ?? [];
  const [deleteList, deleting] = useDeleteNoteListMutation();
  const [state, dispatch] = useReducer(notesReducer, initialNotesState);
  const [markdown, setMarkdown] = useState(true);
  const [filtersOpen, setFiltersOpen] = useState(false);
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
  const filterCount = activeFilterCount(state.filters);
  const searching = debouncedSearch.trim() !== '' || filterCount > 0;
  const criteria = { query: debouncedSearch, ...state.filters };

  const closeOpenedNote = useCallback(() => setOpenedNoteId(null), []);

  const removeSelected = async () => {
    if (!selected) return;
    try {
      await deleteList(selected.id).unwrap();
      dispatch({ type: 'deleted', id: selected.id });
      toast({ title: 'List deleted', variant: 'success' });
      vibrate('noteHeavy');
      setConfirmDelete(false);
    } catch (err) {
      reportFailure(err, 'Failed to delete note list.', { showReason: true });
    }
  };

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1 }}>
          <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBackIcon />} color="inherit" sx={{ whiteSpace: 'nowrap' }}>
            Back to Dashboard
          </Button>
          <Typography variant="h6" component="h1" sx={{ ml: 1 }}>
            Notes
          </Typography>
        </Toolbar>
      </AppBar>

      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            placeholder="Search notes..."
            value={state.search}
            onChange={(event) => dispatch({ type: 'search', text: event.target.value })}
            slotProps={{
              htmlInput: { 'aria-label': 'Search notes' },
              input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            }}
            sx={{ flex: '1 1 220px' }}
          />
          <Button variant={filtersOpen ? 'contained' : 'outlined'} onClick={() => setFiltersOpen((open) => !open)} aria-expanded={filtersOpen} startIcon={<FilterIcon />}>
            <Badge badgeContent={filterCount} color="secondary" sx={{ '& .MuiBadge-badge': { right: -10 } }} data-testid="filters-badge">
              Filters
            </Badge>
          </Button>
          <Button variant="outlined" onClick={() => setMarkdown((on) => !on)} aria-pressed={markdown}>
            {markdown ? 'Markdown On' : 'Markdown Off'}
          </Button>
        </Box>

        <Collapse in={filtersOpen} unmountOnExit>
          <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <TextField select size="small" label="Client" value={state.filters.clientId || 'all'} onChange={(event) => dispatch({ type: 'filter', filters: { clientId: event.target.value === 'all' ? '' : event.target.value } })} sx={{ minWidth: 180 }}>
              <MenuItem value="all">All clients</MenuItem>
              {clients.map((client) => (
                <MenuItem key={client.id} value={client.id}>
                  {client.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField size="small" type="date" label="Start date" value={state.filters.startDate} onChange={(event) => dispatch({ type: 'filter', filters: { startDate: event.target.value } })} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField size="small" type="date" label="End date" value={state.filters.endDate} onChange={(event) => dispatch({ type: 'filter', filters: { endDate: event.target.value } })} slotProps={{ inputLabel: { shrink: true } }} />
            <Button startIcon={<ClearIcon />} onClick={() => dispatch({ type: 'clearSearch' })}>
              Clear
            </Button>
          </Paper>
        </Collapse>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="List"
            value={selected?.id ?? ''}
            onChange={(event) => {
              if (event.target.value === CREATE_NEW_LIST) setPageDialog({ mode: 'create' });
              else dispatch({ type: 'select', id: event.target.value });
            }}
            sx={{ flex: '1 1 220px', maxWidth: { md: 360 } }}
          >
            {ordered.map((node) => (
              <MenuItem key={node.list.id} value={node.list.id} sx={{ pl: 2 + node.depth * 2 }}>
                {node.list.title}
              </MenuItem>
            ))}
            <MenuItem value={CREATE_NEW_LIST}>
              <AddIcon fontSize="small" sx={{ mr: 1 }} />
              Create new list
            </MenuItem>
          </TextField>
          <Button startIcon={<EditIcon />} disabled={!selected} onClick={() => selected && setPageDialog({ mode: 'edit', list: selected })}>
            Edit
          </Button>
          <Button startIcon={<DeleteIcon />} color="error" disabled={!selected} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        </Box>

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, gap: 2, alignItems: 'start' }}>
          <Paper variant="outlined" component="nav" aria-label="Pages" sx={{ p: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1, pb: 0.5 }}>
              <Typography variant="subtitle2">Pages</Typography>
              <Button size="small" startIcon={<AddIcon />} onClick={() => setPageDialog({ mode: 'create' })}>
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
                  onSelect={(id) => dispatch({ type: 'select', id })}
                  onToggle={(id) => dispatch({ type: 'toggleExpanded', id })}
                  onAddSubPage={(parent) => setPageDialog({ mode: 'create', parent })}
                />
              )}
            </Box>
          </Paper>

          <Box component="main" sx={{ minWidth: 0 }}>
            {searching ? (
              <SearchResults criteria={criteria} markdown={markdown} timeZone={timeZone} onOpen={(id) => dispatch({ type: 'select', id })} onOpenNote={setOpenedNoteId} />
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
              />
            ) : (
              <EmptyState title="No list selected" description="Create a page to start writing notes." />
            )}
          </Box>
        </Box>
      </Container>

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
    </Box>
  );
}

export default NotesPage;
