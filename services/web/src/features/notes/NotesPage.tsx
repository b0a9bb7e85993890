import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ClearIcon from '@mui/icons-material/Clear';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FilterIcon from '@mui/icons-material/FilterList';
import FullscreenIcon from '@mui/icons-material/OpenInFull';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import SearchIcon from '@mui/icons-material/Search';
import type { Client, NoteItem, NoteList } from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import {
  useCreateNoteItemMutation,
  useCreateNoteListMutation,
  useDeleteNoteItemMutation,
  useDeleteNoteListMutation,
  useGetNoteItemQuery,
  useGetNoteItemsInfiniteQuery,
  useGetNoteListsQuery,
  useSearchNotesQuery,
  useUpdateNoteItemMutation,
  useUpdateNoteListMutation,
} from '../../api/notesApi';
import { isApiError, isUnauthorized, refusalMessage } from '../../api/apiError';
import { ClientChip } from '../../components/ClientChip';
import { EmptyState } from '../../components/EmptyState';
import { ResponsiveModal, WIDE_SCREEN_QUERY } from '../../components/ResponsiveModal';
import { SkeletonRows } from '../../components/SkeletonRows';
import { toast, toastFailure } from '../../lib/toast';
import { countLabel } from '../../lib/format';
import { Excerpt } from './Excerpt';
import { ClientTagSelect, FormatToolbar, NO_CLIENT, NoteEditor, useFormattableText, handleEditorShortcut } from './NoteEditor';
import { NoteContent } from './Markdown';
import { activeFilterCount, buildPageTree, flattenTree, initialNotesState, notesReducer, type PageNode } from './notesState';

/** Spec §9: search debounce 300 ms; the notes screen vibrates 25 ms (medium) and 50 ms (heavy). */
export const NOTES_SEARCH_DEBOUNCE_MS = 300;
export const NOTES_VIBRATION = { medium: 25, heavy: 50 } as const;
const CREATE_NEW_LIST = '__create__';

function buzz(ms: number) {
  try {
    navigator.vibrate?.(ms);
  } catch {
    // Vibration blocked: nothing to do.
  }
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Spec §8: the failure toast says what failed; the server's reply is shown only when it is a reason the
 * user can act on (a quota reached, too many requests). A 401 already logs out.
 */
function failure(error: unknown, text: string) {
  if (!isUnauthorized(error)) toastFailure(text, error);
}

function dateLabel(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

function clientOf(clients: readonly Client[], id: string | null | undefined) {
  return id ? clients.find((client) => client.id === id) : undefined;
}

// ---------------------------------------------------------------------------------------------

interface PageDialogState {
  mode: 'create' | 'edit';
  parent?: NoteList;
  list?: NoteList;
}

function PageDialog({ state, clients, onClose, onCreated }: { state: PageDialogState; clients: readonly Client[]; onClose: () => void; onCreated: (list: NoteList) => void }) {
  const [title, setTitle] = useState(state.list?.title ?? '');
  const [clientId, setClientId] = useState(state.list?.clientId ?? NO_CLIENT);
  const [error, setError] = useState<string | null>(null);
  const [createList, created] = useCreateNoteListMutation();
  const [updateList, updated] = useUpdateNoteListMutation();
  const saving = created.isLoading || updated.isLoading;
  const heading = state.mode === 'edit' ? 'Edit Page' : state.parent ? 'New Sub-page' : 'New Page';

  const submit = async () => {
    const trimmed = title.trim();
    if (!trimmed) {
      setError('Title is required');
      return;
    }
    const client = clientId === NO_CLIENT ? null : clientId;
    if (state.mode === 'edit' && state.list) {
      try {
        await updateList({ id: state.list.id, title: trimmed, clientId: client }).unwrap();
        onClose();
      } catch (err) {
        failure(err, 'Failed to update note list.');
      }
      return;
    }
    try {
      const list = await createList({ title: trimmed, clientId: client, ...(state.parent ? { parentPageId: state.parent.id } : {}) }).unwrap();
      toast({ title: state.parent ? 'Sub-page created' : 'Page created', variant: 'success' });
      buzz(NOTES_VIBRATION.medium);
      onCreated(list);
      onClose();
    } catch (err) {
      failure(err, 'Failed to create note list.');
    }
  };

  return (
    <ResponsiveModal
      open
      onClose={onClose}
      title={heading}
      description={state.parent ? `Inside "${state.parent.title}"` : undefined}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={saving}>
            {saving ? 'Saving...' : state.mode === 'edit' ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
      >
        <TextField
          label="Title"
          value={title}
          autoFocus
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
        <ClientTagSelect clients={clients} value={clientId} onChange={setClientId} label="Client" />
      </Box>
    </ResponsiveModal>
  );
}

// ---------------------------------------------------------------------------------------------

function PageTree({
  nodes,
  selectedId,
  expanded,
  onSelect,
  onToggle,
  onAddSubPage,
}: {
  nodes: readonly PageNode[];
  selectedId: string | null;
  expanded: readonly string[];
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  onAddSubPage: (list: NoteList) => void;
}) {
  return (
    <Box component="ul" role="group" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {nodes.map((node) => {
        const open = expanded.includes(node.list.id);
        const selected = node.list.id === selectedId;
        return (
          <Box component="li" key={node.list.id} role="treeitem" aria-expanded={node.children.length ? open : undefined} aria-selected={selected}>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                pl: node.depth * 2,
                borderRadius: 1,
                bgcolor: selected ? 'action.selected' : undefined,
                '&:hover .add-sub': { opacity: 1 },
              }}
            >
              {node.children.length ? (
                <IconButton size="small" aria-label={open ? `Collapse ${node.list.title}` : `Expand ${node.list.title}`} onClick={() => onToggle(node.list.id)}>
                  {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                </IconButton>
              ) : (
                <Box sx={{ width: 34 }} />
              )}
              <Button
                color="inherit"
                onClick={() => onSelect(node.list.id)}
                sx={{ flex: 1, justifyContent: 'flex-start', textTransform: 'none', fontWeight: selected ? 600 : 400, minWidth: 0 }}
              >
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {node.list.title}
                </Box>
              </Button>
              <Tooltip title="Add sub-page">
                <IconButton className="add-sub" size="small" aria-label={`Add sub-page to ${node.list.title}`} onClick={() => onAddSubPage(node.list)} sx={{ opacity: { xs: 1, md: selected ? 1 : 0.4 } }}>
                  <AddIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
            {node.children.length > 0 && open && (
              <PageTree nodes={node.children} selectedId={selectedId} expanded={expanded} onSelect={onSelect} onToggle={onToggle} onAddSubPage={onAddSubPage} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------

function AddNote({ list, clients }: { list: NoteList; clients: readonly Client[] }) {
  const { text, setText, inputRef, format } = useFormattableText('');
  const [clientId, setClientId] = useState(list.clientId ?? NO_CLIENT);
  const [createItem, { isLoading }] = useCreateNoteItemMutation();
  const typed = text.length > 0;

  const add = async () => {
    const content = text.trim();
    if (!content || isLoading) return;
    try {
      await createItem({ listId: list.id, content, clientId: clientId === NO_CLIENT ? null : clientId }).unwrap();
      setText('');
      toast({ title: 'Note added', variant: 'success' });
      buzz(NOTES_VIBRATION.medium);
    } catch (err) {
      failure(err, 'Failed to add note.');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {typed && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <FormatToolbar onFormat={format} />
          <Box sx={{ flex: 1 }} />
          <ClientTagSelect clients={clients} value={clientId} onChange={setClientId} />
        </Box>
      )}
      <TextField
        multiline
        minRows={4}
        placeholder="Write a note... (markdown supported)"
        value={text}
        onChange={(event) => setText(event.target.value)}
        inputRef={inputRef}
        onKeyDown={(event) => handleEditorShortcut(event, { format, save: () => void add(), cancel: () => setText('') })}
        slotProps={{ htmlInput: { 'aria-label': 'New note' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={() => setText('')} disabled={!typed}>
          Clear
        </Button>
        <Button variant="contained" startIcon={<NoteAddIcon />} onClick={() => void add()} disabled={!text.trim() || isLoading}>
          Add Note
        </Button>
      </Box>
    </Paper>
  );
}

function NoteCard({
  item,
  clients,
  markdown,
  timeZone,
  editing,
  wide,
  onEdit,
  onFullScreen,
  onClose,
}: {
  item: NoteItem;
  clients: readonly Client[];
  markdown: boolean;
  timeZone: string;
  editing: boolean;
  wide: boolean;
  onEdit: () => void;
  onFullScreen: () => void;
  onClose: () => void;
}) {
  const [updateItem, { isLoading: saving }] = useUpdateNoteItemMutation();
  const [deleteItem] = useDeleteNoteItemMutation();
  const client = clientOf(clients, item.clientId);

  const save = async (content: string, clientId: string | null) => {
    try {
      await updateItem({ id: item.id, listId: item.noteListId, content, clientId }).unwrap();
      buzz(NOTES_VIBRATION.medium);
      onClose();
    } catch (err) {
      failure(err, 'Failed to update note.');
    }
  };
  const remove = async () => {
    try {
      await deleteItem({ id: item.id, listId: item.noteListId }).unwrap();
      buzz(NOTES_VIBRATION.heavy);
    } catch (err) {
      failure(err, 'Failed to delete note.');
    }
  };

  if (editing && wide) {
    return (
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <NoteEditor initialContent={item.content} initialClientId={item.clientId} clients={clients} saving={saving} onSave={(c, id) => void save(c, id)} onCancel={onClose} />
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" data-testid="note-item" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box
        role="button"
        tabIndex={0}
        aria-label="Edit note"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) return; // following a link is not editing
          onEdit();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) onEdit();
        }}
        sx={{ flex: 1, minWidth: 0, cursor: 'text' }}
      >
        <NoteContent content={item.content} markdown={markdown} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
          {client && <ClientChip name={client.name} color={client.color} />}
          <Typography variant="caption" color="text.secondary">
            {dateLabel(item.createdAt, timeZone)}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
        {wide && (
          <Tooltip title="Full screen">
            <IconButton size="small" aria-label="Edit note full screen" onClick={onFullScreen}>
              <FullscreenIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title="Edit">
          <IconButton size="small" aria-label="Edit" onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" aria-label="Delete note" onClick={() => void remove()}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {editing && !wide && (
        <FullScreenEditor item={item} clients={clients} saving={saving} onSave={(c, id) => void save(c, id)} onCancel={onClose} />
      )}
    </Paper>
  );
}

/** The full-screen editor: on wide screens on request, and the mobile editor under 768 px. */
function FullScreenEditor({ item, clients, saving, onSave, onCancel }: { item: NoteItem; clients: readonly Client[]; saving: boolean; onSave: (content: string, clientId: string | null) => void; onCancel: () => void }) {
  const titleId = useId();
  return (
    <Dialog fullScreen open onClose={onCancel} aria-labelledby={titleId}>
      <AppBar position="static" color="default" elevation={0}>
        <Toolbar>
          <Typography id={titleId} variant="h6" component="h2">
            Edit note
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <NoteEditor initialContent={item.content} initialClientId={item.clientId} clients={clients} saving={saving} fullHeight onSave={onSave} onCancel={onCancel} />
      </Box>
    </Dialog>
  );
}

function FullScreenNote({ item, clients, onClose }: { item: NoteItem; clients: readonly Client[]; onClose: () => void }) {
  const [updateItem, { isLoading }] = useUpdateNoteItemMutation();
  const save = async (content: string, clientId: string | null) => {
    try {
      await updateItem({ id: item.id, listId: item.noteListId, content, clientId }).unwrap();
      buzz(NOTES_VIBRATION.medium);
      onClose();
    } catch (err) {
      failure(err, 'Failed to update note.');
    }
  };
  return <FullScreenEditor item={item} clients={clients} saving={isLoading} onSave={(c, id) => void save(c, id)} onCancel={onClose} />;
}

// ---------------------------------------------------------------------------------------------

/** The end of a page's loaded notes when more follow: the next ones load as it scrolls into view (or on a click). */
function MoreNotes({ loading, loaded, onMore }: { loading: boolean; loaded: number; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const target = sentinel.current;
    if (!target || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onMore();
    }, { rootMargin: '400px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [loading, loaded, onMore]);
  return (
    <Box ref={sentinel} sx={{ textAlign: 'center', py: 1 }}>
      {loading ? <CircularProgress size={24} aria-label="Loading more notes" /> : <Button onClick={onMore}>Load more notes</Button>}
    </Box>
  );
}

/** A note found by search, loaded whole (the search answered an excerpt), in the full-screen editor. */
function OpenedNote({ itemId, clients, onClose }: { itemId: string; clients: readonly Client[]; onClose: () => void }) {
  const note = useGetNoteItemQuery(itemId);
  const titleId = useId();
  useEffect(() => {
    if (!note.isError) return;
    failure(note.error, 'Failed to open note.');
    onClose();
  }, [note.isError, note.error, onClose]);
  if (note.data) return <FullScreenNote item={note.data} clients={clients} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <Box sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} />
        <Typography id={titleId}>Opening note...</Typography>
      </Box>
    </Dialog>
  );
}

function SelectedPage({
  list,
  clients,
  markdown,
  timeZone,
  editingItemId,
  onEdit,
  onCloseEditors,
}: {
  list: NoteList;
  clients: readonly Client[];
  markdown: boolean;
  timeZone: string;
  editingItemId: string | null;
  onEdit: (id: string) => void;
  onCloseEditors: () => void;
}) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const items = useGetNoteItemsInfiniteQuery(list.id);
  const [fullScreenId, setFullScreenId] = useState<string | null>(null);
  const client = clientOf(clients, list.clientId);
  // In the api's order (sortOrder, then creation), a page of notes at a time.
  const sorted = useMemo(() => items.data?.pages.flatMap((page) => page.items) ?? [], [items.data]);
  const fullScreenItem = sorted.find((item) => item.id === fullScreenId);
  const { fetchNextPage } = items;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" data-testid="selected-page-title">
          {list.title}
        </Typography>
        {client && <ClientChip name={client.name} color={client.color} />}
      </Box>
      {items.isLoading ? (
        <SkeletonRows count={2} />
      ) : items.isError && !items.data ? (
        <Alert
          severity="warning"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void items.refetch()}>
              Try again
            </Button>
          }
        >
          {refusalMessage(items.error) ?? 'These notes could not be loaded. Check your connection and try again.'}
        </Alert>
      ) : sorted.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          No notes yet. Write the first one below.
        </Typography>
      ) : (
        sorted.map((item) => (
          <NoteCard
            key={item.id}
            item={item}
            clients={clients}
            markdown={markdown}
            timeZone={timeZone}
            wide={wide}
            editing={editingItemId === item.id}
            onEdit={() => onEdit(item.id)}
            onFullScreen={() => {
              onCloseEditors();
              setFullScreenId(item.id);
            }}
            onClose={onCloseEditors}
          />
        ))
      )}
      {items.hasNextPage && <MoreNotes loading={items.isFetchingNextPage} loaded={sorted.length} onMore={loadMore} />}
      {fullScreenItem && <FullScreenNote item={fullScreenItem} clients={clients} onClose={() => setFullScreenId(null)} />}
      <AddNote key={list.id} list={list} clients={clients} />
    </Box>
  );
}

function SearchResults({
  criteria,
  markdown,
  timeZone,
  onOpen,
  onOpenNote,
}: {
  criteria: Parameters<typeof useSearchNotesQuery>[0];
  markdown: boolean;
  timeZone: string;
  onOpen: (id: string) => void;
  onOpenNote: (itemId: string) => void;
}) {
  const search = useSearchNotesQuery(criteria, { refetchOnMountOrArgChange: true });
  if (search.isLoading || search.isFetching) return <SkeletonRows count={2} />;
  // Spec §8: a failed search is an error with the status and text.
  if (search.isError) {
    const description = refusalMessage(search.error) ?? (isApiError(search.error) ? search.error.message : 'Check your connection and try again.');
    return <EmptyState title="Search failed" description={description} />;
  }
  const results = search.data ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="search-results">
      <Typography variant="h6" component="h2">
        Search Results <Typography component="span" color="text.secondary">({countLabel(results.length, 'list')})</Typography>
      </Typography>
      {results.length === 0 && <EmptyState title="No results found" description="Try other words or clear the filters." />}
      {results.map((result) => (
        <Paper key={result.listId} variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Button onClick={() => onOpen(result.listId)} sx={{ textTransform: 'none', fontWeight: 600, p: 0, minWidth: 0 }}>
              {result.listTitle}
            </Button>
            {result.client && <ClientChip name={result.client.name} color={result.client.color} />}
          </Box>
          {result.items.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Empty list
            </Typography>
          ) : (
            result.items.map((item) => (
              <Box key={item.itemId} data-testid="search-item" sx={{ borderTop: 1, borderColor: 'divider', py: 1 }}>
                <Excerpt text={item.itemContent} highlights={item.highlights} links={markdown} />
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5 }}>
                  {item.itemClient && <ClientChip name={item.itemClient.name} color={item.itemClient.color} />}
                  <Typography variant="caption" color="text.secondary">
                    {dateLabel(item.createdAt, timeZone)}
                  </Typography>
                  <Button size="small" startIcon={<OpenIcon fontSize="small" />} onClick={() => onOpenNote(item.itemId)} sx={{ ml: 'auto' }}>
                    Open note
                  </Button>
                </Box>
              </Box>
            ))
          )}
        </Paper>
      ))}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------

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
      buzz(NOTES_VIBRATION.heavy);
      setConfirmDelete(false);
    } catch (err) {
      failure(err, 'Failed to delete note list.');
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
      <ResponsiveModal
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete page?"
        description={selected ? `"${selected.title}", its sub-pages and all their notes will be deleted.` : undefined}
        maxWidth="xs"
        actions={
          <>
            <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
            <Button color="error" variant="contained" disabled={deleting.isLoading} onClick={() => void removeSelected()}>
              Delete
            </Button>
          </>
        }
      >
        <Typography variant="body2">This cannot be undone.</Typography>
      </ResponsiveModal>
    </Box>
  );
}

export default NotesPage;
