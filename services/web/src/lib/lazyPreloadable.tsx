import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code loads when first shown (React.lazy), or earlier with `preload()`: one whose code is
 * in when it mounts renders at once, in the same commit, instead of first its Suspense fallback (main.tsx
 * preloads the first screen and its drag and drop while the first reads are under way; issue 18).
 */
export function lazyPreloadable<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: ComponentType<Props> | null = null;
  const Lazy = lazy(load);
  function Preloadable(props: Props) {
    // Chosen once per mount: switching from one to the other would mount it again.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  return Object.assign(Preloadable, { preload });
}
