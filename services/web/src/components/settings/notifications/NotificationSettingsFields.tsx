import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValidTimeOfDay, reminderKey, type NotificationSettings, type ReminderSpec } from '@daybook/shared';
import { useUpdateNotificationSettingsMutation } from '../../../api/notificationsApi';
import { runWithToasts } from '../../../lib/feedback';
import { reminderLabel } from '../../../lib/format';
import { BEFORE_MINUTES_CHOICES, SUGGESTED_REMINDER_TIME } from '../../../lib/reminders';

const NONE = 'none';
const TIMED_CHOICES: ReminderSpec[] = BEFORE_MINUTES_CHOICES.map((minutes) => ({ kind: 'before', minutes }));
const DIGEST_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The "tasks with only a date" choice: none, on the day, or the day before (each at a time). */
type DateOnlyChoice = typeof NONE | 'on-day' | 'day-before' | 'other';
function dateOnlyChoiceOf(spec: ReminderSpec | null): DateOnlyChoice {
  if (!spec) return NONE;
  if (spec.kind === 'on-day' && spec.daysBefore <= 1) return spec.daysBefore === 0 ? 'on-day' : 'day-before';
  return 'other'; // set elsewhere (the api): shown as it is, kept until the user picks another
}

/** Saves a change of the notification settings at once (the whole settings are sent). */
function useSaveSettings(settings: NotificationSettings) {
  const [updateSettings] = useUpdateNotificationSettingsMutation();
  return (changes: Partial<NotificationSettings>) =>
    void runWithToasts(() => updateSettings({ ...settings, ...changes }).unwrap(), { success: { title: 'Notification settings saved' }, failure: 'Failed to save notification settings' });
}

/** The default reminders of new tasks: one for tasks with a time, one for tasks with only a date. */
export function ReminderDefaultsFields({ settings, timeZone }: { settings: NotificationSettings; timeZone: string }) {
  const save = useSaveSettings(settings);

  const timed = settings.timedDefault;
  // A timed default that is not one of the choices (set through the api) stays on the list as it is.
  const timedChoices = timed && !TIMED_CHOICES.some((choice) => reminderKey(choice) === reminderKey(timed)) ? [...TIMED_CHOICES, timed] : TIMED_CHOICES;

  const dateOnly = settings.dateOnlyDefault;
  const dateOnlyChoice = dateOnlyChoiceOf(dateOnly);
  const showTime = dateOnly?.kind === 'on-day';
  const dateOnlyTime = dateOnly?.kind === 'on-day' ? dateOnly.time : SUGGESTED_REMINDER_TIME;
  // The time is typed freely and saved when it is complete and the field is left.
  const [time, setTime] = useState(dateOnlyTime);
  useEffect(() => setTime(dateOnlyTime), [dateOnlyTime]);
  const saveTime = () => {
    if (isValidTimeOfDay(time) && time !== dateOnlyTime && dateOnly?.kind === 'on-day') save({ dateOnlyDefault: { ...dateOnly, time } });
    else setTime(dateOnlyTime);
  };
  const chooseDateOnly = (choice: DateOnlyChoice) => {
    if (choice === 'other') return;
    const at = isValidTimeOfDay(time) ? time : SUGGESTED_REMINDER_TIME;
    save({ dateOnlyDefault: choice === NONE ? null : { kind: 'on-day', daysBefore: choice === 'day-before' ? 1 : 0, time: at } });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" color="textSecondary">
        New tasks get these reminders; change them on each task.
      </Typography>
      <TextField
        select
        label="Tasks with a time"
        value={timed ? reminderKey(timed) : NONE}
        onChange={(event) => save({ timedDefault: timedChoices.find((choice) => reminderKey(choice) === event.target.value) ?? null })}
      >
        <MenuItem value={NONE}>None</MenuItem>
        {timedChoices.map((choice) => (
          <MenuItem key={reminderKey(choice)} value={reminderKey(choice)}>
            {reminderLabel(choice, timeZone)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gridTemplateColumns: showTime ? { xs: '1fr 150px', sm: '1fr 170px' } : '1fr', gap: 1.5 }}>
        <TextField select label="Tasks with only a date" value={dateOnlyChoice} onChange={(event) => chooseDateOnly(event.target.value as DateOnlyChoice)}>
          <MenuItem value={NONE}>None</MenuItem>
          <MenuItem value="on-day">On the day</MenuItem>
          <MenuItem value="day-before">The day before</MenuItem>
          {dateOnlyChoice === 'other' && dateOnly && <MenuItem value="other">{reminderLabel(dateOnly, timeZone)}</MenuItem>}
        </TextField>
        {showTime && (
          <TextField
            type="time"
            label="At"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            onBlur={saveTime}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                saveTime();
              }
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </Box>
    </Box>
  );
}

/** The morning digest: off or an hour on the user's clock, and whether empty days are skipped. */
export function DigestFields({ settings, timeZone }: { settings: NotificationSettings; timeZone: string }) {
  const save = useSaveSettings(settings);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="textSecondary">
        Today’s tasks and what is overdue, once a day at this hour ({timeZone.replace(/_/g, ' ')} time).
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <TextField
          select
          label="Send at"
          value={settings.digestHour === null ? NONE : String(settings.digestHour)}
          onChange={(event) => save({ digestHour: event.target.value === NONE ? null : Number(event.target.value) })}
          sx={{ flex: '1 1 160px' }}
        >
          <MenuItem value={NONE}>Off</MenuItem>
          {DIGEST_HOURS.map((hour) => (
            <MenuItem key={hour} value={String(hour)}>
              {hourLabel(hour)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={settings.digestSkipEmpty} disabled={settings.digestHour === null} onChange={(event) => save({ digestSkipEmpty: event.target.checked })} />}
          label="Skip days with nothing to say"
          sx={{ flex: '1 1 220px', mr: 0 }}
        />
      </Box>
    </Box>
  );
}
