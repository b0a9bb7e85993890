import { useCallback, useEffect, useState } from 'react';

export type CaptureEngine = typeof import('./engine');

let loading: Promise<CaptureEngine> | null = null;

/** Loads the engine once (a failed load, offline before it was cached, may be tried again). */
export function loadCaptureEngine(): Promise<CaptureEngine> {
  loading ??= import('./engine').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * How long the box waits before it loads the engine unasked, when the browser is next idle. Loading and
 * first running it take a few hundred milliseconds of a phone's main thread: not during the first load
 * (issue 18). Most people type later than this; one who types sooner focuses or touches the box first,
 * which loads it at once, and the box takes plain text until then.
 */
export const UNASKED_LOAD_DELAY_MS = 8_000;

/** The capture engine once loaded (null before): `load` loads it at once (the box got focus or a touch). */
export function useCaptureEngine(): { engine: CaptureEngine | null; load: () => Promise<CaptureEngine | null> } {
  const [engine, setEngine] = useState<CaptureEngine | null>(null);

  const load = useCallback(async () => {
    try {
      const loaded = await loadCaptureEngine();
      setEngine(loaded);
      return loaded;
    } catch {
      return null;
    }
  }, []);

  useEffect(() => {
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      if (window.requestIdleCallback) idle = window.requestIdleCallback(() => void load());
      else void load();
    }, UNASKED_LOAD_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [load]);

  return { engine, load };
}
