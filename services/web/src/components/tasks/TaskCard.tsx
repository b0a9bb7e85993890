import { memo, Suspense, useEffect, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import ArchiveIconDrawing from '@mui/icons-material/ArchiveOutlined';
import DragIconDrawing from '@mui/icons-material/DragIndicator';
import UnarchiveIconDrawing from '@mui/icons-material/UnarchiveOutlined';
import FlagIconDrawing from '@mui/icons-material/OutlinedFlag';
import MoreIconDrawing from '@mui/icons-material/MoreVert';
import RestoreIconDrawing from '@mui/icons-material/RestorePage';
import ScheduleIconDrawing from '@mui/icons-material/Schedule';
import EventIconDrawing from '@mui/icons-material/EventOutlined';
import PersonIconDrawing from '@mui/icons-material/PersonOutlineOutlined';
import LinkIconDrawing from '@mui/icons-material/Link';
import RepeatIconDrawing from '@mui/icons-material/Repeat';
import ReminderIconDrawing from '@mui/icons-material/NotificationsActiveOutlined';
import TimerIconDrawing from '@mui/icons-material/TimerOutlined';
import SyncIconDrawing from '@mui/icons-material/CloudSyncOutlined';
import { dueLabel, estimateLabel, isOverdue, trackedAgainstEstimate, type Task } from '@daybook/shared';
import { ClientChip } from '../ClientChip';
import { plainIcon } from '../icons/plainIcon';
import { PriorityBadge } from '../PriorityBadge';
import type { AppStore } from '../../app/store';
import { formatTimeOfDay, recurrenceLabel, safeLinkHref } from '../../lib/format';
import { isLocalId } from '../../lib/offlineProtocol';
import { useRunningTimerTaskId } from '../../lib/timerCache';
import { vibrate } from '../../lib/vibrate';
import { ContactAnswered } from './ContactAnswered';
import { useTaskActions } from './useTaskActions';
import { useTaskView } from './TaskViewContext';
import type { TaskCardMenusProps } from './TaskCardMenus';
import { lazyChunk } from '../../lib/lazyPreloadable';

// Plain <svg>s: a list repeats them on every card.
const ArchiveIcon = plainIcon(ArchiveIconDrawing);
const DragIcon = plainIcon(DragIconDrawing);
const UnarchiveIcon = plainIcon(UnarchiveIconDrawing);
const FlagIcon = plainIcon(FlagIconDrawing);
const MoreIcon = plainIcon(MoreIconDrawing);
const RestoreIcon = plainIcon(RestoreIconDrawing);
const ScheduleIcon = plainIcon(ScheduleIconDrawing);
const EventIcon = plainIcon(EventIconDrawing);
const PersonIcon = plainIcon(PersonIconDrawing);
const LinkIcon = plainIcon(LinkIconDrawing);
const RepeatIcon = plainIcon(RepeatIconDrawing);
const ReminderIcon = plainIcon(ReminderIconDrawing);
const TimerIcon = plainIcon(TimerIconDrawing);
const SyncIcon = plainIcon(SyncIconDrawing);

const loadMenus = () => import('./TaskCardMenus');
const TaskCardMenus = lazyChunk(loadMenus);
/** Starts loading the menus when the pointer or the focus reaches a button that opens one. */
const warmMenus = { onPointerEnter: () => void loadMenus(), onFocus: () => void loadMenus() };

/** Starts or stops the task's timer (DECISIONS 31); the timer's code loads when first used. */
const toggleTimer = (store: AppStore, task: Task) => import('../timer/useTimerControls').then((timer) => timer.toggleTimer(store, task));

/** The space between the cards of a list, in px. */
export const TASK_CARD_GAP_PX = 12;

/** Which actions a card offers (spec §2): the backlog view restores and archives, the archived view unarchives. */
export type TaskCardVariant = 'default' | 'backlog' | 'archived';

export interface TaskCardProps {
  task: Task;
  variant?: TaskCardVariant;
  /** In a list the user rearranges: the card shows its drag handle. */
  sortable?: boolean;
  /** Lifted by drag and drop. */
  dragging?: boolean;
}

function TaskCardView({ task, variant = 'default', sortable, dragging }: TaskCardProps) {
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

  const waitingToSync = isLocalId(task.id); // made offline, its creation still queued (issue 37)
  const hasMeta =
    waitingToSync ||
    Boolean(task.dueDate || task.estimatedTime || client || task.isDelegated) ||
    task.reminders.length > 0 ||
    task.trackedSeconds > 0 ||
    (task.isRecurring && Boolean(task.recurringType)) ||
    task.documentLinks.length > 0;

  // At the end of the meta row, or beside the priority when there is no meta.
  const actionButtons = (
    <div className="db-card-actions" data-testid="task-actions">
      {variant === 'backlog' && <CardButton label="Restore task" icon={<RestoreIcon />} disabled={busy} onClick={() => void run(() => actions.restore(task))} />}
      {variant === 'archived' ? (
        <CardButton label="Unarchive task" icon={<UnarchiveIcon />} disabled={busy} onClick={() => void run(() => actions.unarchive(task))} />
      ) : (
        <>
          {variant === 'default' && (
            <CardButton label="Change priority" icon={<FlagIcon />} disabled={busy} {...warmMenus} onClick={(event) => setOpenMenu({ menu: 'priority', anchor: event.currentTarget })} />
          )}
          <CardButton label="Archive task" icon={<ArchiveIcon />} disabled={busy} onClick={() => void run(() => actions.archive(task))} />
          {variant === 'default' && (
            <CardButton label="More actions" icon={<MoreIcon />} disabled={busy} {...warmMenus} onClick={(event) => setOpenMenu({ menu: 'more', anchor: event.currentTarget })} />
          )}
        </>
      )}
    </div>
  );

  // Plain elements with the classes of styles/cards.css: a list renders many cards (issue 18).
  return (
    <div className="db-card" data-testid="task-card" data-task-id={task.id} data-completed={done ? 'true' : 'false'} data-overdue={overdue ? 'true' : 'false'} data-dragging={dragging ? 'true' : 'false'}>
      {/* What shows that the card moves; the whole card is what the list lifts (SortableList). */}
      {sortable && (
        <span className="db-card-handle" data-testid="task-drag-handle" title="Drag to reorder">
          <DragIcon />
        </span>
      )}
      {variant !== 'archived' && (
        <input
          type="checkbox"
          className="db-card-check"
          checked={done}
          disabled={busy}
          aria-label={done ? `Mark "${task.title}" not complete` : `Mark "${task.title}" complete`}
          onChange={(event) => {
            const checked = event.target.checked;
            vibrate('light');
            setPendingDone(checked);
            void run(async () => {
              if (!(await actions.setCompleted(task, checked))) setPendingDone(null);
            });
          }}
        />
      )}
      <div className="db-card-body">
        <div
          className="db-card-title"
          role="button"
          tabIndex={0}
          data-testid="task-title"
          onClick={() => view.openTask(task)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') view.openTask(task);
          }}
        >
          {task.title}
        </div>
        <div className="db-card-break" />
        {task.description && (
          <p className="db-card-description" data-testid="task-description">
            {task.description}
          </p>
        )}
        <div className="db-card-priority">
          <PriorityBadge priority={task.priority} />
        </div>
        {hasMeta ? (
          <div className="db-card-meta" data-testid="task-meta">
            {waitingToSync && (
              <span className="db-meta" data-testid="task-waiting-to-sync" data-over="true">
                <SyncIcon />
                Waiting to sync
              </span>
            )}
            {task.dueDate && (
              <span className="db-meta" data-testid="task-due" data-overdue={overdue ? 'true' : 'false'}>
                <EventIcon />
                {dueLabel(task.dueDate, view.now, view.timeZone)}
                {task.dueTime && ` · ${formatTimeOfDay(task.dueTime)}`}
              </span>
            )}
            {task.reminders.length > 0 && (
              <span className="db-meta">
                <ReminderIcon title="Reminder set" data-testid="task-reminder" />
              </span>
            )}
            {task.trackedSeconds > 0 ? (
              <TrackedTime task={task} />
            ) : (
              task.estimatedTime && (
                <span className="db-meta" data-testid="task-estimate">
                  <ScheduleIcon />
                  {estimateLabel(task.estimatedTime)}
                </span>
              )
            )}
            {task.isRecurring && task.recurringType && (
              <span className="db-meta" data-testid="task-recurrence">
                <RepeatIcon />
                {recurrenceLabel(task.recurringType, task.recurringInterval)}
              </span>
            )}
            {client && <ClientChip id={client.id} name={client.name} color={client.color} />}
            {task.isDelegated && (
              <span className="db-meta" data-testid="task-delegate">
                <PersonIcon />
                {delegate ? delegate.name : 'Delegated'}
              </span>
            )}
            {task.isDelegated && <ContactAnswered taskId={task.id} />}
            {task.documentLinks.map((link, index) => {
              const href = safeLinkHref(link);
              const label = `Doc ${index + 1}`;
              return href ? (
                <a key={index} className="db-meta" href={href} target="_blank" rel="noopener noreferrer">
                  <LinkIcon />
                  {label}
                </a>
              ) : (
                <span key={index} className="db-meta" title={link}>
                  <LinkIcon />
                  {label}
                </span>
              );
            })}
            {actionButtons}
          </div>
        ) : (
          actionButtons
        )}
      </div>

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
            onDelete={() => void run(() => actions.remove(task))}
          />
        </Suspense>
      )}
    </div>
  );
}

/** An icon button of a card, named (and titled) by its `label`. */
function CardButton({ label, icon, ...props }: { label: string; icon: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return (
    <button type="button" className="db-icon-button" title={label} aria-label={label} {...props}>
      {icon}
    </button>
  );
}

/** Tracked against estimated time (DECISIONS 31), in the warning colour once tracking passed the estimate. */
function TrackedTime({ task }: { task: Task }) {
  const { label, over } = trackedAgainstEstimate(task.trackedSeconds, task.estimatedTime);
  return (
    <span className="db-meta" data-over={over ? 'true' : 'false'} data-testid="task-tracked" title="Tracked / estimated">
      <TimerIcon />
      {label}
    </span>
  );
}

export const TaskCard = memo(TaskCardView);
