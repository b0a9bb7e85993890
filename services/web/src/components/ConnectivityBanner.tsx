import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';

export const OFFLINE_TEXT = "You're offline - changes will sync when reconnected";
export const SLOW_TEXT = 'Slow connection detected';
const SLOW_TYPES = new Set(['2g', 'slow-2g']);

interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
}

const connection = (): NetworkInformationLike | undefined => (navigator as Navigator & { connection?: NetworkInformationLike }).connection;

export type ConnectivityState = 'online' | 'offline' | 'slow';

export function connectivityState(): ConnectivityState {
  if (typeof navigator === 'undefined') return 'online';
  if (!navigator.onLine) return 'offline';
  return SLOW_TYPES.has(connection()?.effectiveType ?? '') ? 'slow' : 'online';
}

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  connection()?.addEventListener('change', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    connection()?.removeEventListener('change', onChange);
  };
}

/** The connectivity banner of spec §2: offline, or a 2g / slow-2g connection. */
export function ConnectivityBanner() {
  const state = useSyncExternalStore(subscribe, connectivityState, () => 'online' as const);
  if (state === 'online') return null;
  // In the page's flow above the screens (not over them): it never covers a dialog's buttons.
  return (
    <Box
      role="status"
      data-testid="connectivity-banner"
      sx={{
        px: 2,
        py: 1,
        typography: 'body2',
        fontWeight: 500,
        textAlign: 'center',
        color: '#fff',
        bgcolor: state === 'offline' ? '#b45309' : '#1e40af',
      }}
    >
      {state === 'offline' ? OFFLINE_TEXT : SLOW_TEXT}
    </Box>
  );
}
