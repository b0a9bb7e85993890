import { DEFAULT_TIME_INCREMENTS } from '@daybook/shared';
import { captureMany, localToInstant } from '@daybook/nl';
import { chipsOf, reminderChipLabel, whenLabel } from './chips';
import { presentProposals } from './proposals';
import { makeClient } from '../../test/fixtures';

const TIME_ZONE = 'America/New_York';
// Wednesday 2026-03-04, 22:30 in New York (already Thursday in UTC).
const now = localToInstant('2026-03-04T22:30:00', TIME_ZONE);

describe('whenLabel', () => {
  it('says the day in words from the user’s today, with the time', () => {
    expect(whenLabel('2026-03-04', null, now, TIME_ZONE)).toBe('Today');
    expect(whenLabel('2026-03-05', '15:00', now, TIME_ZONE)).toBe('Tomorrow 3:00 PM');
    expect(whenLabel('2026-03-06', null, now, TIME_ZONE)).toBe('Fri, Mar 6');
    expect(whenLabel('2027-01-04', '09:30', now, TIME_ZONE)).toBe('Mon, Jan 4, 2027 9:30 AM');
    expect(whenLabel('2026-03-05', null, now, 'Europe/Paris')).toBe('Today');
  });
});

describe('reminderChipLabel', () => {
  it('says each reminder after "Remind" as the rest of the app names it', () => {
    expect(reminderChipLabel({ kind: 'before', minutes: 30 }, TIME_ZONE)).toBe('Remind 30 min before');
    expect(reminderChipLabel({ kind: 'before', minutes: 0 }, TIME_ZONE)).toBe('Remind at due time');
    expect(reminderChipLabel({ kind: 'before', minutes: 2880 }, TIME_ZONE)).toBe('Remind 2 days before');
    expect(reminderChipLabel({ kind: 'on-day', daysBefore: 0, time: '08:00' }, TIME_ZONE)).toBe('Remind on the day at 08:00');
    expect(reminderChipLabel({ kind: 'on-day', daysBefore: 1, time: '18:00' }, TIME_ZONE)).toBe('Remind day before at 18:00');
    expect(reminderChipLabel({ kind: 'at', at: '2026-03-05T14:00:00.000Z' }, TIME_ZONE)).toMatch(/^Remind Mar 5, 09:00$/);
  });
});

describe('chipsOf', () => {
  const acme = makeClient({ id: '00000000-0000-4000-8000-000000000010', name: 'Acme', color: '#fde68a' });
  const context = { now, timeZone: TIME_ZONE, clients: [acme], timeIncrements: DEFAULT_TIME_INCREMENTS };
  const chips = (text: string) =>
    chipsOf(presentProposals(captureMany(text, { now, timezone: TIME_ZONE, clients: [acme], timeIncrements: DEFAULT_TIME_INCREMENTS }), [], null)[0]!, context).map((chip) => ({
      field: chip.field,
      label: chip.label,
      words: chip.pieces.map((piece) => text.slice(piece.start, piece.end)),
      ...(chip.color ? { color: chip.color } : {}),
    }));

  it('has one chip per field, in order, with the words it was read from', () => {
    expect(chips('Call Acme tomorrow at 3pm, urgent, 30 min')).toEqual([
      { field: 'when', label: 'Tomorrow 3:00 PM', words: ['tomorrow', '3pm'] },
      { field: 'priority', label: 'Urgent', words: ['urgent'] },
      { field: 'client', label: 'Acme', words: ['Acme'], color: '#fde68a' },
      { field: 'estimate', label: '30 minutes', words: ['30 min'] },
    ]);
  });

  it('shows a stated estimate as said, named like the increments (DECISIONS 18)', () => {
    expect(chips('Draft the Globex memo 20 min')).toEqual([{ field: 'estimate', label: '20 minutes', words: ['20 min'] }]);
    expect(chips('Draft the memo, 90 minutes')).toEqual([{ field: 'estimate', label: '1.5 hours', words: ['90 minutes'] }]);
    expect(chips('Draft the memo, 1 hour')).toEqual([{ field: 'estimate', label: '1 hour', words: ['1 hour'] }]);
  });

  it('has one chip per reminder after the due date, each with the words that asked for it', () => {
    expect(chips('Call Acme tomorrow at 9am, remind me at 8 and 30 min before')).toEqual([
      { field: 'when', label: 'Tomorrow 9:00 AM', words: ['tomorrow', '9am'] },
      { field: 'reminder', label: 'Remind on the day at 08:00', words: ['remind me at 8'] },
      { field: 'reminder', label: 'Remind 30 min before', words: ['and 30 min before'] },
      { field: 'client', label: 'Acme', words: ['Acme'], color: '#fde68a' },
    ]);
    // "remind me at noon to …": the due time, and a reminder at it, marked on the words "remind me".
    expect(chips('remind me at noon to call Acme')).toEqual([
      { field: 'when', label: 'Tomorrow 12:00 PM', words: ['noon'] },
      { field: 'reminder', label: 'Remind at due time', words: ['remind me'] },
      { field: 'client', label: 'Acme', words: ['Acme'], color: '#fde68a' },
    ]);
  });

  it('shows a date the repeat gave without words of its own, and no chip for the default priority', () => {
    expect(chips('Stand-up notes every weekday')).toEqual([
      { field: 'when', label: 'Today', words: [] },
      { field: 'repeat', label: 'Every weekday', words: ['every weekday'] },
    ]);
    expect(chips('Water the plants')).toEqual([]);
  });
});
