import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import Box from '@mui/material/Box';
import type { Task } from '@daybook/shared';
import { vibrate } from '../../lib/vibrate';
import { TaskCard, type TaskCardVariant } from './TaskCard';

export interface SortableTaskListProps {
  /** Unique per list on the page. */
  listId: string;
  tasks: readonly Task[];
  variant?: TaskCardVariant;
  /** A task moved from `from` to `to` (indexes into `tasks`). */
  onReorder?: (from: number, to: number) => void;
}

/**
 * A list of task cards the user can rearrange by mouse (after a 5 px move), touch (long press) or
 * keyboard (focus a card, Space to lift, arrows to move, Space to drop): @hello-pangea/dnd's sensors
 * and auto-scroll, whose defaults are the spec's (§9). Buttons, inputs and links inside a card never
 * start a drag.
 */
export function SortableTaskList({ listId, tasks, variant = 'default', onReorder }: SortableTaskListProps) {
  const onDragEnd = (result: DropResult) => {
    // A drop outside the list, or where it started, changes nothing (spec §5).
    if (!result.destination || result.destination.index === result.source.index) return;
    onReorder?.(result.source.index, result.destination.index);
  };

  return (
    <DragDropContext onDragStart={() => vibrate('medium')} onDragEnd={onDragEnd}>
      <Droppable droppableId={listId} isDropDisabled={!onReorder}>
        {(droppable) => (
          <Box ref={droppable.innerRef} {...droppable.droppableProps} data-testid={`task-list-${listId}`}>
            {tasks.map((task, index) => (
              <Draggable key={task.id} draggableId={task.id} index={index} isDragDisabled={!onReorder}>
                {(draggable, snapshot) => (
                  <Box
                    ref={draggable.innerRef}
                    {...draggable.draggableProps}
                    {...draggable.dragHandleProps}
                    aria-label={`${task.title}${onReorder ? ', press space to reorder' : ''}`}
                    data-testid="sortable-task"
                    sx={{ pb: 1.5, outline: 'none', '&:focus-visible > *': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
                  >
                    <TaskCard task={task} variant={variant} dragging={snapshot.isDragging} />
                  </Box>
                )}
              </Draggable>
            ))}
            {droppable.placeholder}
          </Box>
        )}
      </Droppable>
    </DragDropContext>
  );
}

export default SortableTaskList;
