import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDuration, WEEKDAY_NAMES, WORKDAY_MINUTES_MAX, type User } from '@daybook/shared';
import { useUpdateSettingsMutation } from '../../api/authApi';
import { NativeSelectField } from '../../components/NativeSelectField';
import { SettingsSection } from '../../components/settings/SettingsSection';
import { runWithToasts } from '../../lib/feedback';

/** The settings list the week from Monday; the stored week starts on Sunday (index 0, as weekdayOf). */
const WEEKDAYS_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;
const STEP_MINUTES = 30;
const HALF_HOURS = Array.from({ length: WORKDAY_MINUTES_MAX / STEP_MINUTES + 1 }, (_, i) => i * STEP_MINUTES);

/** Half-hour steps, and a value set another way (the api takes any whole minutes) where it falls. */
const optionsFor = (minutes: number) => (HALF_HOURS.includes(minutes) ? HALF_HOURS : [...HALF_HOURS, minutes].sort((a, b) => a - b));

/**
 * Settings, 'Working Hours' (DECISIONS 34): the hours of each weekday that the Today card and the daily
 * priorities measure the day's estimates against. Each change is saved at once, like the timezone.
 */
export function WorkingHoursSection({ user }: { user: User }) {
  const [updateSettings] = useUpdateSettingsMutation();
  // The week as chosen shows at once; the saved user follows (or it goes back).
  const [pending, setPending] = useState<number[] | null>(null);
  useEffect(() => setPending(null), [user.workingMinutes]);
  const week = pending ?? user.workingMinutes;

  const change = async (weekday: number, minutes: number) => {
    const workingMinutes = week.map((value, index) => (index === weekday ? minutes : value));
    setPending(workingMinutes);
    const saved = await runWithToasts(() => updateSettings({ workingMinutes }).unwrap(), { success: { title: 'Working hours updated' }, failure: 'Failed to update working hours' });
    if (!saved) setPending(null);
  };

  return (
    <SettingsSection title="Working Hours">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        The Today card warns when the estimates of a day&apos;s tasks pass its hours. Set every day to 0 h to turn the warning off.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
        {WEEKDAYS_FROM_MONDAY.map((weekday) => {
          const minutes = week[weekday] ?? 0;
          return (
            <NativeSelectField key={weekday} label={WEEKDAY_NAMES[weekday]} value={String(minutes)} onChange={(value) => void change(weekday, Number(value))}>
              {optionsFor(minutes).map((option) => (
                <option key={option} value={option}>
                  {formatDuration(option)}
                </option>
              ))}
            </NativeSelectField>
          );
        })}
      </Box>
    </SettingsSection>
  );
}
