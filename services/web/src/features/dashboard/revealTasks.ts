// Loaded when a task was just captured: not part of the dashboard's first JavaScript.

/** How long a card is highlighted, and how long to wait for it to appear (the list reads again first). */
export const HIGHLIGHT_MS = 2_000;
const WAIT_FOR_CARD_MS = 10_000;

const cardOf = (root: ParentNode, taskId: string) => root.querySelector<HTMLElement>(`[data-task-id="${taskId}"]`);

/** A glow around a card for `duration` ms (marked `data-just-created` meanwhile). */
function highlight(card: HTMLElement, duration: number) {
  card.dataset.justCreated = 'true';
  const background = getComputedStyle(card).backgroundColor;
  card.animate?.(
    [
      { boxShadow: '0 0 0 3px rgba(45, 91, 208, 0.6)', backgroundColor: 'rgba(232, 239, 252, 1)' },
      { boxShadow: '0 0 0 3px rgba(45, 91, 208, 0.45)', backgroundColor: 'rgba(232, 239, 252, 1)', offset: 0.6 },
      { boxShadow: '0 0 0 3px rgba(45, 91, 208, 0)', backgroundColor: background },
    ],
    { duration, easing: 'ease-out' },
  );
  setTimeout(() => delete card.dataset.justCreated, duration);
}

/**
 * Once the first of these tasks shows in `root` (the list may still be reading again), scrolls it into
 * view and highlights it and the others shown. A card drawn again meanwhile (the list becoming
 * draggable, a page read again) is highlighted for the time left. Returns a function that stops.
 */
export function revealTasks(taskIds: readonly string[], root: () => ParentNode | null): () => void {
  const highlighted = new Map<string, HTMLElement>();
  let shownAt: number | null = null;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const look = () => {
    const within = root();
    if (!within) return;
    if (shownAt === null) {
      const first = taskIds[0] ? cardOf(within, taskIds[0]) : null;
      if (!first) return;
      shownAt = Date.now();
      clearTimeout(timer);
      timer = setTimeout(stop, HIGHLIGHT_MS);
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      first.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    }
    const left = HIGHLIGHT_MS - (Date.now() - shownAt);
    for (const id of taskIds) {
      const card = cardOf(within, id);
      if (!card || highlighted.get(id) === card || left <= 0) continue;
      if (highlighted.has(id) && id === taskIds[0]) card.scrollIntoView?.({ block: 'nearest' });
      highlighted.set(id, card);
      highlight(card, left);
    }
  };
  const observer = new MutationObserver(look);
  let timer = setTimeout(stop, WAIT_FOR_CARD_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  look();
  return stop;
}
