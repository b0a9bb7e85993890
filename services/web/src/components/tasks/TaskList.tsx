import { Suspense, type ReactNode } from 'react';
import type { Task } from '@daybook/shared';
import { lazyPreloadable } from '../../lib/lazyPreloadable';
import { useProgressiveCount } from '../../lib/useProgressiveCount';
import { TASK_CARD_GAP_PX, TaskCard } from './TaskCard';
import type { SortableTaskListProps } from './SortableTaskList';

// Drag and drop is a chunk of its own (keeps the first JavaScript of the screens without it small). The
// dashboard loads it with its first reads, so its first render is draggable at once; elsewhere the cards
// show at once and become draggable a moment later.
const SortableTaskList = lazyPreloadable(() => import('./SortableTaskList'));

/** Loads drag and drop (the dashboard's first render waits for it; it also asks when it mounts). */
export const preloadDragAndDrop = () => SortableTaskList.preload();

/** The cards alone; `sortable` shows their handles while drag and drop loads. */
function StaticTaskList({ listId, tasks, variant, sortable }: Pick<SortableTaskListProps, 'listId' | 'tasks' | 'variant'> & { sortable: boolean }) {
  return (
    <div data-testid={`task-list-${listId}`}>
      {tasks.map((task: Task) => (
        <div key={task.id} style={{ paddingBottom: TASK_CARD_GAP_PX }}>
          <TaskCard task={task} variant={variant} sortable={sortable} />
        </div>
      ))}
    </div>
  );
}

/**
 * A list of task cards; with `onReorder`, the user can rearrange it by drag and drop (SortableTaskList).
 * A long list renders its first cards first (useProgressiveCount); indexes of a move are the same in it.
 * `footer` (a paged list's 'load more' row) shows once every card is there: seen sooner, it would load the
 * next page while the list is still filling in.
 */
export function TaskList({ footer, ...props }: SortableTaskListProps & { footer?: ReactNode }) {
  const count = useProgressiveCount(props.tasks.length);
  const complete = count >= props.tasks.length;
  const tasks = complete ? props.tasks : props.tasks.slice(0, count);
  const fallback = <StaticTaskList listId={props.listId} tasks={tasks} variant={props.variant} sortable={Boolean(props.onReorder)} />;
  return (
    <>
      {props.onReorder ? (
        <Suspense fallback={fallback}>
          <SortableTaskList {...props} tasks={tasks} />
        </Suspense>
      ) : (
        fallback
      )}
      {complete && footer}
    </>
  );
}
