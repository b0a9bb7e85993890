import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Loading placeholder rows shaped like task cards (spec §9: 3 on today, 4 on active, 2 elsewhere). */
export function SkeletonRows({ count }: { count: number }) {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading tasks" data-testid="skeleton-rows">
      {Array.from({ length: count }, (_, i) => (
        <Box key={i} data-testid="skeleton-row" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <Skeleton variant="circular" width={22} height={22} />
            <Skeleton variant="text" sx={{ flex: 1, fontSize: '1rem' }} />
            <Skeleton variant="rounded" width={72} height={22} />
          </Box>
          <Skeleton variant="text" sx={{ ml: 4.5, width: '60%' }} />
        </Box>
      ))}
    </Stack>
  );
}
