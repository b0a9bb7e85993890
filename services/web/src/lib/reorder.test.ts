import { applyOrder, applyOrderToPages, moveItem, reorderPayload, reorderWithinView } from './reorder';

describe('moveItem', () => {
  it('moves an item down and up', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });
  it('leaves the list as it is for the same or an invalid place', () => {
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('reorderWithinView', () => {
  it('is a plain move when every item is visible', () => {
    expect(reorderWithinView(['a', 'b', 'c'], ['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
  it('keeps hidden items in their places when a filtered view is rearranged', () => {
    // x and y are filtered out; a, b, c are shown.
    expect(reorderWithinView(['a', 'x', 'b', 'y', 'c'], ['a', 'b', 'c'], 0, 2)).toEqual(['b', 'x', 'c', 'y', 'a']);
  });
});

describe('applyOrder', () => {
  it('sorts items into the order of the ids, unnamed ones last in their order', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    expect(applyOrder(items, ['c', 'a']).map((i) => i.id)).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('applyOrderToPages', () => {
  it('puts the new order across the loaded pages, each keeping its size and cursor', () => {
    const pages = [
      { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'c1' },
      { items: [{ id: 'c' }], nextCursor: null },
    ];
    const after = applyOrderToPages(pages, ['c', 'b', 'a']);
    expect(after.map((page) => page.items.map((i) => i.id))).toEqual([['c', 'b'], ['a']]);
    expect(after.map((page) => page.nextCursor)).toEqual(['c1', null]);
  });
});

describe('reorderPayload', () => {
  it('sends the whole order when the api takes that many', () => {
    expect(reorderPayload(['a', 'b', 'c'], ['c', 'a', 'b'], 3)).toEqual(['c', 'a', 'b']);
  });
  it('past the limit, sends the head when nothing beyond it moved', () => {
    expect(reorderPayload(['a', 'b', 'c', 'd'], ['b', 'a', 'c', 'd'], 2)).toEqual(['b', 'a']);
  });
  it('past the limit, gives up when a task moved beyond it', () => {
    expect(reorderPayload(['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'a'], 2)).toBeNull();
  });
});
