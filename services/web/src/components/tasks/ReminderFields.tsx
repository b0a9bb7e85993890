import { useRef, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddAlarmIcon from '@mui/icons-material/AddAlarmOutlined';
import SnoozeIcon from '@mui/icons-material/SnoozeOutlined';
import { localDate, reminderKey, REMINDERS_PER_TASK_MAX, isValidCalendarDate, isValidTimeOfDay, type ReminderDue, type ReminderSpec, type ScheduledReminder } from '@daybook/shared';
import { useGetTaskRemindersQuery, useSnoozeTaskMutation } from '../../api/notificationsApi';
import { runWithToasts } from '../../lib/feedback';
import { reminderLabel } from '../../lib/format';
import { BEFORE_MINUTES_CHOICES, hasReminder, reminderAt, reminderProblem, SUGGESTED_REMINDER_TIME } from '../../lib/reminders';
import { FormSection } from '../FormSection';
import { usePendingEdit } from './pendingEdits';
import type { TaskFormFields } from './useTaskForm';

/** A reminder the menu adds at once, or one that first asks for a time (and a date). */
export type ReminderChoice = { label: string; spec: ReminderSpec } | { label: string; asks: 'on-day' | 'day-before' | 'at' };

/**
 * The "Add reminder" menu for a task's due date and time: leads before the due time need a time, "on the
 * day" and "the day before" need a date, "At a date and time…" is always there.
 */
export function reminderChoices(due: ReminderDue, timeZone: string): ReminderChoice[] {
  const choices: ReminderChoice[] = [];
  if (due.dueDate && due.dueTime) {
    for (const minutes of BEFORE_MINUTES_CHOICES) {
      const spec: ReminderSpec = { kind: 'before', minutes };
      choices.push({ label: reminderLabel(spec, timeZone), spec });
    }
  }
  if (due.dueDate) choices.push({ label: 'On the day at…', asks: 'on-day' }, { label: 'Day before at…', asks: 'day-before' });
  choices.push({ label: 'At a date and time…', asks: 'at' });
  return choices;
}

/** What the menu cannot offer yet, and why. */
const missingDueHint = (due: ReminderDue) =>
  !due.dueDate ? 'Set a due date to remind on the day' : !due.dueTime ? 'Set a due time to remind before it' : null;

type Draft = { asks: 'on-day' | 'day-before'; time: string } | { asks: 'at'; date: string; time: string };

const STATE_NOTES: Partial<Record<ScheduledReminder['state'], string>> = { sent: 'sent', failed: 'not delivered' };

/** What keeps a reminder being set up from being added to `reminders` (null when nothing does). */
function draftProblem(draft: Draft, drafted: ReminderSpec | null, reminders: readonly ReminderSpec[]): string | null {
  if (draft.asks === 'at' && !isValidCalendarDate(draft.date)) return 'Enter the reminder’s date, or cancel it';
  if (!drafted) return 'Enter the reminder’s time, or cancel it';
  if (!hasReminder(reminders, drafted) && reminders.length >= REMINDERS_PER_TASK_MAX) return `At most ${REMINDERS_PER_TASK_MAX} reminders: cancel this one`;
  return null;
}

/** "Snooze 1 h" on a saved task: at once (not on save), as the button of a reminder's notification does. */
function SnoozeButton({ taskId }: { taskId: string }) {
  const [snooze, { isLoading }] = useSnoozeTaskMutation();
  const run = () =>
    runWithToasts(() => snooze({ taskId }).unwrap(), { success: { title: 'Reminder snoozed', description: 'You will be reminded again in an hour' }, failure: 'Failed to snooze the reminder' });
  return (
    <Button size="small" startIcon={<SnoozeIcon />} disabled={isLoading} onClick={() => void run()}>
      Snooze 1 h
    </Button>
  );
}

interface ReminderFieldsProps {
  fields: TaskFormFields;
  /** The saved task's id; absent for a new task. */
  taskId?: string;
  /** The saved task is open (not completed or archived): a reminder it sent can be snoozed. */
  taskOpen?: boolean;
  timeZone: string;
}

/**
 * 'Reminders' (DECISIONS 29): the task's reminders as removable chips and the menu to add one (at most
 * five). A new task's chips come from the user's defaults and follow the due fields until edited here.
 * Once one of an open task's reminders went off, "Snooze 1 h" reminds again in an hour (the way to snooze
 * a reminder that came by email, ntfy or webhook, whose messages link here). A reminder being set up and
 * not yet added when the task is saved goes with the task (pendingEdits.ts).
 */
export function ReminderFields({ fields: { values, errors, set, remindersFromDefaults }, taskId, taskOpen = false, timeZone }: ReminderFieldsProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  // Once the task's save found the reminder being set up incomplete, what is missing shows until it is not.
  const [draftChecked, setDraftChecked] = useState(false);
  // An open task's reminders as scheduled: which were sent, and its snoozes.
  const scheduled = useGetTaskRemindersQuery(taskId ?? '', { skip: !taskId }).data ?? [];
  const snoozable = taskOpen && scheduled.some((reminder) => reminder.state === 'sent');

  const reminders = values.reminders ?? [];
  const due: ReminderDue = { dueDate: values.dueDate || null, dueTime: values.dueDate && values.dueTime ? values.dueTime : null };
  const full = reminders.length >= REMINDERS_PER_TASK_MAX;
  const hint = missingDueHint(due);

  const add = (spec: ReminderSpec) => {
    if (!hasReminder(reminders, spec)) set('reminders', [...reminders, spec]);
  };
  const remove = (spec: ReminderSpec) => set('reminders', reminders.filter((held) => reminderKey(held) !== reminderKey(spec)));

  const choose = (choice: ReminderChoice) => {
    setMenuAnchor(null);
    setDraftChecked(false);
    if ('spec' in choice) add(choice.spec);
    else if (choice.asks === 'at') setDraft({ asks: 'at', date: due.dueDate ?? localDate(new Date(), timeZone), time: due.dueTime ?? SUGGESTED_REMINDER_TIME });
    else setDraft({ asks: choice.asks, time: SUGGESTED_REMINDER_TIME });
  };

  const draftSpec = (current: Draft): ReminderSpec | null => {
    if (!isValidTimeOfDay(current.time)) return null;
    if (current.asks !== 'at') return { kind: 'on-day', daysBefore: current.asks === 'day-before' ? 1 : 0, time: current.time };
    return isValidCalendarDate(current.date) ? reminderAt(current.date, current.time, timeZone) : null;
  };
  const drafted = draft ? draftSpec(draft) : null;
  const draftMessage = draft && draftChecked ? draftProblem(draft, drafted, reminders) : null;
  const draftRef = useRef<HTMLDivElement>(null);
  const closeDraft = () => {
    setDraft(null);
    setDraftChecked(false);
  };

  // Set up and not yet added: the task dialog adds it with the task, or shows here why it cannot.
  usePendingEdit(
    draft
      ? {
          check: () => {
            const found = draftProblem(draft, drafted, reminders);
            setDraftChecked(true);
            if (found) draftRef.current?.scrollIntoView?.({ block: 'center' });
            return found;
          },
          intoValues: (current) => (drafted && !hasReminder(current.reminders ?? [], drafted) ? { ...current, reminders: [...(current.reminders ?? []), drafted] } : current),
        }
      : null,
  );

  const helper =
    errors.reminders ??
    (full ? `At most ${REMINDERS_PER_TASK_MAX} reminders` : reminders.length === 0 ? 'No reminders' : remindersFromDefaults ? 'Your default reminder (change it in Settings)' : null);

  const stateNote = (spec: ReminderSpec) => {
    const state = scheduled.find((reminder) => reminder.spec && reminderKey(reminder.spec) === reminderKey(spec))?.state;
    return state ? STATE_NOTES[state] : undefined;
  };
  const snoozes = scheduled.filter((reminder) => reminder.spec === null && reminder.state === 'pending' && reminder.fireAt);

  return (
    <FormSection title="Reminders">
      <Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Box role="list" aria-label="Reminders" sx={{ display: 'contents' }}>
            {reminders.map((spec) => {
              const problem = reminderProblem(spec, due);
              const note = problem ?? stateNote(spec);
              const label = reminderLabel(spec, timeZone);
              // The chip is a button: Delete or Backspace removes it, as its × does.
              return (
                <Box component="span" role="listitem" key={reminderKey(spec)}>
                  <Chip label={note ? `${label} · ${note}` : label} color={problem ? 'warning' : 'default'} variant={problem ? 'outlined' : 'filled'} onDelete={() => remove(spec)} />
                </Box>
              );
            })}
          </Box>
          <Button
            size="small"
            startIcon={<AddAlarmIcon />}
            aria-haspopup="menu"
            disabled={full}
            onClick={(event: MouseEvent<HTMLElement>) => setMenuAnchor(event.currentTarget)}
          >
            Add reminder
          </Button>
          {snoozable && taskId && <SnoozeButton taskId={taskId} />}
        </Box>
        {helper && <FormHelperText error={Boolean(errors.reminders)}>{helper}</FormHelperText>}
        {snoozes.map((snooze) => (
          <Typography key={snooze.id} variant="caption" color="textSecondary" component="p">
            Snoozed until {reminderLabel({ kind: 'at', at: snooze.fireAt as string }, timeZone)}
          </Typography>
        ))}
      </Box>

      {draft && (
        <Box ref={draftRef} role="group" aria-label="New reminder" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
          {draft.asks === 'at' ? (
            <TextField
              label="Reminder date"
              type="date"
              size="small"
              value={draft.date}
              onChange={(event) => setDraft({ ...draft, date: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: '1 1 150px' }}
            />
          ) : (
            <Typography variant="body2" sx={{ alignSelf: 'center', flex: '1 1 100%' }}>
              {draft.asks === 'on-day' ? 'On the due day, at:' : 'The day before the due day, at:'}
            </Typography>
          )}
          <TextField
            label="Reminder time"
            type="time"
            size="small"
            value={draft.time}
            onChange={(event) => setDraft({ ...draft, time: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 120px' }}
          />
          <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
            <Button size="small" color="inherit" onClick={closeDraft}>
              Cancel
            </Button>
            <Button
              size="small"
              variant="outlined"
              disabled={!drafted || hasReminder(reminders, drafted)}
              onClick={() => {
                if (drafted) add(drafted);
                closeDraft();
              }}
            >
              Add
            </Button>
          </Box>
          {draftMessage && (
            <FormHelperText error role="alert" sx={{ flex: '1 1 100%', mt: 0 }}>
              {draftMessage}
            </FormHelperText>
          )}
        </Box>
      )}

      {menuAnchor && (
        <Menu anchorEl={menuAnchor} open onClose={() => setMenuAnchor(null)}>
          {reminderChoices(due, timeZone).map((choice) => (
            <MenuItem key={choice.label} disabled={'spec' in choice && hasReminder(reminders, choice.spec)} onClick={() => choose(choice)}>
              {choice.label}
            </MenuItem>
          ))}
          {hint && <Divider />}
          {hint && (
            <Typography variant="caption" color="textSecondary" component="li" role="none" sx={{ display: 'block', px: 2, py: 0.5, maxWidth: 260 }}>
              {hint}
            </Typography>
          )}
        </Menu>
      )}
    </FormSection>
  );
}
