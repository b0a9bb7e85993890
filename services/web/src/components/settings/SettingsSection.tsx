import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One section of the settings dialog: a heading, the section named by it, a rule between sections. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ '& + &': { mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' } }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
