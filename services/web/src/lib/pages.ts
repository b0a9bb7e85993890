/**
 * Lists that load in pages (DECISIONS 22): the pages an RTK Query infinite query holds, read and changed
 * as the one list they make. Changes keep the page boundaries, so the cursors stay where they were.
 */

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Every item loaded so far, in order; undefined while nothing has loaded. */
export const loadedItems = <T>(data: { pages: readonly Page<T>[] } | undefined): T[] | undefined => data?.pages.flatMap((page) => page.items);

/** The pages refilled with `items` in order, each page keeping its size (the last one takes any extra). */
export function refillPages<T>(pages: readonly Page<T>[], items: readonly T[]): Page<T>[] {
  let start = 0;
  return pages.map((page, index) => {
    const end = index === pages.length - 1 ? items.length : start + page.items.length;
    const refilled = { ...page, items: items.slice(start, end) };
    start = end;
    return refilled;
  });
}

/** The pages without the item at `index` (an index into every loaded item). */
export function removeFromPages<T>(pages: readonly Page<T>[], index: number): Page<T>[] {
  let offset = index;
  return pages.map((page) => {
    if (offset < 0 || offset >= page.items.length) {
      offset -= page.items.length;
      return page;
    }
    const items = page.items.filter((_item, at) => at !== offset);
    offset = -1;
    return { ...page, items };
  });
}

/** The pages with `item` put at `index` (clamped to the loaded items: at the end of the last page at most). */
export function insertIntoPages<T>(pages: readonly Page<T>[], index: number, item: T): Page<T>[] {
  let offset = Math.max(0, index);
  return pages.map((page, at) => {
    const last = at === pages.length - 1;
    if (offset < 0 || (offset >= page.items.length && !last)) {
      offset -= page.items.length;
      return page;
    }
    const items = [...page.items];
    items.splice(Math.min(offset, items.length), 0, item);
    offset = -1;
    return { ...page, items };
  });
}
