import { useEffect, useState } from 'react';

/** What a list that loads in pages tells about its next page (an RTK Query infinite query's result has it). */
export interface Paging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last try to load the next page failed: it loads again on request only, not in a loop. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** How far below the screen the end of a list may still be when its next page starts loading. */
const LOOK_AHEAD = '400px 0px';

/**
 * Loads a list's next page when the element given to the returned ref (placed after the list's last
 * item) scrolls near the screen. The observer starts anew after each page, so a list still too short to
 * fill the screen (a filter hides most of it) keeps loading until it does or has no more.
 */
export function useLoadMoreOnScroll({ hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: Paging) {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  useEffect(() => {
    if (!sentinel || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchNextPage();
      },
      { rootMargin: LOOK_AHEAD },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return setSentinel;
}
