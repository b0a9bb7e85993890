import { useEffect, useState } from 'react';

/** What a list that loads in pages tells about its next page (an RTK Query infinite query's result has it). */
export interface Paging {
  hasNextPage: boolean;
  /** Any fetch of the list is under way: its next page, or all its pages again (after a change). */
  isFetching: boolean;
  isFetchingNextPage: boolean;
  /** The last try to load the next page failed: it loads again on request only, not in a loop. */
  isFetchNextPageError: boolean;
  /** Settles when the page has loaded; when it could not start (RTK Query starts none while the list is fetching), when that fetch ends. */
  fetchNextPage: () => unknown;
}

/** How far below the screen the end of a list may still be when its next page starts loading. */
const LOOK_AHEAD = '400px 0px';

/**
 * Loads a list's next page when the element given to the returned ref (placed after the list's last
 * item) scrolls near the screen. The observer starts anew after each try, once the list is not fetching:
 * a list still too short to fill the screen (a filter hides most of it) keeps loading until it does or
 * has no more, and a try that could not start (the list was fetching again) is made again afterwards,
 * even when the end never left the screen.
 */
export function useLoadMoreOnScroll({ hasNextPage, isFetching, isFetchNextPageError, fetchNextPage }: Paging) {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (!sentinel || !hasNextPage || isFetching || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void Promise.resolve(fetchNextPage()).finally(() => setTries((count) => count + 1));
      },
      { rootMargin: LOOK_AHEAD },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage, tries]);
  return setSentinel;
}
