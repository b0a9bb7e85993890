import { act, render, screen } from '@testing-library/react';
import { intersectionObserver } from '../test/intersectionObserver';
import { useLoadMoreOnScroll, type Paging } from './useLoadMoreOnScroll';

function ListEnd({ paging }: { paging: Paging }) {
  const sentinel = useLoadMoreOnScroll(paging);
  return <div ref={sentinel} data-testid="end" />;
}

const idle = (fetchNextPage: () => unknown): Paging => ({ hasNextPage: true, isFetching: false, isFetchingNextPage: false, isFetchNextPageError: false, fetchNextPage });

describe('useLoadMoreOnScroll', () => {
  beforeEach(() => intersectionObserver.install());
  afterEach(() => intersectionObserver.uninstall());

  it('waits while the list fetches all its pages again, then loads the next page when the end is in view', async () => {
    const fetchNextPage = jest.fn(() => Promise.resolve());
    const { rerender } = render(<ListEnd paging={{ ...idle(fetchNextPage), isFetching: true }} />);
    // RTK Query would not start the next page now: the hook must not spend its try on it.
    expect(intersectionObserver.scrollIntoView(screen.getByTestId('end'))).toBe(0);
    rerender(<ListEnd paging={idle(fetchNextPage)} />);
    expect(intersectionObserver.scrollIntoView(screen.getByTestId('end'))).toBe(1);
    await act(async () => undefined);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('tries again after a try, even when no render showed the page loading (it came at once, or could not start)', async () => {
    const fetchNextPage = jest.fn(() => Promise.resolve());
    render(<ListEnd paging={idle(fetchNextPage)} />);
    const end = screen.getByTestId('end');
    expect(intersectionObserver.scrollIntoView(end)).toBe(1);
    await act(async () => undefined);
    // The end is still in view: a new observer is there to load the next page.
    expect(intersectionObserver.scrollIntoView(end)).toBe(1);
    await act(async () => undefined);
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('does not try again after a failed page on its own', async () => {
    const fetchNextPage = jest.fn(() => Promise.resolve());
    render(<ListEnd paging={{ ...idle(fetchNextPage), isFetchNextPageError: true }} />);
    expect(intersectionObserver.scrollIntoView(screen.getByTestId('end'))).toBe(0);
    expect(fetchNextPage).not.toHaveBeenCalled();
  });
});
