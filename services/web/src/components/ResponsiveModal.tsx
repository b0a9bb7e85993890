import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';

/** Spec §9: a centered dialog from 768 px wide, a bottom drawer (at most 90% high) below. */
export const MODAL_DIALOG_MIN_WIDTH = 768;
export const WIDE_SCREEN_QUERY = `(min-width:${MODAL_DIALOG_MIN_WIDTH}px)`;

export interface ResponsiveModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Buttons at the bottom (kept visible while the content scrolls). */
  actions?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Called once the closing animation has finished. */
  onExited?: () => void;
}

export function ResponsiveModal({ open, onClose, title, description, children, actions, maxWidth = 'sm', onExited }: ResponsiveModalProps) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const titleId = useId();
  const descriptionId = useId();

  const heading = (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {description && (
          <Typography id={descriptionId} variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
      </Box>
      <IconButton aria-label="Close" onClick={onClose} edge="end" size="small">
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );

  if (wide) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth={maxWidth}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        slotProps={{ transition: { onExited } }}
      >
        {/* DialogTitle would take the dialog's aria-labelledby id for itself; the heading inside holds it. */}
        <DialogTitle component="div" id={`${titleId}-wrapper`} sx={{ pb: 1 }}>
          {heading}
        </DialogTitle>
        <DialogContent dividers>{children}</DialogContent>
        {actions && <DialogActions sx={{ px: 3, py: 1.5 }}>{actions}</DialogActions>}
      </Dialog>
    );
  }

  return (
    <SwipeableDrawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      onOpen={() => undefined}
      disableSwipeToOpen
      hysteresis={0.25}
      minFlingVelocity={400}
      transitionDuration={500}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          'aria-describedby': description ? descriptionId : undefined,
          sx: { maxHeight: '90vh', borderTopLeftRadius: 16, borderTopRightRadius: 16, display: 'flex', flexDirection: 'column' },
        },
        transition: { onExited },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }} aria-hidden>
        <Box sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'divider' }} />
      </Box>
      <Box sx={{ px: 2.5, pt: 1, pb: 1.5 }}>{heading}</Box>
      <Box sx={{ px: 2.5, pb: 2, overflowY: 'auto', flex: 1, borderTop: 1, borderColor: 'divider', pt: 2 }}>{children}</Box>
      {actions && (
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 1,
            px: 2.5,
            py: 1.5,
            pb: 'calc(12px + env(safe-area-inset-bottom))',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {actions}
        </Box>
      )}
    </SwipeableDrawer>
  );
}
