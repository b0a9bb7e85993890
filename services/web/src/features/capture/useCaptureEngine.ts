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

/** How long after the dashboard appears the engine loads anyway when the browser is never idle. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * The capture engine once loaded (null before): it loads when the browser is first idle after the box
 * appears, or at once through `load` (the box got focus).
 */
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
    const idle = window.requestIdleCallback
      ? { id: window.requestIdleCallback(() => void load(), { timeout: IDLE_TIMEOUT_MS }), cancel: (id: number) => window.cancelIdleCallback(id) }
      : { id: window.setTimeout(() => void load(), IDLE_TIMEOUT_MS / 2), cancel: (id: number) => window.clearTimeout(id) };
    return () => idle.cancel(idle.id);
  }, [load]);

  return { engine, load };
}
