import { timeEntrySchema, timerStateSchema, type TimeEntry, type TimerState } from '@daybook/shared';
import { uuid } from './fixtures';

/** A time entry as the api answers it (DECISIONS 31), parsed with the shared contract. */
export function makeTimeEntry(overrides: Partial<TimeEntry> = {}): TimeEntry {
  const startedAt = overrides.startedAt ?? '2026-03-04T14:00:00.000Z';
  const endedAt = overrides.endedAt === undefined ? '2026-03-04T15:00:00.000Z' : overrides.endedAt;
  return timeEntrySchema.parse({
    id: uuid(500),
    taskId: uuid(1),
    taskTitle: 'Write report',
    clientId: null,
    durationSeconds: endedAt === null ? null : Math.floor((Date.parse(endedAt) - Date.parse(startedAt)) / 1000),
    note: '',
    billable: false,
    billingPeriodId: null,
    overlaps: [],
    createdAt: startedAt,
    updatedAt: startedAt,
    ...overrides,
    startedAt,
    endedAt,
  });
}

/** GET /api/timer's answer. */
export const timerState = (running: TimeEntry | null, stopped: TimeEntry | null = null): TimerState => timerStateSchema.parse({ running, stopped });
