import { lazy, useState, type ComponentType } from 'react';
import { ChunkErrorBoundary, ChunkLoadError } from '../components/ChunkErrorBoundary';
import { reloadOnceForNewVersion } from './newVersion';

type Load<Props> = () => Promise<{ default: ComponentType<Props> }>;

/** The pauses before loading a part's code again: a flaky network often answers the second time. */
export const CHUNK_RETRY_DELAYS_MS = [300, 1_000];

/**
 * `load` tried again after each of `delays` while it fails (issue 37); the last failure is a
 * ChunkLoadError. A part missing from the server after a deploy (a 404) has been renamed: the page is then
 * loaded again once, for the new version (newVersion.ts).
 */
export async function loadWithRetry<T>(load: () => Promise<T>, delays: readonly number[] = CHUNK_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) {
        void reloadOnceForNewVersion();
        throw new ChunkLoadError(error);
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export interface ChunkOptions {
  /** The failure message floats over the screen (for a dialog's code); else it takes the part's place. */
  floating?: boolean;
}

/**
 * A component whose code loads when first shown (React.lazy), tried again when it fails, and then, in its
 * place, "This part of Daybook could not be loaded — Retry" while the rest of the screen works (issue 37).
 */
export function lazyChunk<Props extends object>(load: Load<Props>, options: ChunkOptions = {}) {
  let failed = false;
  const attempt = () =>
    lazy(() =>
      loadWithRetry(load).catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
  let Lazy = attempt();
  function Chunk(props: Props) {
    const [, setRetries] = useState(0);
    const retry = () => {
      // React.lazy keeps its failure: a retry needs a new one (parts already shown keep theirs).
      if (failed) {
        failed = false;
        Lazy = attempt();
      }
      setRetries((count) => count + 1);
    };
    return (
      <ChunkErrorBoundary onRetry={retry} floating={options.floating}>
        <Lazy {...props} />
      </ChunkErrorBoundary>
    );
  }
  return Chunk;
}

/**
 * A lazyChunk whose code can also load earlier with `preload()`: one whose code is in when it mounts
 * renders at once, in the same commit, instead of first its Suspense fallback (main.tsx preloads the first
 * screen and its drag and drop while the first reads are under way; issue 18).
 */
export function lazyPreloadable<Props extends object>(load: Load<Props>) {
  let loaded: ComponentType<Props> | null = null;
  const Chunk = lazyChunk(load);
  function Preloadable(props: Props) {
    // Chosen once per mount: switching from one to the other would mount it again.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Chunk {...props} />;
  }
  const preload = () =>
    loadWithRetry(load).then((module) => {
      loaded = module.default;
    });
  return Object.assign(Preloadable, { preload });
}
