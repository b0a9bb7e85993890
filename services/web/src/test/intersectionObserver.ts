/**
 * jsdom has no IntersectionObserver: this one is told by the test when an element scrolls into view.
 * `install()` in a test (or beforeEach), `uninstall()` after.
 */
class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  readonly targets = new Set<Element>();
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.live.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    FakeIntersectionObserver.live.delete(this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  notify(target: Element) {
    const rect = target.getBoundingClientRect();
    const entry = { target, isIntersecting: true, intersectionRatio: 1, boundingClientRect: rect, intersectionRect: rect, rootBounds: null, time: Date.now() };
    this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

let original: typeof IntersectionObserver | undefined;

export const intersectionObserver = {
  install() {
    original = window.IntersectionObserver;
    window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  },
  uninstall() {
    FakeIntersectionObserver.live.clear();
    window.IntersectionObserver = original as typeof IntersectionObserver;
  },
  /** `target` scrolled into view: every observer watching it is told. Returns how many were. */
  scrollIntoView(target: Element): number {
    const watching = [...FakeIntersectionObserver.live].filter((observer) => observer.targets.has(target));
    for (const observer of watching) observer.notify(target);
    return watching.length;
  },
};
