import type { ReactNode } from 'react';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { vibrate } from '../lib/vibrate';

export interface SortableListProps<Item extends { id: string }> {
  /** Unique per list on the page. */
  listId: string;
  items: readonly Item[];
  /** The item moved from `from` to `to` (indexes into `items`); without it the list cannot be rearranged. */
  onMove?: (from: number, to: number) => void;
  /** What a screen reader calls an item ('…, press space to reorder' is added while it can move). */
  itemLabel: (item: Item) => string;
  /** The test ids of the list and of each item. */
  testId: string;
  itemTestId: string;
  /** The space below each item, in px. */
  itemGap?: number;
  /** An item's content; `dragging` while the user carries it. */
  children: (item: Item, index: number, dragging: boolean) => ReactNode;
}

/**
 * A list the user rearranges by mouse (after a 5 px move), touch (long press) or keyboard (focus an item,
 * Space to lift, arrows to move, Space to drop): @hello-pangea/dnd's sensors and auto-scroll, whose
 * defaults are the spec's (§9), with a vibration as an item lifts. Buttons, inputs and links inside an
 * item never start a drag; a drop outside the list or where it started changes nothing (spec §5).
 */
export function SortableList<Item extends { id: string }>({ listId, items, onMove, itemLabel, testId, itemTestId, itemGap = 0, children }: SortableListProps<Item>) {
  const onDragEnd = (result: DropResult) => {
    if (!result.destination || result.destination.index === result.source.index) return;
    onMove?.(result.source.index, result.destination.index);
  };

  return (
    <DragDropContext onDragStart={() => vibrate('medium')} onDragEnd={onDragEnd}>
      <Droppable droppableId={listId} isDropDisabled={!onMove}>
        {(droppable) => (
          // Plain elements (styles/cards.css): a list of cards has one wrapper per item (issue 18).
          <div ref={droppable.innerRef} {...droppable.droppableProps} data-testid={testId}>
            {items.map((item, index) => (
              <Draggable key={item.id} draggableId={item.id} index={index} isDragDisabled={!onMove}>
                {(draggable, snapshot) => (
                  <div
                    ref={draggable.innerRef}
                    {...draggable.draggableProps}
                    {...draggable.dragHandleProps}
                    className="db-sortable-item"
                    style={{ paddingBottom: itemGap, ...draggable.draggableProps.style }}
                    // A group, not the library's button: the item holds buttons of its own, and its name is the label.
                    role="group"
                    aria-label={`${itemLabel(item)}${onMove ? ', press space to reorder' : ''}`}
                    data-testid={itemTestId}
                  >
                    {children(item, index, snapshot.isDragging)}
                  </div>
                )}
              </Draggable>
            ))}
            {droppable.placeholder}
          </div>
        )}
      </Droppable>
    </DragDropContext>
  );
}
