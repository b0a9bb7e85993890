import { useId, useMemo, useState, type ReactNode } from 'react';
import type { Task, TaskReorderType } from '@daybook/shared';
import type { TaskListEndpoint } from '../../api/tasksApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreRow } from '../../components/LoadMoreRow';
import { SkeletonRows } from '../../components/SkeletonRows';
import { TaskList } from '../../components/tasks/TaskList';
import type { TaskCardVariant } from '../../components/tasks/TaskCard';
import { useTaskReorder } from '../../components/tasks/useTaskReorder';
import { useHeldCompleted } from '../../components/tasks/completionHold';
import { splitCompleted } from '../../components/tasks/taskFilters';
import { useTaskView } from '../../components/tasks/TaskViewContext';
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
 * Completed tasks leave the cards once their toast's Undo is gone (issue 37): those completed today wait
 * in a collapsed 'Completed today' group under the list.
 */
export function TaskListSection({ heading, headingAction, tasks, shown: all, paging, isLoading, isError, onRetry, skeletonRows, empty, list, reorderType, variant }: TaskListSectionProps) {
  const reorder = useTaskReorder(list, reorderType, tasks);
  const view = useTaskView();
  const held = useHeldCompleted();
  const { open: shown, completedToday } = useMemo(() => splitCompleted(all, held, view.now, view.timeZone), [all, held, view.now, view.timeZone]);
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
      {completedToday.length > 0 && <CompletedToday listId={list} tasks={completedToday} variant={variant} />}
    </section>
  );
}

/** The tasks of a list completed today, hidden until the user asks for them ('Show completed'). */
function CompletedToday({ listId, tasks, variant }: { listId: string; tasks: readonly Task[]; variant?: TaskCardVariant }) {
  const [expanded, setExpanded] = useState(false);
  const groupId = useId();
  return (
    <section aria-label="Completed today" className="db-completed-group">
      <div className="db-section-head">
        <div className="db-section-title">
          <h3 className="db-heading">Completed today</h3>
          <p className="db-count" aria-label={countLabel(tasks.length, 'task')}>
            {tasks.length}
          </p>
        </div>
        <button type="button" className="db-button" aria-expanded={expanded} aria-controls={groupId} onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Hide completed' : 'Show completed'}
        </button>
      </div>
      <div id={groupId} hidden={!expanded}>
        {expanded && <TaskList listId={`${listId}-completed`} tasks={tasks} variant={variant} />}
      </div>
    </section>
  );
}
