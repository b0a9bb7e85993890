import { Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import StartIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { elapsedSeconds, formatDuration, formatElapsed, formatTracked, localTime, trackedAgainstEstimate, type Task, type TimeEntry } from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { useGetTasksByIdsQuery } from '../../api/tasksApi';
import { useDeleteTimeEntryMutation, useGetTaskTimeEntriesInfiniteQuery } from '../../api/timeEntriesApi';
import { reportFailure } from '../../lib/feedback';
import { countLabel, formatInstantDate, formatTimeOfDay } from '../../lib/format';
import { browserTimeZone } from '../../lib/reminders';
import { useNow } from '../../lib/useNow';
import { ConfirmDialog } from '../ConfirmDialog';
import { isTimerShortcut, TIMER_SHORTCUT, useTimerControls } from './useTimerControls';
import { lazyChunk } from '../../lib/lazyPreloadable';

const TimeEntryForm = lazyChunk(() => import('./TimeEntryForm'));

/** The task dialog's 'Time' section: tracked against estimated, Start/Stop (also Alt+T), and the entries. */
export function TaskTimePanel({ task }: { task: Task }) {
  const timeZone = useSignedInUser()?.timezone ?? browserTimeZone();
  const controls = useTimerControls();
  // The dialog's task is the one it opened with: its tracked time is read again after every entry write.
  const fresh = useGetTasksByIdsQuery([task.id]).data?.[0] ?? task;
  const running = controls.running?.taskId === task.id ? controls.running : null;
  const now = useNow(running ? 1_000 : 60_000);
  const entries = useGetTaskTimeEntriesInfiniteQuery(task.id);
  const [editing, setEditing] = useState<TimeEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const [deleteEntry, deletion] = useDeleteTimeEntryMutation();

  // Alt+T starts or stops this task's timer while the dialog is open.
  const toggle = useRef(() => controls.toggle(task));
  toggle.current = () => controls.toggle(task);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isTimerShortcut(event)) return;
      event.preventDefault();
      void toggle.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const trackedSeconds = fresh.trackedSeconds + (running ? elapsedSeconds(running.startedAt, now.getTime()) : 0);
  const tracked = trackedAgainstEstimate(trackedSeconds, fresh.estimatedTime);
  const items = entries.data?.pages.flatMap((page) => page.items ?? []) ?? [];

  const remove = async (entry: TimeEntry) => {
    try {
      await deleteEntry(entry.id).unwrap();
      setDeleting(null);
    } catch (error) {
      reportFailure(error, 'Failed to delete the time entry', { showReason: true });
    }
  };

  return (
    <Box component="section" aria-label="Time" data-testid="task-time" sx={{ mt: 3 }}>
      <Typography variant="overline" component="h3" color="textSecondary" sx={{ display: 'block', fontWeight: 700, letterSpacing: '0.08em', mb: 1 }}>
        Time
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" data-testid="task-time-tracked" sx={{ fontWeight: 600, color: tracked.over ? 'warning.dark' : 'text.primary' }}>
            {formatTracked(trackedSeconds)} tracked{tracked.estimateMinutes !== null && ` / ${formatDuration(tracked.estimateMinutes)} estimated`}
          </Typography>
          {tracked.estimateMinutes !== null && tracked.estimateMinutes > 0 && (
            <LinearProgress
              variant="determinate"
              aria-label="Tracked against estimated"
              color={tracked.over ? 'warning' : 'primary'}
              value={Math.min(100, (tracked.trackedMinutes / tracked.estimateMinutes) * 100)}
              sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
            />
          )}
        </Box>
        <Tooltip title={`${running ? 'Stop' : 'Start'} the timer (${TIMER_SHORTCUT})`}>
          <span>
            <Button
              variant={running ? 'outlined' : 'contained'}
              color={running ? 'error' : 'primary'}
              startIcon={running ? <StopIcon /> : <StartIcon />}
              aria-keyshortcuts={TIMER_SHORTCUT}
              disabled={controls.busy}
              onClick={() => void toggle.current()}
            >
              {running ? 'Stop timer' : 'Start timer'}
            </Button>
          </span>
        </Tooltip>
      </Box>

      {entries.isError && (
        <Typography variant="body2" color="error" sx={{ mt: 1.5 }}>
          The time entries could not be loaded.
        </Typography>
      )}
      <Box component="ul" aria-label="Time entries" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
        {items.map((entry) =>
          editing !== 'new' && editing?.id === entry.id ? (
            <Box component="li" key={entry.id}>
              <Suspense fallback={null}>
                <TimeEntryForm task={fresh} entry={entry} timeZone={timeZone} onDone={() => setEditing(null)} />
              </Suspense>
            </Box>
          ) : (
            <EntryRow key={entry.id} entry={entry} timeZone={timeZone} now={now} onEdit={() => setEditing(entry)} onDelete={() => setDeleting(entry)} />
          ),
        )}
      </Box>
      {entries.hasNextPage && (
        <Button size="small" onClick={() => void entries.fetchNextPage()} disabled={entries.isFetchingNextPage}>
          Show older entries
        </Button>
      )}
      {editing === 'new' ? (
        <Suspense fallback={null}>
          <TimeEntryForm task={fresh} entry={null} timeZone={timeZone} onDone={() => setEditing(null)} />
        </Suspense>
      ) : (
        <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ mt: 1 }}>
          Add time
        </Button>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete time entry?"
        busy={deletion.isLoading}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting && `${entrySpan(deleting, timeZone)} will be deleted.`}
      </ConfirmDialog>
    </Box>
  );
}

/** An entry's length: '45s' under a minute, else as tracked time shows ('45min', '1.5h'). */
const entryDuration = (seconds: number) => (seconds < 60 ? `${seconds} s` : formatTracked(seconds));

/** 'Mar 4, 2026 · 9:00 AM – 10:30 AM' (or '– now' while running). */
function entrySpan(entry: TimeEntry, timeZone: string): string {
  const at = (iso: string) => formatTimeOfDay(localTime(new Date(iso), timeZone));
  return `${formatInstantDate(entry.startedAt, timeZone)} · ${at(entry.startedAt)} – ${entry.endedAt ? at(entry.endedAt) : 'now'}`;
}

function EntryRow({ entry, timeZone, now, onEdit, onDelete }: { entry: TimeEntry; timeZone: string; now: Date; onEdit: () => void; onDelete: () => void }) {
  const billed = entry.billingPeriodId !== null;
  const seconds = entry.durationSeconds ?? elapsedSeconds(entry.startedAt, now.getTime());
  return (
    <Box component="li" data-testid="time-entry" data-entry-id={entry.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {entrySpan(entry, timeZone)}
          <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>
            {entry.endedAt ? entryDuration(seconds) : `running · ${formatElapsed(seconds)}`}
          </Box>
        </Typography>
        {entry.note && (
          <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-word' }}>
            {entry.note}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, fontSize: '0.75rem', color: 'text.secondary' }}>
          <span>{entry.billable ? 'Billable' : 'Not billable'}</span>
          {billed && (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
              <LockIcon sx={{ fontSize: 14 }} /> Billed
            </Box>
          )}
          {entry.overlaps.length > 0 && (
            <Box component="span" role="note" data-testid="time-entry-overlap" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: 'warning.dark', fontWeight: 600 }}>
              <WarningIcon sx={{ fontSize: 14 }} /> Overlaps {countLabel(entry.overlaps.length, 'other entry', 'other entries')}
            </Box>
          )}
        </Box>
      </Box>
      {!billed && (
        <Box sx={{ display: 'flex', mt: -0.5 }}>
          <IconButton size="small" aria-label="Edit time entry" title="Edit" onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label="Delete time entry" title="Delete" onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}

export default TaskTimePanel;
