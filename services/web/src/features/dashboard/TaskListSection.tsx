import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Task, TaskReorderType } from '@daybook/shared';
import type { TaskListEndpoint } from '../../api/tasksApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskList } from '../../components/tasks/TaskList';
import type { TaskCardVariant } from '../../components/tasks/TaskCard';
import { useTaskReorder } from '../../components/tasks/useTaskReorder';
import { countLabel } from '../../lib/format';

export interface TaskListSectionProps {
  heading: string;
  headingAction?: ReactNode;
  /** Every task of the list as cached, and the ones shown (filtered). */
  tasks: readonly Task[] | undefined;
  shown: readonly Task[];
  isLoading: boolean;
  /** The list could not be loaded (a 401 logs out instead, see api/unauthorized.ts). */
  isError?: boolean;
  onRetry?: () => void;
  skeletonRows: number;
  empty: { title: string; description: string; icon?: ReactNode };
  list: TaskListEndpoint;
  reorderType: TaskReorderType;
  variant?: TaskCardVariant;
}

/** A heading, then skeleton rows while loading, the empty state, or the drag-reorderable cards. */
export function TaskListSection({ heading, headingAction, tasks, shown, isLoading, isError, onRetry, skeletonRows, empty, list, reorderType, variant }: TaskListSectionProps) {
  const reorder = useTaskReorder(list, reorderType, tasks);
  return (
    <Box component="section" aria-label={heading}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, minHeight: 40, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {heading}
          </Typography>
          {tasks && !isLoading && (
            <Typography color="text.secondary" sx={{ fontWeight: 500 }} aria-label={countLabel(shown.length, 'task')}>
              {shown.length}
            </Typography>
          )}
        </Box>
        {headingAction}
      </Box>
      {isLoading ? (
        <SkeletonRows count={skeletonRows} />
      ) : isError && !tasks ? (
        <LoadError onRetry={onRetry} />
      ) : shown.length === 0 ? (
        <EmptyState {...empty} />
      ) : (
        <TaskList listId={list} tasks={shown} variant={variant} onReorder={(from, to) => void reorder(shown, from, to)} />
      )}
    </Box>
  );
}
