import type { Task } from '@daybook/shared';
import { SortableList } from '../SortableList';
import { TASK_CARD_GAP_PX, TaskCard, type TaskCardVariant } from './TaskCard';

export interface SortableTaskListProps {
  /** Unique per list on the page. */
  listId: string;
  tasks: readonly Task[];
  variant?: TaskCardVariant;
  /** A task moved from `from` to `to` (indexes into `tasks`). */
  onReorder?: (from: number, to: number) => void;
}

/** A list of task cards the user can rearrange by drag and drop (SortableList). */
export function SortableTaskList({ listId, tasks, variant = 'default', onReorder }: SortableTaskListProps) {
  return (
    <SortableList
      listId={listId}
      items={tasks}
      onMove={onReorder}
      itemLabel={(task) => task.title}
      testId={`task-list-${listId}`}
      itemTestId="sortable-task"
      itemGap={TASK_CARD_GAP_PX}
    >
      {(task, _index, dragging) => <TaskCard task={task} variant={variant} sortable={Boolean(onReorder)} dragging={dragging} />}
    </SortableList>
  );
}

export default SortableTaskList;
