import { editBetween, pointAfterEdit, rangesAfterEdit } from './textEdits';

describe('editBetween', () => {
  it('finds the one changed part: typed, deleted or replaced', () => {
    expect(editBetween('Call Acme', 'Call Acme now')).toEqual({ start: 9, oldEnd: 9, newEnd: 13 });
    expect(editBetween('Call Acme now', 'Call now')).toEqual({ start: 5, oldEnd: 10, newEnd: 5 });
    expect(editBetween('Call Acme', 'Ring Acme')).toEqual({ start: 0, oldEnd: 4, newEnd: 4 });
    expect(editBetween('same', 'same')).toEqual({ start: 4, oldEnd: 4, newEnd: 4 });
  });
});

describe('rangesAfterEdit', () => {
  // "Call Acme tomorrow 3pm" with "tomorrow" given back to the title.
  const before = 'Call Acme tomorrow 3pm';
  const tomorrow = { start: 10, end: 18 };

  it('keeps a range when the text changes after it, and moves it when the text changes before it', () => {
    expect(rangesAfterEdit([tomorrow], editBetween(before, `${before} urgent`))).toEqual([tomorrow]);
    expect(rangesAfterEdit([tomorrow], editBetween(before, `Please ${before}`))).toEqual([{ start: 17, end: 25 }]);
    expect(rangesAfterEdit([tomorrow], editBetween(before, 'Call tomorrow 3pm'))).toEqual([{ start: 5, end: 13 }]);
  });

  it('keeps a range when text is typed right at its start or end (outside its words)', () => {
    expect(rangesAfterEdit([tomorrow], editBetween(before, 'Call Acme xtomorrow 3pm'))).toEqual([{ start: 11, end: 19 }]);
    expect(rangesAfterEdit([tomorrow], editBetween(before, 'Call Acme tomorrowx 3pm'))).toEqual([tomorrow]);
  });

  it('drops a range whose words were edited', () => {
    expect(rangesAfterEdit([tomorrow], editBetween(before, 'Call Acme tomorow 3pm'))).toEqual([]);
    expect(rangesAfterEdit([tomorrow], editBetween(before, 'Call Acme'))).toEqual([]);
  });
});

describe('pointAfterEdit', () => {
  it('stays before and at the change, moves after it, and goes to its start when its place was replaced', () => {
    const edit = editBetween('one two three', 'one 2 three');
    expect(pointAfterEdit(0, edit)).toBe(0);
    expect(pointAfterEdit(4, edit)).toBe(4);
    expect(pointAfterEdit(8, edit)).toBe(6);
    expect(pointAfterEdit(5, edit)).toBe(4);
  });
});
