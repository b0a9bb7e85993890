import { Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { addDays, isDateInRange, type Task, type TaskDue } from '@daybook/shared';
import { minutesOfTime, MINUTES_PER_DAY, timeOfMinutes } from './calendarLayout';
import { lazyChunk } from '../../lib/lazyPreloadable';

/** A move the menu offers: its label and where it takes the task. */
export interface MoveChoice {
  label: string;
  to: TaskDue & { dueDate: string };
}

const NUDGE_MINUTES = 30;

// The date and time form loads when it is first asked for (text fields and the dialog are not needed before).
const MoveTaskDialog = lazyChunk(() => import('./MoveTaskDialog'), { floating: true });

/**
 * The moves a task's Move menu offers, the keyboard's way of doing what a drag does: a day earlier or
 * later (keeping the time), 30 minutes earlier or later (a task with a time, within its day), all day
 * (dropping the time), and today.
 */
export function moveChoices(task: Task, today: string): MoveChoice[] {
  const date = task.dueDate ?? today;
  const time = task.dueTime;
  const choices: MoveChoice[] = [
    { label: 'Previous day', to: { dueDate: addDays(date, -1), dueTime: time } },
    { label: 'Next day', to: { dueDate: addDays(date, 1), dueTime: time } },
  ];
  if (time) {
    const minutes = minutesOfTime(time);
    if (minutes >= NUDGE_MINUTES) choices.push({ label: '30 min earlier', to: { dueDate: date, dueTime: timeOfMinutes(minutes - NUDGE_MINUTES) } });
    if (minutes + NUDGE_MINUTES < MINUTES_PER_DAY) choices.push({ label: '30 min later', to: { dueDate: date, dueTime: timeOfMinutes(minutes + NUDGE_MINUTES) } });
    choices.push({ label: 'All day', to: { dueDate: date, dueTime: null } });
  }
  if (date !== today) choices.push({ label: 'Today', to: { dueDate: today, dueTime: time } });
  return choices.filter((choice) => isDateInRange(choice.to.dueDate));
}

/** The Move button on a calendar task: a menu of moves, and 'Choose date and time…' for any other. */
export function MoveTaskMenu({ task, today, onMove }: { task: Task; today: string; onMove: (task: Task, to: TaskDue & { dueDate: string }) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [choosing, setChoosing] = useState(false);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Move ${task.title}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: '3px', bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
      >
        <MoveIcon sx={{ fontSize: 16 }} />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ list: { 'aria-label': 'Move to…', dense: true } }}>
        {moveChoices(task, today).map((choice) => (
          <MenuItem
            key={choice.label}
            onClick={() => {
              close();
              onMove(task, choice.to);
            }}
          >
            {choice.label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            close();
            setChoosing(true);
          }}
        >
          Choose date and time…
        </MenuItem>
      </Menu>
      {choosing && (
        <Suspense fallback={null}>
          <MoveTaskDialog task={task} today={today} onClose={() => setChoosing(false)} onMove={onMove} />
        </Suspense>
      )}
    </>
  );
}
