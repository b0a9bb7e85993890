import { insertIntoPages, loadedItems, refillPages, removeFromPages, type Page } from './pages';

const pages = (...lists: string[][]): Page<string>[] => lists.map((items, index) => ({ items, nextCursor: index < lists.length - 1 ? `c${index + 1}` : null }));
const itemsOf = (list: Page<string>[]) => list.map((page) => page.items);

describe('lists loaded in pages', () => {
  it('reads every loaded item in order; nothing before the first page', () => {
    expect(loadedItems({ pages: pages(['a', 'b'], ['c']) })).toEqual(['a', 'b', 'c']);
    expect(loadedItems(undefined)).toBeUndefined();
  });

  it('refills the pages in order, each keeping its size and cursor, the last taking any extra', () => {
    const refilled = refillPages(pages(['a', 'b'], ['c']), ['c', 'a', 'b', 'd']);
    expect(itemsOf(refilled)).toEqual([['c', 'a'], ['b', 'd']]);
    expect(refilled.map((page) => page.nextCursor)).toEqual(['c1', null]);
  });

  it('removes an item by its place in the whole list, from whichever page holds it', () => {
    const before = pages(['a', 'b'], ['c', 'd']);
    expect(itemsOf(removeFromPages(before, 2))).toEqual([['a', 'b'], ['d']]);
    expect(itemsOf(removeFromPages(before, 1))).toEqual([['a'], ['c', 'd']]);
    expect(itemsOf(removeFromPages(before, 9))).toEqual([['a', 'b'], ['c', 'd']]);
    expect(itemsOf(before)).toEqual([['a', 'b'], ['c', 'd']]);
  });

  it('inserts at a place in the whole list; past the loaded items, at the end of the last page', () => {
    const before = pages(['a', 'b'], ['c']);
    expect(itemsOf(insertIntoPages(before, 0, 'x'))).toEqual([['x', 'a', 'b'], ['c']]);
    expect(itemsOf(insertIntoPages(before, 2, 'x'))).toEqual([['a', 'b'], ['x', 'c']]);
    expect(itemsOf(insertIntoPages(before, 3, 'x'))).toEqual([['a', 'b'], ['c', 'x']]);
    expect(itemsOf(insertIntoPages(before, 7, 'x'))).toEqual([['a', 'b'], ['c', 'x']]);
    expect(itemsOf(insertIntoPages(pages([]), 0, 'x'))).toEqual([['x']]);
  });
});
