import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import CheckCircleIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorIcon from '@mui/icons-material/ErrorRounded';
import InfoIcon from '@mui/icons-material/InfoRounded';
import { dismissToast, getToasts, subscribeToasts, type Toast } from '../lib/toast';
import { TOAST_WIDTH, toastSpotClearOf, topmostOpenDialog, type ToastSpot } from './toastPlacement';

/** Swiping a toast right by this much dismisses it (spec §9). */
export const SWIPE_DISMISS_PX = 50;

const ICONS = {
  default: <InfoIcon color="primary" fontSize="small" />,
  success: <CheckCircleIcon color="success" fontSize="small" />,
  destructive: <ErrorIcon sx={{ color: 'common.white' }} fontSize="small" />,
};

function ToastView({ toast }: { toast: Toast }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = toast.variant === 'destructive';

  const onPointerDown = (event: ReactPointerEvent) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (start.current === null) return;
    setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > SWIPE_DISMISS_PX) dismissToast(toast.id);
    else setOffset(0);
  };

  return (
    <Paper
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-testid="toast"
      elevation={6}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      sx={{
        pointerEvents: 'auto',
        touchAction: 'pan-y',
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        py: 1.25,
        pl: 1.5,
        pr: 0.75,
        width: '100%',
        borderRadius: 2,
        border: '1px solid',
        borderColor: destructive ? 'error.dark' : 'divider',
        bgcolor: destructive ? 'error.main' : 'background.paper',
        color: destructive ? 'common.white' : 'text.primary',
        transform: `translateX(${offset}px)`,
        opacity: Math.max(0.2, 1 - offset / 200),
        transition: start.current === null ? 'transform 150ms ease, opacity 150ms ease' : 'none',
        animation: 'toast-in 180ms ease-out',
        '@keyframes toast-in': { from: { opacity: 0, transform: 'translateY(8px)' }, to: { opacity: 1, transform: 'none' } },
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <Box sx={{ display: 'flex', alignSelf: 'flex-start', pt: '2px' }}>{ICONS[toast.variant]}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="p" data-testid="toast-title">
          {toast.title}
        </Typography>
        {toast.description && (
          <Typography variant="body2" component="p" data-testid="toast-description" sx={{ opacity: destructive ? 0.95 : 0.8, mt: 0.25 }}>
            {toast.description}
          </Typography>
        )}
      </Box>
      {toast.action && (
        <Button
          size="small"
          variant={destructive ? 'contained' : 'text'}
          color={destructive ? 'inherit' : 'primary'}
          sx={{ flexShrink: 0, fontWeight: 700 }}
          onClick={() => {
            toast.action?.onClick();
            dismissToast(toast.id);
          }}
        >
          {toast.action.label}
        </Button>
      )}
      <IconButton size="small" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)} sx={{ color: 'inherit', alignSelf: 'flex-start' }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

/** How often the toast's place is checked while it shows: dialogs slide in and out, drawers are swiped. */
const PLACE_EVERY_MS = 200;

/** Keeps the toast clear of an open dialog, measured when a toast shows and then while it is on screen. */
function useSpotClearOfDialogs(region: RefObject<HTMLElement | null>, toasts: readonly Toast[]): ToastSpot | null {
  const [spot, setSpot] = useState<ToastSpot | null>(null);
  useLayoutEffect(() => {
    if (toasts.length === 0) {
      setSpot(null);
      return undefined;
    }
    const place = () => {
      const height = region.current?.offsetHeight ?? 0;
      const next = toastSpotClearOf(topmostOpenDialog(), { width: window.innerWidth, height: window.innerHeight }, height);
      setSpot((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    place();
    const timer = setInterval(place, PLACE_EVERY_MS);
    window.addEventListener('resize', place);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', place);
    };
  }, [region, toasts]);
  return spot;
}

/**
 * The toast area: at most one toast (spec §9), where it covers no control: across the bottom on phones
 * (above the home indicator), bottom-left on wider screens, and moved clear of an open dialog's buttons.
 * F8 focuses it.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const region = useRef<HTMLElement>(null);
  const spot = useSpotClearOfDialogs(region, toasts);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    // Plain (styles/today.css, `.db-toast-area`): the region is on every first paint; the spot clear of an
    // open dialog comes in as custom properties.
    <section
      ref={region}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      data-testid="toast-area"
      className="db-toast-area"
      data-spot={spot?.top !== undefined ? 'top' : spot?.bottom !== undefined ? 'bottom' : undefined}
      style={
        {
          '--db-toast-width': `${spot?.width ?? TOAST_WIDTH}px`,
          ...(spot?.top !== undefined && { '--db-toast-top': `${spot.top}px` }),
          ...(spot?.bottom !== undefined && { '--db-toast-bottom': `${spot.bottom}px` }),
        } as CSSProperties
      }
    >
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
    </section>
  );
}
