import { useMemo } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  estimateChoices,
  FORM_TASK_STATUSES,
  PRIORITIES,
  PRIORITY_LABELS,
  RECURRING_INTERVAL_MAX,
  RECURRING_INTERVAL_MIN,
  RECURRING_TYPES,
  type Priority,
  type TaskStatus,
} from '@daybook/shared';
import { useGetTimeIncrementsQuery } from '../../api/timeIncrementsApi';
import { hasRepeatInterval, recurrenceLabel, recurrenceUnit } from '../../lib/format';
import { FormSection } from '../FormSection';
import { STATUS_LABELS, type RepeatChoice } from './taskForm';
import type { TaskFormFields } from './useTaskForm';

const REPEAT_CHOICES: RepeatChoice[] = ['none', ...RECURRING_TYPES];
/** The Repeat menu: 'Does not repeat', then each recurrence as cards label it ('Every weekday'). */
const repeatChoiceLabel = (choice: RepeatChoice) => (choice === 'none' ? 'Does not repeat' : recurrenceLabel(choice, 1));

/** 'Configuration': due date and time, estimate, priority, status, and how often the task repeats. */
export function TaskConfigurationFields({ fields: { values, errors, set } }: { fields: TaskFormFields }) {
  const increments = useGetTimeIncrementsQuery();

  // The task's own estimate stays a choice when it is none of the increments: saving keeps it (DECISIONS 18).
  const estimateOptions = useMemo(() => estimateChoices(values.estimatedTime, increments.data ?? []), [increments.data, values.estimatedTime]);

  // The form's statuses, plus the task's own when it is another (review, DECISIONS 12).
  const statuses: TaskStatus[] = FORM_TASK_STATUSES.includes(values.status as (typeof FORM_TASK_STATUSES)[number])
    ? [...FORM_TASK_STATUSES]
    : [...FORM_TASK_STATUSES, values.status];

  return (
    <FormSection title="Configuration">
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          label="Due date"
          type="date"
          value={values.dueDate}
          onChange={(event) => set('dueDate', event.target.value)}
          error={Boolean(errors.dueDate)}
          helperText={errors.dueDate}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Due time"
          type="time"
          value={values.dueTime}
          onChange={(event) => set('dueTime', event.target.value)}
          disabled={values.dueDate === ''}
          error={Boolean(errors.dueTime)}
          helperText={errors.dueTime ?? (values.dueDate === '' ? 'Set a due date first' : 'Optional')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <TextField
          select
          label="Estimated time"
          value={values.estimatedTime}
          onChange={(event) => set('estimatedTime', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">
            <em>No estimate</em>
          </MenuItem>
          {estimateOptions.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Priority" value={values.priority} onChange={(event) => set('priority', event.target.value as Priority)}>
          {PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {PRIORITY_LABELS[priority]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Status" value={values.status} onChange={(event) => set('status', event.target.value as TaskStatus)}>
          {statuses.map((status) => (
            <MenuItem key={status} value={status}>
              {STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Repeat"
          value={values.repeat}
          onChange={(event) => set('repeat', event.target.value as RepeatChoice)}
          error={Boolean(errors.repeat)}
          helperText={errors.repeat ?? (values.repeat === 'weekdays' ? 'Monday to Friday' : undefined)}
        >
          {REPEAT_CHOICES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {repeatChoiceLabel(choice)}
            </MenuItem>
          ))}
        </TextField>
        {/* A weekdays series has no "every N" (DECISIONS 35): it is saved with interval 1. */}
        {values.repeat !== 'none' && hasRepeatInterval(values.repeat) && (
          <TextField
            label="Every"
            type="number"
            value={values.recurringInterval}
            onChange={(event) => set('recurringInterval', Math.trunc(Number(event.target.value)) || 0)}
            error={Boolean(errors.recurringInterval)}
            helperText={errors.recurringInterval}
            slotProps={{
              htmlInput: { min: RECURRING_INTERVAL_MIN, max: RECURRING_INTERVAL_MAX, step: 1 },
              input: { endAdornment: <InputAdornment position="end">{recurrenceUnit(values.repeat, values.recurringInterval)}</InputAdornment> },
            }}
          />
        )}
      </Box>
    </FormSection>
  );
}
