import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import { useSignedInUser } from '../../api/authApi';
import { useGetArchivedTasksInfiniteQuery } from '../../api/tasksApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskList } from '../../components/tasks/TaskList';
import { TaskScreen } from '../../components/tasks/TaskScreen';
import { countLabel } from '../../lib/format';

/** Archived tasks (spec §2, DECISIONS 15): a count, unarchive on each card, further pages as the user scrolls. */
function ArchivedList() {
  const archived = useGetArchivedTasksInfiniteQuery();
  const tasks = useMemo(() => archived.data?.pages.flatMap((page) => page.items) ?? [], [archived.data]);
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = archived;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '400px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, tasks.length]);

  if (archived.isLoading) return <SkeletonRows count={3} />;
  if (archived.isError && !archived.data) return <LoadError onRetry={() => void archived.refetch()} />;
  if (tasks.length === 0) return <EmptyState title="No archived tasks" description="Archived tasks will appear here" icon={<ArchiveIcon />} />;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="archived-count">
        {countLabel(tasks.length, 'archived task')}
        {hasNextPage ? ' loaded, more below' : ''}
      </Typography>
      <TaskList listId="archived-screen" tasks={tasks} variant="archived" />
      <Box ref={sentinel} sx={{ textAlign: 'center', py: 2 }}>
        {isFetchingNextPage ? (
          <CircularProgress size={24} aria-label="Loading more archived tasks" />
        ) : (
          hasNextPage && <Button onClick={() => void fetchNextPage()}>Load more</Button>
        )}
      </Box>
    </>
  );
}

export function ArchivedPage() {
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <TaskScreen user={user}>
      {() => (
        <ScreenShell title="Archived Tasks">
          <ArchivedList />
        </ScreenShell>
      )}
    </TaskScreen>
  );
}

export default ArchivedPage;
