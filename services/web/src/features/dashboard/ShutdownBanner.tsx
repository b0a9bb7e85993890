import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import MoonIcon from '@mui/icons-material/BedtimeOutlined';
import { shutdownWeek } from '@daybook/shared';
import { useGetUnfinishedTasksQuery } from '../../api/planningApi';
import { useTaskView } from '../../components/tasks/TaskViewContext';
import { lazyChunk } from '../../lib/lazyPreloadable';

const ShutdownDialog = lazyChunk(() => import('./ShutdownDialog'), { floating: true });

/**
 * The Friday shutdown's invitation (DECISIONS 34), on the Today tab in weekend mode (Friday 18:00 through
 * Sunday): shown while tasks due this week are still open, so it goes away on every device once the week
 * is wrapped up. 'Not now' hides it until the dashboard is opened again.
 */
export function ShutdownBanner() {
  const { now, timeZone } = useTaskView();
  const week = shutdownWeek(now, timeZone);
  const unfinished = useGetUnfinishedTasksQuery({ from: week.from, to: week.to });
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const [dismissed, setDismissed] = useState(false);
  const tasks = unfinished.data?.tasks ?? [];
  const count = tasks.length;
  const countText = unfinished.data?.hasMore ? `More than ${count} tasks` : count === 1 ? '1 task' : `${count} tasks`;

  return (
    <>
      {count > 0 && !dismissed && (
        <Card component="section" aria-label="Friday shutdown" data-testid="shutdown-banner" sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'rgba(124, 77, 204, 0.05)', borderColor: 'rgba(124, 77, 204, 0.25)' }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
            <MoonIcon sx={{ color: 'secondary.main', mt: 0.25 }} aria-hidden />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                Wrap up the week
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {countText} from this week {count === 1 && !unfinished.data?.hasMore ? 'is' : 'are'} still open. Decide where each one goes, then enjoy the weekend.
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
                <Button variant="contained" onClick={() => setDialog((current) => ({ open: true, key: current.key + 1 }))}>
                  Friday shutdown
                </Button>
                <Button color="inherit" onClick={() => setDismissed(true)}>
                  Not now
                </Button>
              </Box>
            </Box>
          </Box>
        </Card>
      )}
      <Suspense fallback={null}>
        {/* Mounted anew for each opening: it shows the list as it was then. */}
        {dialog.key > 0 && (
          <ShutdownDialog
            key={dialog.key}
            open={dialog.open}
            onClose={() => setDialog((current) => ({ ...current, open: false }))}
            week={week}
            tasks={tasks}
            hasMore={Boolean(unfinished.data?.hasMore)}
          />
        )}
      </Suspense>
    </>
  );
}

export default ShutdownBanner;
