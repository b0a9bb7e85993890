import { KANBAN_STATUSES, type KanbanBoard, type KanbanStatus } from '@daybook/shared';

export const isKanbanStatus = (value: string): value is KanbanStatus => (KANBAN_STATUSES as readonly string[]).includes(value);

/** Column headings (DECISIONS 13). */
export const COLUMN_TITLES: Record<KanbanStatus, string> = { todo: 'To Do', in_progress: 'In Progress', review: 'Review', completed: 'Completed' };

/**
 * The board after a card moves (a drop): out of `from` at `fromIndex`, into `to` at `toIndex`, with its
 * status (and completion) following the column. The board passed in is not changed.
 */
export function moveCard(board: KanbanBoard, from: KanbanStatus, fromIndex: number, to: KanbanStatus, toIndex: number): KanbanBoard {
  const source = [...board[from]];
  const [card] = source.splice(fromIndex, 1);
  if (!card) return board;
  const moved = { ...card, status: to, isCompleted: to === 'completed', isBacklog: false };
  const target = from === to ? source : [...board[to]];
  target.splice(Math.max(0, Math.min(toIndex, target.length)), 0, moved);
  return { ...board, [from]: source, [to]: target };
}
