import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useLoadMoreOnScroll, type Paging } from '../lib/useLoadMoreOnScroll';

/**
 * The end of a list that loads in pages (DECISIONS 22): the next page loads as it scrolls into view, with
 * a small loading row (`label` names it) meanwhile; a 'Load more' button does the same from the keyboard,
 * and tries again after a failure. Nothing shows once every page has loaded.
 */
export function LoadMoreRow({ paging, label, buttonText = 'Load more' }: { paging: Paging; label: string; buttonText?: string }) {
  const sentinel = useLoadMoreOnScroll(paging);
  if (!paging.hasNextPage) return null;
  return (
    <Box ref={sentinel} data-testid="load-more" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 40, py: 1 }}>
      {paging.isFetchingNextPage ? (
        <CircularProgress size={24} aria-label={label} />
      ) : (
        <Button size="small" onClick={() => void paging.fetchNextPage()}>
          {buttonText}
        </Button>
      )}
    </Box>
  );
}
