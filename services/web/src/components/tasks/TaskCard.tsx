import { memo, useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import MoreIcon from '@mui/icons-material/MoreVert';
import RestoreIcon from '@mui/icons-material/RestorePage';
import InboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import EventIcon from '@mui/icons-material/EventOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import LinkIcon from '@mui/icons-material/Link';
import RepeatIcon from '@mui/icons-material/Repeat';
import ReminderIcon from '@mui/icons-material/NotificationsActiveOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import { PRIORITIES, PRIORITY_LABELS, dueLabel, isOverdue, trackedAgainstEstimate, type Priority, type Task } from '@daybook/shared';
import { ClientChip } from '../ClientChip';
import { PriorityBadge } from '../PriorityBadge';
import type { AppStore } from '../../app/store';
import { formatTimeOfDay, recurrenceLabel, safeLinkHref } from '../../lib/format';
import { useRunningTimerTaskId } from '../../lib/timerCache';
import { vibrate } from '../../lib/vibrate';
import { useTaskActions } from './useTaskActions';
import { useTaskView } from './TaskViewContext';

/** Starts or stops the task's timer (DECISIONS 31); the timer's code loads when first used. */
const toggleTimer = (store: AppStore, task: Task) => import('../timer/useTimerControls').then((timer) => timer.toggleTimer(store, task));

/** Which actions a card offers (spec §2): the backlog view restores and archives, the archived view unarchives. */
export type TaskCardVariant = 'default' | 'backlog' | 'archived';

export interface TaskCardProps {
  task: Task;
  variant?: TaskCardVariant;
  /** Lifted by drag and drop. */
  dragging?: boolean;
}

const metaSx = { display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: '0.8rem', color: 'text.secondary' } as const;

function TaskCardView({ task, variant = 'default', dragging }: TaskCardProps) {
  const view = useTaskView();
  const actions = useTaskActions();
  const store = useStore() as AppStore;
  const timerRunsHere = useRunningTimerTaskId() === task.id;
  const [priorityAnchor, setPriorityAnchor] = useState<HTMLElement | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  // The checkbox answers at once; the list catches up when the api has answered (or it goes back).
  const [pendingDone, setPendingDone] = useState<boolean | null>(null);

  const client = task.clientId ? view.clientsById.get(task.clientId) : undefined;
  const delegate = task.delegatedToId ? view.contactsById.get(task.delegatedToId) : undefined;
  const overdue = isOverdue(task, view.now, view.timeZone);
  const done = pendingDone ?? task.isCompleted;
  useEffect(() => setPendingDone(null), [task.isCompleted]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const choosePriority = (priority: Priority) => {
    setPriorityAnchor(null);
    if (priority !== task.priority) void run(() => actions.setPriority(task, priority));
  };

  return (
    <Paper
      variant="outlined"
      data-testid="task-card"
      data-task-id={task.id}
      data-completed={done ? 'true' : 'false'}
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderRadius: 2,
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        bgcolor: 'background.paper',
        opacity: done ? 0.6 : 1,
        boxShadow: dragging ? 6 : 'none',
        borderColor: dragging ? 'primary.light' : overdue ? 'rgba(211, 47, 47, 0.35)' : 'divider',
        transition: 'box-shadow 150ms ease, border-color 150ms ease',
        '&:hover': { borderColor: dragging ? 'primary.light' : 'grey.400' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {variant !== 'archived' && (
        <Checkbox
          checked={done}
          disabled={busy}
          onChange={(event) => {
            const checked = event.target.checked;
            vibrate('light');
            setPendingDone(checked);
            void run(async () => {
              if (!(await actions.setCompleted(task, checked))) setPendingDone(null);
            });
          }}
          slotProps={{ input: { 'aria-label': done ? `Mark "${task.title}" not complete` : `Mark "${task.title}" complete` } }}
          sx={{ p: 0.5, mt: -0.25, ml: -0.5 }}
        />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography
            component="div"
            role="button"
            tabIndex={0}
            data-testid="task-title"
            onClick={() => view.openTask(task)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') view.openTask(task);
            }}
            sx={{
              flex: 1,
              minWidth: 0,
              fontWeight: 600,
              fontSize: '0.95rem',
              lineHeight: 1.4,
              cursor: 'pointer',
              wordBreak: 'break-word',
              textDecoration: done ? 'line-through' : 'none',
              '&:hover': { color: 'primary.main' },
            }}
          >
            {task.title}
          </Typography>
          <PriorityBadge priority={task.priority} />
        </Box>
        {task.description && (
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="task-description"
            sx={{
              mt: 0.25,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-word',
              textDecoration: done ? 'line-through' : 'none',
            }}
          >
            {task.description}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.75, mt: 1 }}>
          {task.dueDate && (
            <Box
              component="span"
              data-testid="task-due"
              data-overdue={overdue ? 'true' : 'false'}
              sx={{ ...metaSx, color: overdue ? 'error.main' : 'text.secondary', fontWeight: overdue ? 600 : 400 }}
            >
              <EventIcon sx={{ fontSize: 16 }} />
              {dueLabel(task.dueDate, view.now, view.timeZone)}
              {task.dueTime && ` · ${formatTimeOfDay(task.dueTime)}`}
            </Box>
          )}
          {task.reminders.length > 0 && <ReminderIcon titleAccess="Reminder set" data-testid="task-reminder" sx={{ fontSize: 16, color: 'text.secondary' }} />}
          {task.trackedSeconds > 0 ? (
            <TrackedTime task={task} />
          ) : (
            task.estimatedTime && (
              <Box component="span" sx={metaSx} data-testid="task-estimate">
                <ScheduleIcon sx={{ fontSize: 16 }} />
                {task.estimatedTime}
              </Box>
            )
          )}
          {task.isRecurring && task.recurringType && (
            <Box component="span" sx={metaSx} data-testid="task-recurrence">
              <RepeatIcon sx={{ fontSize: 16 }} />
              {recurrenceLabel(task.recurringType, task.recurringInterval)}
            </Box>
          )}
          {client && <ClientChip id={client.id} name={client.name} color={client.color} />}
          {task.isDelegated && (
            <Box component="span" sx={metaSx} data-testid="task-delegate">
              <PersonIcon sx={{ fontSize: 16 }} />
              {delegate ? delegate.name : 'Delegated'}
            </Box>
          )}
          {task.documentLinks.map((link, index) => {
            const href = safeLinkHref(link);
            const label = `Doc ${index + 1}`;
            return href ? (
              <Link key={index} href={href} target="_blank" rel="noopener noreferrer" underline="hover" sx={{ ...metaSx, color: 'primary.main' }}>
                <LinkIcon sx={{ fontSize: 16 }} />
                {label}
              </Link>
            ) : (
              <Box key={index} component="span" sx={metaSx} title={link}>
                <LinkIcon sx={{ fontSize: 16 }} />
                {label}
              </Box>
            );
          })}
          <Box sx={{ flex: 1 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, mr: -0.75, my: -0.5 }}>
            {variant === 'backlog' && (
              <IconButton title="Restore task" size="small" aria-label="Restore task" disabled={busy} onClick={() => void run(() => actions.restore(task))}>
                    <RestoreIcon fontSize="small" />
                  </IconButton>
            )}
            {variant === 'archived' ? (
              <IconButton title="Unarchive task" size="small" aria-label="Unarchive task" disabled={busy} onClick={() => void run(() => actions.unarchive(task))}>
                    <UnarchiveIcon fontSize="small" />
                  </IconButton>
            ) : (
              <>
                {variant === 'default' && (
                  <IconButton title="Change priority" size="small" aria-label="Change priority" disabled={busy} onClick={(event) => setPriorityAnchor(event.currentTarget)}>
                        <FlagIcon fontSize="small" />
                      </IconButton>
                )}
                <IconButton title="Archive task" size="small" aria-label="Archive task" disabled={busy} onClick={() => void run(() => actions.archive(task))}>
                      <ArchiveIcon fontSize="small" />
                    </IconButton>
                {variant === 'default' && (
                  <IconButton size="small" aria-label="More actions" disabled={busy} onClick={(event) => setMoreAnchor(event.currentTarget)}>
                    <MoreIcon fontSize="small" />
                  </IconButton>
                )}
              </>
            )}
          </Box>
        </Box>
      </Box>

      {/* The menus exist only while open: a list of cards renders no closed menus (first paint). */}
      {priorityAnchor && (
      <Menu anchorEl={priorityAnchor} open onClose={() => setPriorityAnchor(null)}>
        {[...PRIORITIES].reverse().map((priority) => (
          <MenuItem key={priority} selected={priority === task.priority} onClick={() => choosePriority(priority)}>
            {PRIORITY_LABELS[priority]}
          </MenuItem>
        ))}
      </Menu>
      )}
      {moreAnchor && (
      <Menu anchorEl={moreAnchor} open onClose={() => setMoreAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMoreAnchor(null);
            view.openTask(task);
          }}
        >
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Edit task</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMoreAnchor(null);
            void toggleTimer(store, task);
          }}
        >
          <ListItemIcon>
            <TimerIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{timerRunsHere ? 'Stop timer' : 'Start timer'}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setMoreAnchor(null);
            void run(() => actions.moveToBacklog(task));
          }}
        >
          <ListItemIcon>
            <InboxIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Move to backlog</ListItemText>
        </MenuItem>
      </Menu>
      )}
    </Paper>
  );
}

/** Tracked against estimated time (DECISIONS 31), in the warning colour once tracking passed the estimate. */
function TrackedTime({ task }: { task: Task }) {
  const { label, over } = trackedAgainstEstimate(task.trackedSeconds, task.estimatedTime);
  return (
    <Box component="span" sx={{ ...metaSx, color: over ? 'warning.dark' : 'text.secondary' }} data-testid="task-tracked" title="Tracked / estimated">
      <TimerIcon sx={{ fontSize: 16 }} />
      {label}
    </Box>
  );
}

export const TaskCard = memo(TaskCardView);
