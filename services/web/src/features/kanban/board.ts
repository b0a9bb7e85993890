import { KANBAN_STATUSES, stateForStatus, type KanbanStatus, type Task } from '@daybook/shared';
import { tasksApi } from '../../api/tasksApi';
import type { AppDispatch, RootState } from '../../app/store';
import { insertIntoPages, loadedItems, removeFromPages } from '../../lib/pages';

export const isKanbanStatus = (value: string): value is KanbanStatus => (KANBAN_STATUSES as readonly string[]).includes(value);

/** Column headings (DECISIONS 13). */
export const COLUMN_TITLES: Record<KanbanStatus, string> = { todo: 'To Do', in_progress: 'In Progress', review: 'Review', completed: 'Completed' };

/** A card dropped in column `to`: its status (and completion) follow the column. */
export const movedTo = (card: Task, to: KanbanStatus): Task => ({ ...card, ...stateForStatus(to) });

export interface CardMove {
  from: KanbanStatus;
  fromIndex: number;
  to: KanbanStatus;
  toIndex: number;
}

/**
 * A drop on the board, shown at once (DECISIONS 13): the card leaves its column's cached pages and joins
 * the other column's at the drop place, with that column's status. Returns the undo (the api refused).
 */
export const moveCard =
  ({ from, fromIndex, to, toIndex }: CardMove) =>
  (dispatch: AppDispatch, getState: () => RootState): (() => void) => {
    const card = loadedItems(tasksApi.endpoints.getKanbanColumn.select(from)(getState()).data)?.[fromIndex];
    if (!card) return () => undefined;
    const left = dispatch(
      tasksApi.util.updateQueryData('getKanbanColumn', from, (draft) => {
        draft.pages = removeFromPages(draft.pages, fromIndex);
      }),
    );
    const joined = dispatch(
      tasksApi.util.updateQueryData('getKanbanColumn', to, (draft) => {
        draft.pages = insertIntoPages(draft.pages, toIndex, movedTo(card, to));
      }),
    );
    return () => {
      joined.undo();
      left.undo();
    };
  };
