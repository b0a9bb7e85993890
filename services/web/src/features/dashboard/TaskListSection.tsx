import type { ReactNode } from 'react';
import type { Task, TaskReorderType } from '@daybook/shared';
import type { TaskListEndpoint } from '../../api/tasksApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskList } from '../../components/tasks/TaskList';
import type { TaskCardVariant } from '../../components/tasks/TaskCard';
import { useTaskReorder } from '../../components/tasks/useTaskReorder';
import { countLabel } from '../../lib/format';
import type { Paging } from '../../lib/useLoadMoreOnScroll';

export interface TaskListSectionProps {
  heading: string;
  headingAction?: ReactNode;
  /** Every task of the list as cached (the pages loaded so far), and the ones shown (filtered). */
  tasks: readonly Task[] | undefined;
  shown: readonly Task[];
  /** A list that loads in pages: the next one loads as the user scrolls to the end. */
  paging?: Paging;
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

/**
 * Plain elements (styles/today.css): the dashboard's first screen shows two of these.
 * A heading with the count, then skeleton rows while loading, the empty state, or the drag-reorderable
 * cards (and, while more pages are to come, the row that loads them; the count then reads '200+').
 */
export function TaskListSection({ heading, headingAction, tasks, shown, paging, isLoading, isError, onRetry, skeletonRows, empty, list, reorderType, variant }: TaskListSectionProps) {
  const reorder = useTaskReorder(list, reorderType, tasks);
  const more = paging?.hasNextPage ?? false;
  return (
    <section aria-label={heading}>
      <div className="db-section-head" data-action={headingAction ? 'true' : undefined}>
        <div className="db-section-title">
          <h2 className="db-heading">{heading}</h2>
          {tasks && !isLoading && (
            <p className="db-count" aria-label={`${countLabel(shown.length, 'task')}${more ? ' loaded, more below' : ''}`}>
              {shown.length}
              {more ? '+' : ''}
            </p>
          )}
        </div>
        {headingAction}
      </div>
      {isLoading ? (
        <SkeletonRows count={skeletonRows} />
      ) : isError && !tasks ? (
        <LoadError onRetry={onRetry} />
      ) : shown.length === 0 && !more ? (
        <EmptyState {...empty} />
      ) : (
        <TaskList
          listId={list}
          tasks={shown}
          variant={variant}
          onReorder={(from, to) => void reorder(shown, from, to)}
          footer={paging && <LoadMoreRow paging={paging} label={`Loading more of ${heading}`} />}
        />
      )}
    </section>
  );
}
