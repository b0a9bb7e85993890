import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A list's empty state: a quiet icon, the title and one line of help. */
export function EmptyState({ title, description, icon }: { title: string; description: string; icon?: ReactNode }) {
  return (
    <Box
      role="status"
      sx={{
        textAlign: 'center',
        py: { xs: 4, md: 6 },
        px: 2,
        border: '1px dashed',
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      {icon && <Box sx={{ color: 'text.disabled', mb: 1, '& svg': { fontSize: 40 } }}>{icon}</Box>}
      <Typography variant="subtitle1" component="p">
        {title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        {description}
      </Typography>
    </Box>
  );
}
