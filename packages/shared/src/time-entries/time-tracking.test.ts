import { timeEntryCreateBodySchema, timeEntryListQuerySchema, timeEntryUpdateBodySchema } from './time-entries.schemas';
import { trackedAgainstEstimate } from '../estimates/estimate';
import { billableByDefault, elapsedSeconds, formatElapsed, formatTracked } from './time-tracking';

describe('the running timer', () => {
  it('counts whole seconds since the start, never below zero (a clock behind the server’s)', () => {
    const start = '2026-03-02T09:00:00.000Z';
    expect(elapsedSeconds(start, Date.parse('2026-03-02T09:01:05.900Z'))).toBe(65);
    expect(elapsedSeconds(start, Date.parse('2026-03-02T08:59:00.000Z'))).toBe(0);
  });

  it('shows hours, minutes and seconds', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed(309)).toBe('0:05:09');
    expect(formatElapsed(43_200)).toBe('12:00:00');
    expect(formatElapsed(90_061.7)).toBe('25:01:01');
  });
});

describe('tracked against estimated', () => {
  it('reads the estimate like the totals do and says when tracking passed it', () => {
    expect(trackedAgainstEstimate(5400, '2h')).toEqual({ label: '1 h 30 min / 2 h', trackedMinutes: 90, estimateMinutes: 120, over: false });
    expect(trackedAgainstEstimate(2700, '30min')).toMatchObject({ label: '45 min / 30 min', over: true });
    expect(trackedAgainstEstimate(59, '1d')).toMatchObject({ label: '0 h / 8 h', over: false });
    expect(trackedAgainstEstimate(600, null)).toEqual({ label: '10 min', trackedMinutes: 10, estimateMinutes: null, over: false });
    expect(trackedAgainstEstimate(600, 'soon')).toMatchObject({ label: '10 min', estimateMinutes: null });
    expect(formatTracked(3 * 3600)).toBe('3 h');
    expect(formatTracked(5459)).toBe('1 h 30 min');
  });

  it('bills time by default only for a billable client', () => {
    expect(billableByDefault({ billable: true })).toBe(true);
    expect(billableByDefault({ billable: false })).toBe(false);
    expect(billableByDefault(null)).toBe(false);
  });
});

describe('entry requests', () => {
  it('takes the start and the end, or the start and a duration, at most a day', () => {
    expect(timeEntryCreateBodySchema.parse({ startedAt: '2026-03-02T09:00:00+01:00', durationSeconds: 90 })).toEqual({
      taskId: null,
      startedAt: '2026-03-02T09:00:00+01:00',
      endedAt: '2026-03-02T08:01:30.000Z',
      note: '',
    });
    expect(timeEntryCreateBodySchema.parse({ startedAt: '2026-03-02T09:00:00Z', endedAt: '2026-03-03T09:00:00Z', note: ' x ', billable: false })).toMatchObject({ note: 'x', billable: false });
    for (const body of [
      { startedAt: '2026-03-02T09:00:00Z' },
      { startedAt: '2026-03-02T09:00:00Z', endedAt: '2026-03-03T09:00:00.001Z' },
      { startedAt: '2026-03-02T09:00:00Z', endedAt: '2026-03-02T09:00:00Z' },
      { startedAt: '3000-01-01T00:00:00Z', durationSeconds: 60 },
    ]) {
      expect(timeEntryCreateBodySchema.safeParse(body).success).toBe(false);
    }
    expect(timeEntryUpdateBodySchema.safeParse({ endedAt: '2026-03-02T09:00:00Z', durationSeconds: 60 }).success).toBe(false);
    expect(timeEntryUpdateBodySchema.parse({ clientId: '', taskId: null })).toEqual({ clientId: null, taskId: null });
  });

  it('bounds a period list to a year and a page', () => {
    const period = { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' };
    expect(timeEntryListQuerySchema.parse(period)).toMatchObject({ limit: 100 });
    expect(timeEntryListQuerySchema.safeParse({ ...period, to: '2027-01-03T00:00:00Z' }).success).toBe(false);
    expect(timeEntryListQuerySchema.safeParse({ ...period, to: period.from }).success).toBe(false);
    expect(timeEntryListQuerySchema.safeParse({ ...period, limit: '501' }).success).toBe(false);
  });
});
