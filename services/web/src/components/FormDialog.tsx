import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { ResponsiveModal } from './ResponsiveModal';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  /** The submit button's text ('Saving...' while busy, say). */
  submitLabel: string;
  /** The submit button waits while the form is being saved. */
  busy: boolean;
  /** The form was submitted: its button, or Enter in a field. */
  onSubmit: () => void;
  /** The form's layout. */
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** A small form in a dialog: its fields, then Cancel and the submit button, which Enter in a field presses too. */
export function FormDialog({ open, onClose, title, description, submitLabel, busy, onSubmit, sx, children }: FormDialogProps) {
  const formId = useId();
  return (
    <ResponsiveModal
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" type="submit" form={formId} disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        sx={sx}
      >
        {children}
      </Box>
    </ResponsiveModal>
  );
}
