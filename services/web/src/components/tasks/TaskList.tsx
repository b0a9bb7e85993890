import { lazy, Suspense, type ReactNode } from 'react';
import type { Task } from '@daybook/shared';
import { useProgressiveCount } from '../../lib/useProgressiveCount';
import { TASK_CARD_GAP_PX, TaskCard } from './TaskCard';
import type { SortableTaskListProps } from './SortableTaskList';

// Drag and drop loads right after the first paint: the cards show at once, the same cards become
// draggable a moment later (keeps the dashboard's first JavaScript small).
const loadSortableTaskList = () => import('./SortableTaskList');
const SortableTaskList = lazy(loadSortableTaskList);

/** Starts loading drag and drop early (the dashboard calls it when it mounts). */
export const preloadDragAndDrop = () => void loadSortableTaskList();

function StaticTaskList({ listId, tasks, variant }: Pick<SortableTaskListProps, 'listId' | 'tasks' | 'variant'>) {
  return (
    <div data-testid={`task-list-${listId}`}>
      {tasks.map((task: Task) => (
        <div key={task.id} style={{ paddingBottom: TASK_CARD_GAP_PX }}>
          <TaskCard task={task} variant={variant} />
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
  const fallback = <StaticTaskList listId={props.listId} tasks={tasks} variant={props.variant} />;
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
