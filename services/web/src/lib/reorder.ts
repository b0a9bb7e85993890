import { refillPages, type Page } from './pages';

/**
 * Moves the item at `from` to `to` (indexes into `items`), returning a new array.
 * Indexes out of range return the items unchanged.
 */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/**
 * The full list's new order after a drag inside a filtered view of it. `visibleIds` is the view before
 * the drag; the moved item goes from `from` to `to` in it. Hidden items keep their places: the slots the
 * visible items held in the full list are refilled with the visible items in their new order.
 */
export function reorderWithinView(fullIds: readonly string[], visibleIds: readonly string[], from: number, to: number): string[] {
  const reordered = moveItem(visibleIds, from, to);
  const visible = new Set(visibleIds);
  let next = 0;
  return fullIds.map((id) => (visible.has(id) ? (reordered[next++] as string) : id));
}

/** Sorts `items` (having ids) into the order of `ids`; items not named keep their relative order at the end. */
export function applyOrder<T extends { id: string }>(items: T[], ids: readonly string[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  const rank = (item: T) => position.get(item.id) ?? ids.length;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** `applyOrder` across the loaded pages of a list: the new order, each page keeping its size. */
export function applyOrderToPages<T extends { id: string }>(pages: readonly Page<T>[], ids: readonly string[]): Page<T>[] {
  return refillPages(pages, applyOrder(pages.flatMap((page) => page.items), ids));
}

/**
 * The ids a reorder call sends (`after`, the list's new order): all of them, or when there are more than
 * the api takes (`max`) the head only, if nothing past it moved (each id's sortOrder becomes its place,
 * so the ones past the head keep theirs). Null when the change cannot be sent.
 */
export function reorderPayload(before: readonly string[], after: readonly string[], max: number): string[] | null {
  if (after.length <= max) return [...after];
  return after.every((id, index) => index < max || before[index] === id) ? after.slice(0, max) : null;
}
