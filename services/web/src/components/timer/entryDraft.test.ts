import { makeTimeEntry } from '../../test/timeFixtures';
import { changesOf, createBodyOf, draftOf, draftProblem, newEntryDraft, withDuration, withEnd, withStart } from './entryDraft';

const NY = 'America/New_York';

describe('the time entry form', () => {
  it('starts with the half hour that ended now, to the five minutes, on the user’s clock', () => {
    expect(newEntryDraft(new Date('2026-03-04T15:07:30Z'), NY, true)).toEqual({ date: '2026-03-04', start: '09:35', end: '10:05', duration: '30 min', note: '', billable: true });
    // Just after midnight: the entry began the day before.
    expect(newEntryDraft(new Date('2026-03-05T05:10:00Z'), NY, false)).toMatchObject({ date: '2026-03-04', start: '23:40', end: '00:10' });
  });

  it('keeps the end and the duration in step, an end before the start being the next day', () => {
    const draft = newEntryDraft(new Date('2026-03-04T15:00:00Z'), NY, false);
    expect(withDuration(draft, '1h 30min', NY)).toMatchObject({ start: '09:30', end: '11:00', duration: '1h 30min' });
    expect(withDuration(draft, 'soon', NY)).toMatchObject({ end: '10:00', duration: 'soon' });
    expect(withEnd(draft, '12:15', NY)).toMatchObject({ end: '12:15', duration: '2 h 45 min' });
    expect(withEnd({ ...draft, start: '23:00' }, '01:00', NY)).toMatchObject({ duration: '2 h' });
    expect(withStart(draft, '08:00', NY)).toMatchObject({ start: '08:00', end: '10:00', duration: '2 h' });
  });

  it('says what is missing or too long', () => {
    const draft = newEntryDraft(new Date('2026-03-04T15:00:00Z'), NY, false);
    expect(draftProblem(draft, NY)).toBeNull();
    expect(draftProblem({ ...draft, date: '' }, NY)).toBe('Enter the day');
    expect(draftProblem({ ...draft, start: '' }, NY)).toBe('Enter the start time');
    expect(draftProblem({ ...draft, end: '' }, NY)).toBe('Enter the end time or the duration');
    expect(draftProblem({ ...draft, end: '' }, NY, true)).toBeNull();
    expect(draftProblem(withDuration(draft, 'soon', NY), NY)).toBe('Enter the duration like 1 h 30 min');
  });

  it('sends a new entry’s instants, and of an edited one only what changed', () => {
    const draft = newEntryDraft(new Date('2026-03-04T15:00:00Z'), NY, true);
    expect(createBodyOf(withEnd(draft, '00:30', NY), 'task-1', NY)).toEqual({
      taskId: 'task-1',
      startedAt: '2026-03-04T14:30:00.000Z',
      endedAt: '2026-03-05T05:30:00.000Z',
      note: '',
      billable: true,
    });

    const entry = makeTimeEntry({ startedAt: '2026-03-04T14:00:37.000Z', endedAt: '2026-03-04T15:00:12.000Z', note: 'call' });
    const before = draftOf(entry, NY);
    expect(before).toEqual({ date: '2026-03-04', start: '09:00', end: '10:00', duration: '1 h', note: 'call', billable: false });
    expect(changesOf(entry, before, { ...before, note: 'call back' }, NY)).toEqual({ note: 'call back' });
    expect(changesOf(entry, before, withDuration(before, '2h', NY), NY)).toEqual({ endedAt: '2026-03-04T16:00:00.000Z' });
    expect(changesOf(entry, before, withStart(before, '08:00', NY), NY)).toEqual({ startedAt: '2026-03-04T13:00:00.000Z' });
    expect(changesOf(entry, before, withEnd(before, '11:00', NY), NY)).toEqual({ endedAt: '2026-03-04T16:00:00.000Z' });
    // A new day moves the whole entry; a start moved past the end puts the end on the next day.
    expect(changesOf(entry, before, { ...before, date: '2026-03-05' }, NY)).toEqual({ startedAt: '2026-03-05T14:00:00.000Z', endedAt: '2026-03-05T15:00:00.000Z' });
    expect(changesOf(entry, before, withStart(before, '11:00', NY), NY)).toEqual({ startedAt: '2026-03-04T16:00:00.000Z', endedAt: '2026-03-05T15:00:00.000Z' });
    const running = makeTimeEntry({ startedAt: '2026-03-04T14:00:00.000Z', endedAt: null });
    const runningDraft = draftOf(running, NY);
    expect(runningDraft).toMatchObject({ end: '', duration: '' });
    expect(changesOf(running, runningDraft, { ...runningDraft, start: '08:45', billable: true }, NY)).toEqual({ startedAt: '2026-03-04T13:45:00.000Z', billable: true });
  });

  it('moves only the start of a 9:46–9:47 PM entry moved to start at 8:05 PM: the end and its seconds stay', () => {
    const entry = makeTimeEntry({ startedAt: '2026-03-05T02:46:20.000Z', endedAt: '2026-03-05T02:47:41.000Z' });
    const before = draftOf(entry, NY);
    expect(before).toMatchObject({ date: '2026-03-04', start: '21:46', end: '21:47', duration: '1 min' });
    const after = withStart(before, '20:05', NY);
    expect(after).toMatchObject({ start: '20:05', end: '21:47', duration: '1 h 42 min' });
    expect(changesOf(entry, before, after, NY)).toEqual({ startedAt: '2026-03-05T01:05:00.000Z' });
    // The duration alone moves only the end; the end alone, too.
    expect(changesOf(entry, before, withDuration(before, '1h', NY), NY)).toEqual({ endedAt: '2026-03-05T03:46:00.000Z' });
    expect(changesOf(entry, before, withEnd(before, '22:00', NY), NY)).toEqual({ endedAt: '2026-03-05T03:00:00.000Z' });
  });
});
