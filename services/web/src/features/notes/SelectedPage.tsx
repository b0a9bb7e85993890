import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Client, NoteList } from '@daybook/shared';
import { refusalMessage } from '../../api/apiError';
import { useGetNoteItemsInfiniteQuery } from '../../api/notesApi';
import { ClientChip } from '../../components/ClientChip';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { WIDE_SCREEN_QUERY } from '../../components/ResponsiveModal';
import { SkeletonRows } from '../../components/SkeletonRows';
import { loadedItems } from '../../lib/pages';
import { AddNote } from './AddNote';
import { FullScreenNote } from './FullScreenNote';
import { taggedClient } from './noteClientTag';
import { NoteCard } from './NoteCard';

export interface SelectedPageProps {
  list: NoteList;
  clients: readonly Client[];
  markdown: boolean;
  timeZone: string;
  editingItemId: string | null;
  onEdit: (id: string) => void;
  onCloseEditors: () => void;
  /** At the end of the heading (wide screens: Edit page, Delete page). */
  actions?: ReactNode;
}

/** The selected page: its title and client, its notes (a page of them at a time), and the new-note box. */
export function SelectedPage({ list, clients, markdown, timeZone, editingItemId, onEdit, onCloseEditors, actions }: SelectedPageProps) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const items = useGetNoteItemsInfiniteQuery(list.id);
  const [fullScreenId, setFullScreenId] = useState<string | null>(null);
  const client = taggedClient(clients, list.clientId);
  // In the api's order (sortOrder, then creation), a page of notes at a time.
  const notes = useMemo(() => loadedItems(items.data) ?? [], [items.data]);
  const fullScreenItem = notes.find((item) => item.id === fullScreenId);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" data-testid="selected-page-title" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {list.title}
        </Typography>
        {client && <ClientChip id={client.id} name={client.name} color={client.color} />}
        {actions}
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
      ) : notes.length === 0 ? (
        <Typography color="textSecondary" variant="body2">
          No notes yet. Write the first one below.
        </Typography>
      ) : (
        notes.map((item) => (
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
      <LoadMoreRow paging={items} label="Loading more notes" buttonText="Load more notes" />
      {fullScreenItem && <FullScreenNote item={fullScreenItem} clients={clients} onClose={() => setFullScreenId(null)} />}
      <AddNote key={list.id} list={list} clients={clients} />
    </Box>
  );
}
