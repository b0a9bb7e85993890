import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { isApiError, refusalMessage } from '../../api/apiError';
import { searchResults, useSearchNotesInfiniteQuery, type NoteSearchCriteria } from '../../api/notesApi';
import { ClientChip } from '../../components/ClientChip';
import { EmptyState } from '../../components/EmptyState';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { SkeletonRows } from '../../components/SkeletonRows';
import { countLabel, formatInstantDate } from '../../lib/format';
import { Excerpt } from './Excerpt';

export interface SearchResultsProps {
  criteria: NoteSearchCriteria;
  markdown: boolean;
  timeZone: string;
  /** Selects a page found. */
  onOpen: (listId: string) => void;
  /** Opens a note found, whole, to edit. */
  onOpenNote: (itemId: string) => void;
}

/**
 * Search answers (spec §2, DECISIONS 22): the pages found, each with its notes' excerpts, newest first;
 * more load as the user scrolls; never cached.
 */
export function SearchResults({ criteria, markdown, timeZone, onOpen, onOpenNote }: SearchResultsProps) {
  const search = useSearchNotesInfiniteQuery(criteria, { refetchOnMountOrArgChange: true });
  if (search.isLoading || (search.isFetching && !search.isFetchingNextPage)) return <SkeletonRows count={2} />;
  // Spec §8: a failed search is an error with the status and text.
  if (search.isError) {
    const description = refusalMessage(search.error) ?? (isApiError(search.error) ? search.error.message : 'Check your connection and try again.');
    return <EmptyState title="Search failed" description={description} />;
  }
  const results = searchResults(search.data?.pages);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="search-results">
      <Typography variant="h6" component="h2">
        Search Results <Typography component="span" color="textSecondary">({countLabel(results.length, 'page')})</Typography>
      </Typography>
      {results.length === 0 && <EmptyState title="No results found" description="Try other words or clear the filters." />}
      {results.map((result) => (
        <Paper key={result.listId} variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Button onClick={() => onOpen(result.listId)} sx={{ textTransform: 'none', fontWeight: 600, p: 0, minWidth: 0 }}>
              {result.listTitle}
            </Button>
            {result.client && <ClientChip id={result.client.id} name={result.client.name} color={result.client.color} />}
          </Box>
          {result.items.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              Empty page
            </Typography>
          ) : (
            result.items.map((item) => (
              <Box key={item.itemId} data-testid="search-item" sx={{ borderTop: 1, borderColor: 'divider', py: 1 }}>
                <Excerpt text={item.itemContent} highlights={item.highlights} links={markdown} />
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5 }}>
                  {item.itemClient && <ClientChip id={item.itemClient.id} name={item.itemClient.name} color={item.itemClient.color} />}
                  <Typography variant="caption" color="textSecondary">
                    {formatInstantDate(item.createdAt, timeZone)}
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
      <LoadMoreRow paging={search} label="Loading more results" buttonText="More results" />
    </Box>
  );
}
