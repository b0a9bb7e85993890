import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled group of a long form's fields (the task dialog's Task Details, Configuration, Delegation). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ '& + &': { mt: 3 } }}>
      <Typography variant="overline" component="h3" color="textSecondary" sx={{ display: 'block', fontWeight: 700, letterSpacing: '0.08em', mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}
