import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import { useGetArchivedTasksInfiniteQuery } from '../../api/tasksApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskList } from '../../components/tasks/TaskList';
import { TaskScreen } from '../../components/tasks/TaskScreen';
import { countLabel } from '../../lib/format';
import { loadedItems } from '../../lib/pages';

/** Archived tasks (spec §2, DECISIONS 15): a count, unarchive on each card, further pages as the user scrolls. */
function ArchivedList() {
  const archived = useGetArchivedTasksInfiniteQuery();
  const tasks = useMemo(() => loadedItems(archived.data) ?? [], [archived.data]);

  if (archived.isLoading) return <SkeletonRows count={3} />;
  if (archived.isError && !archived.data) return <LoadError onRetry={() => void archived.refetch()} />;
  if (tasks.length === 0) return <EmptyState title="No archived tasks" description="Archived tasks will appear here" icon={<ArchiveIcon />} />;
  return (
    <>
      <Typography color="textSecondary" sx={{ mb: 2 }} data-testid="archived-count">
        {countLabel(tasks.length, 'archived task')}
        {archived.hasNextPage ? ' loaded, more below' : ''}
      </Typography>
      <TaskList listId="archived-screen" tasks={tasks} variant="archived" footer={<LoadMoreRow paging={archived} label="Loading more archived tasks" />} />
    </>
  );
}

export function ArchivedPage() {
  return (
    <TaskScreen>
      {() => (
        <ScreenShell title="Archived Tasks">
          <ArchivedList />
        </ScreenShell>
      )}
    </TaskScreen>
  );
}

export default ArchivedPage;
