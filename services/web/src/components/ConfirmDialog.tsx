import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { ResponsiveModal } from './ResponsiveModal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: string;
  /** The destructive button: 'Delete' unless told otherwise. */
  confirmLabel?: string;
  /** The confirmed action is under way: its button waits. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A small 'Delete …?' question: Cancel, or the destructive button. */
export function ConfirmDialog({ open, title, description, confirmLabel = 'Delete', busy, onConfirm, onCancel, children }: ConfirmDialogProps) {
  return (
    <ResponsiveModal
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="contained" color="error" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </ResponsiveModal>
  );
}
