import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import MoreIcon from '@mui/icons-material/MoreVert';
import RestoreIcon from '@mui/icons-material/RestorePage';
import ScheduleIcon from '@mui/icons-material/Schedule';
import EventIcon from '@mui/icons-material/EventOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import LinkIcon from '@mui/icons-material/Link';
import RepeatIcon from '@mui/icons-material/Repeat';
import ReminderIcon from '@mui/icons-material/NotificationsActiveOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import { dueLabel, isOverdue, trackedAgainstEstimate, type Task } from '@daybook/shared';
import { ClientChip } from '../ClientChip';
import { PriorityBadge } from '../PriorityBadge';
import type { AppStore } from '../../app/store';
import { formatTimeOfDay, recurrenceLabel, safeLinkHref } from '../../lib/format';
import { useRunningTimerTaskId } from '../../lib/timerCache';
import { vibrate } from '../../lib/vibrate';
import { useTaskActions } from './useTaskActions';
import { useTaskView } from './TaskViewContext';
import type { TaskCardMenusProps } from './TaskCardMenus';

const loadMenus = () => import('./TaskCardMenus');
const TaskCardMenus = lazy(loadMenus);
/** Starts loading the menus when the pointer or the focus reaches a button that opens one. */
const warmMenus = { onPointerEnter: () => void loadMenus(), onFocus: () => void loadMenus() };

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
  const [openMenu, setOpenMenu] = useState<TaskCardMenusProps['open'] | null>(null);
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

  const hasMeta =
    Boolean(task.dueDate || task.estimatedTime || client || task.isDelegated) ||
    task.reminders.length > 0 ||
    task.trackedSeconds > 0 ||
    (task.isRecurring && Boolean(task.recurringType)) ||
    task.documentLinks.length > 0;

  // At the end of the meta row, or beside the priority when there is no meta.
  const actionButtons = (
    <Box data-testid="task-actions" sx={{ display: 'flex', alignItems: 'center', alignSelf: 'flex-start', gap: 0.25, ml: 'auto', mr: -0.75, my: -0.5, order: { xs: -2, sm: 2 } }}>
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
            <IconButton title="Change priority" size="small" aria-label="Change priority" disabled={busy} {...warmMenus} onClick={(event) => setOpenMenu({ menu: 'priority', anchor: event.currentTarget })}>
              <FlagIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton title="Archive task" size="small" aria-label="Archive task" disabled={busy} onClick={() => void run(() => actions.archive(task))}>
            <ArchiveIcon fontSize="small" />
          </IconButton>
          {variant === 'default' && (
            <IconButton size="small" aria-label="More actions" disabled={busy} {...warmMenus} onClick={(event) => setOpenMenu({ menu: 'more', anchor: event.currentTarget })}>
              <MoreIcon fontSize="small" />
            </IconButton>
          )}
        </>
      )}
    </Box>
  );

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
        // Done reads as muted (grey card, struck-through grey title), not translucent: its text stays at AA contrast.
        bgcolor: done ? 'background.default' : 'background.paper',
        boxShadow: dragging ? 6 : 'none',
        borderColor: dragging ? 'primary.light' : overdue ? 'rgba(198, 40, 40, 0.35)' : 'divider',
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
      {/*
        One wrapping row of parts, placed by width. Wide: the title and the priority, the description, then
        the meta row with the actions at its end. Phones: the title with the actions, the description, then
        the priority leading the meta. A card with nothing to show under its title (no date, estimate,
        client...) keeps no empty row: wide, its actions sit beside the priority.
      */}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexWrap: 'wrap', alignItems: { xs: 'center', sm: 'flex-start' }, columnGap: 1.5, rowGap: 0.75 }}>
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
            flex: '1 1 0',
            order: { xs: -3, sm: 1 },
            minWidth: 0,
            fontWeight: 600,
            fontSize: '0.95rem',
            lineHeight: 1.4,
            cursor: 'pointer',
            wordBreak: 'break-word',
            textDecoration: done ? 'line-through' : 'none',
            color: done ? 'text.secondary' : 'text.primary',
            '&:hover': { color: 'primary.main' },
          }}
        >
          {task.title}
        </Typography>
        {/* Phones: nothing more beside the title and the actions. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, flexBasis: '100%', order: -1 }} />
        {task.description && (
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="task-description"
            sx={{
              flexBasis: '100%',
              order: { sm: 3 },
              mt: -0.5,
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
        <Box sx={{ display: 'flex', order: { sm: 2 } }}>
          <PriorityBadge priority={task.priority} />
        </Box>
        {hasMeta ? (
          <Box data-testid="task-meta" sx={{ display: { xs: 'contents', sm: 'flex' }, flexBasis: '100%', order: { sm: 4 }, flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.75 }}>
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
            {actionButtons}
          </Box>
        ) : (
          actionButtons
        )}
      </Box>

      {/* The menus exist only while open, and their code loads with the first one opened (first paint). */}
      {openMenu && (
        <Suspense fallback={null}>
          <TaskCardMenus
            task={task}
            open={openMenu}
            timerRunsHere={timerRunsHere}
            onClose={() => setOpenMenu(null)}
            onPriority={(priority) => {
              if (priority !== task.priority) void run(() => actions.setPriority(task, priority));
            }}
            onEdit={() => view.openTask(task)}
            onToggleTimer={() => void toggleTimer(store, task)}
            onMoveToBacklog={() => void run(() => actions.moveToBacklog(task))}
          />
        </Suspense>
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
