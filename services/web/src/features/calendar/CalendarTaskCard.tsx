import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { daysOverdueLabel, estimateLabel, isPriority, priorityLabel, statusText, type Task } from '@daybook/shared';
import { PRIORITY_COLORS } from '../../components/PriorityBadge';
import { blockContent, shortTime } from './calendarLayout';
import { visuallyHidden } from '../../lib/visuallyHidden';

/** Overdue text and bar: 6.5:1 on white, 5.9:1 on the card's tint. */
export const OVERDUE_COLOR = '#b42318';
const CARD_TINT = '#eef2fb';

const priorityColor = (priority: string) => PRIORITY_COLORS[isPriority(priority) ? priority : 'none'].fg;

/** The priority as a coloured dot named for screen readers and on hover ('High Priority'). */
export function PriorityDot({ priority }: { priority: string }) {
  const label = priorityLabel(priority);
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-testid="calendar-task-priority"
      data-priority={priority}
      sx={{ display: 'inline-block', width: 8, height: 8, mr: 0.5, borderRadius: '50%', bgcolor: priorityColor(priority), verticalAlign: 'middle', position: 'relative', top: -1 }}
    />
  );
}

/** The dot between two items of a meta line. */
const Separator = () => (
  <Box component="span" aria-hidden="true" sx={{ mx: 0.5 }}>
    ·
  </Box>
);

/** Estimate and status as two items with a dot between them, never run together ('30 min · todo'). */
function EstimateAndStatus({ task }: { task: Task }) {
  return (
    <>
      {task.estimatedTime && (
        <>
          <span data-testid="calendar-task-estimate">{estimateLabel(task.estimatedTime)}</span>
          <Separator />
        </>
      )}
      <Box component="span" data-testid="calendar-task-status" sx={{ textTransform: 'capitalize' }}>
        {statusText(task.status)}
      </Box>
    </>
  );
}

/** One line of small text; what does not fit ends in an ellipsis. */
const metaLine = { display: 'block', minWidth: 0, fontSize: '0.72rem', lineHeight: '15px', color: 'text.secondary', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

const clamp = (lines: number) =>
  ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }) as const;

export interface CalendarTaskCardProps {
  task: Task;
  overdue: boolean;
  /** Shown on today although due earlier (an earlier week's overdue task): its days overdue. */
  carriedDaysOverdue?: number | null;
  /** In the time grid: where it sits (px from the column's top, high, fractions of the width). */
  block?: { top: number; height: number; left: number; width: number };
  /** Being dragged: shown faded where it was. */
  dragging?: boolean;
  onOpen: (task: Task) => void;
  onPressStart: (event: PointerEvent<HTMLElement>, task: Task) => void;
  /** The card's Move button (a menu of moves, reachable by keyboard). */
  moveButton: ReactNode;
}

/**
 * A task in the calendar: in the all-day row (title on up to 2 lines, then priority, estimate and status)
 * or as a block in the time grid (its time, then as many title lines as it is high). A press opens the
 * task; a drag moves it (useCalendarDrag); Move offers the same moves by keyboard.
 */
export function CalendarTaskCard({ task, overdue, carriedDaysOverdue = null, block, dragging = false, onOpen, onPressStart, moveButton }: CalendarTaskCardProps) {
  const open = () => onOpen(task);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open();
  };
  const barColor = overdue ? OVERDUE_COLOR : priorityColor(task.priority);
  const overdueText = carriedDaysOverdue ? daysOverdueLabel(carriedDaysOverdue) : 'Overdue';
  // Beside another block: a smaller title, and no description (the title needs the room).
  const narrow = block !== undefined && block.width < 1;
  const content = block ? blockContent(block.height, Boolean(task.description) && !narrow) : null;
  const time = task.dueTime ? shortTime(task.dueTime) : '';
  const struck = task.isCompleted ? 'line-through' : 'none';
  const compact = content?.compact ?? false;

  return (
    <Box
      data-testid="calendar-task"
      data-task-id={task.id}
      data-kind={block ? 'timed' : 'all-day'}
      data-time={task.dueTime ?? undefined}
      data-overdue={overdue || undefined}
      data-carried={carriedDaysOverdue ? 'true' : undefined}
      onPointerDown={(event) => onPressStart(event, task)}
      sx={{
        position: block ? 'absolute' : 'relative',
        ...(block && { top: block.top, height: block.height, left: `calc(${block.left * 100}% + 2px)`, width: `calc(${block.width * 100}% - 4px)`, zIndex: 1 }),
        bgcolor: CARD_TINT,
        borderRadius: 1,
        border: 1,
        borderColor: alpha('#2d5bd0', 0.18),
        borderLeft: `3px solid ${barColor}`,
        overflow: 'hidden',
        userSelect: 'none',
        WebkitTouchCallout: 'none',
        cursor: 'grab',
        opacity: dragging ? 0.4 : 1,
        '&:hover': { borderColor: 'primary.main', borderLeftColor: barColor },
        // Move shows on hover and keyboard focus (a finger long-presses to drag, or opens the task).
        '&:hover .calendar-move, &:focus-within .calendar-move': { opacity: 1 },
      }}
    >
      <Box
        role="button"
        tabIndex={0}
        onClick={open}
        onKeyDown={onKeyDown}
        // The whole title (and description) on hover, where they are clamped or left out.
        title={task.description ? `${task.title}\n${task.description}` : task.title}
        data-testid="calendar-task-open"
        sx={{
          height: '100%',
          px: narrow ? 0.5 : 0.75,
          py: block ? 0.25 : 0.5,
          outline: 'none',
          '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
        }}
      >
        {block ? (
          <>
            {compact ? (
              // One line: the title first (the block's place says the time), then the time.
              <Box sx={metaLine}>
                <PriorityDot priority={task.priority} />
                <Box component="span" data-testid="calendar-task-title" sx={{ fontWeight: 600, color: 'text.primary', textDecoration: struck }}>
                  {task.title}
                </Box>
                <Box component="span" sx={{ ml: 0.5, color: overdue ? OVERDUE_COLOR : 'text.secondary' }}>
                  {time}
                </Box>
              </Box>
            ) : (
              <Box sx={metaLine}>
                <PriorityDot priority={task.priority} />
                <Box component="span" sx={{ fontWeight: 600, color: overdue ? OVERDUE_COLOR : 'text.secondary' }}>
                  {time}
                </Box>
                {task.estimatedTime && (
                  <>
                    <Separator />
                    <span data-testid="calendar-task-estimate">{estimateLabel(task.estimatedTime)}</span>
                  </>
                )}
              </Box>
            )}
            {!compact && (
              <>
                <Box data-testid="calendar-task-title" sx={{ fontSize: narrow ? '0.72rem' : '0.8rem', lineHeight: '16px', fontWeight: 600, textDecoration: struck, ...clamp(content?.titleLines ?? 1) }}>
                  {task.title}
                </Box>
                {content?.descriptionLines ? (
                  <Box data-testid="calendar-task-description" sx={{ fontSize: '0.72rem', lineHeight: '15px', color: 'text.secondary', ...clamp(content.descriptionLines) }}>
                    {task.description}
                  </Box>
                ) : null}
                {content?.status && (
                  <Box sx={metaLine}>
                    <Box component="span" data-testid="calendar-task-status" sx={{ textTransform: 'capitalize' }}>
                      {statusText(task.status)}
                    </Box>
                    {overdue && (
                      <Box component="span" sx={{ color: OVERDUE_COLOR, fontWeight: 600 }}>
                        <Separator />
                        Overdue
                      </Box>
                    )}
                  </Box>
                )}
              </>
            )}
            {!content?.status && overdue && (
              <Box component="span" sx={visuallyHidden}>
                Overdue
              </Box>
            )}
          </>
        ) : (
          <>
            <Box data-testid="calendar-task-title" sx={{ fontSize: '0.8rem', lineHeight: '16px', fontWeight: 600, textDecoration: struck, ...clamp(2) }}>
              {task.title}
            </Box>
            <Box sx={{ ...metaLine, mt: 0.25 }}>
              <PriorityDot priority={task.priority} />
              <EstimateAndStatus task={task} />
            </Box>
            {overdue && (
              <Box data-testid="calendar-task-overdue" sx={{ fontSize: '0.72rem', lineHeight: '15px', color: OVERDUE_COLOR, fontWeight: 600 }}>
                {overdueText}
              </Box>
            )}
          </>
        )}
      </Box>
      <Box className="calendar-move" data-no-drag sx={{ position: 'absolute', top: 1, right: 1, opacity: 0, transition: 'opacity 120ms' }}>
        {moveButton}
      </Box>
    </Box>
  );
}

