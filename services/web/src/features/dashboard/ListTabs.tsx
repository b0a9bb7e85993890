import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import ChecklistIcon from '@mui/icons-material/ChecklistRtl';
import InboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import {
  useGetActiveTasksInfiniteQuery,
  useGetArchivedTasksInfiniteQuery,
  useGetBacklogTasksInfiniteQuery,
  useGetDelegatedTasksInfiniteQuery,
} from '../../api/tasksApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskList } from '../../components/tasks/TaskList';
import { filterTasks, type TaskFilters } from '../../components/tasks/taskFilters';
import { loadedItems } from '../../lib/pages';
import { TaskListSection } from './TaskListSection';

/** Active tab (spec §2): 'All Tasks', drag reorder, 4 skeleton rows; further pages as the user scrolls. */
export function ActiveTab({ filters }: { filters: TaskFilters }) {
  const active = useGetActiveTasksInfiniteQuery();
  const tasks = useMemo(() => loadedItems(active.data), [active.data]);
  const shown = useMemo(() => filterTasks(tasks ?? [], filters), [tasks, filters]);
  return (
    <TaskListSection
      heading="All Tasks"
      tasks={tasks}
      shown={shown}
      paging={active}
      isLoading={active.isLoading}
      isError={active.isError}
      onRetry={() => void active.refetch()}
      skeletonRows={4}
      empty={{ title: 'No active tasks', description: 'Create your first task to get started', icon: <ChecklistIcon /> }}
      list="getActiveTasks"
      reorderType="active"
    />
  );
}

/** Active tab with Show Archived on: 'Archived Tasks', loaded in pages (DECISIONS 15), each with Unarchive. */
export function ArchivedTab({ filters }: { filters: TaskFilters }) {
  const archived = useGetArchivedTasksInfiniteQuery();
  const shown = useMemo(() => filterTasks(loadedItems(archived.data) ?? [], filters), [archived.data, filters]);
  return (
    <Box component="section" aria-label="Archived Tasks">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5, minHeight: 40, display: 'flex', alignItems: 'center' }}>
        Archived Tasks
      </Typography>
      {archived.isLoading ? (
        <SkeletonRows count={2} />
      ) : archived.isError && !archived.data ? (
        <LoadError onRetry={() => void archived.refetch()} />
      ) : shown.length === 0 && !archived.hasNextPage ? (
        <EmptyState title="No archived tasks" description="Archived tasks will appear here" icon={<ArchiveIcon />} />
      ) : (
        <>
          <TaskList listId="archived" tasks={shown} variant="archived" footer={<LoadMoreRow paging={archived} label="Loading more archived tasks" />} />
        </>
      )}
    </Box>
  );
}

/** Delegated tab (spec §2). */
export function DelegatedTab({ filters }: { filters: TaskFilters }) {
  const delegated = useGetDelegatedTasksInfiniteQuery();
  const tasks = useMemo(() => loadedItems(delegated.data), [delegated.data]);
  const shown = useMemo(() => filterTasks(tasks ?? [], filters), [tasks, filters]);
  return (
    <TaskListSection
      heading="Delegated Tasks"
      tasks={tasks}
      shown={shown}
      paging={delegated}
      isLoading={delegated.isLoading}
      isError={delegated.isError}
      onRetry={() => void delegated.refetch()}
      skeletonRows={2}
      empty={{ title: 'No delegated tasks', description: 'Tasks you delegate to others will appear here', icon: <PeopleIcon /> }}
      list="getDelegatedTasks"
      reorderType="active"
    />
  );
}

/** Backlog tab (spec §2): restore and archive on each card. */
export function BacklogTab({ filters }: { filters: TaskFilters }) {
  const backlog = useGetBacklogTasksInfiniteQuery();
  const tasks = useMemo(() => loadedItems(backlog.data), [backlog.data]);
  const shown = useMemo(() => filterTasks(tasks ?? [], filters), [tasks, filters]);
  return (
    <TaskListSection
      heading="Backlog"
      tasks={tasks}
      shown={shown}
      paging={backlog}
      isLoading={backlog.isLoading}
      isError={backlog.isError}
      onRetry={() => void backlog.refetch()}
      skeletonRows={2}
      empty={{ title: 'No items in backlog', description: 'Tasks moved to backlog will appear here', icon: <InboxIcon /> }}
      list="getBacklogTasks"
      reorderType="backlog"
      variant="backlog"
    />
  );
}
