import { CONTRACT_REQUEST, VALID_ANSWER } from '../test/contract-scenarios';
import { normalizeModelAnswer, UnusableModelOutputError } from './model-output';

/** The model's answer to CONTRACT_REQUEST (Tuesday 2025-03-11 10:15 in Chicago) with some fields changed. */
const answer = (fields: Record<string, unknown>, timezone = CONTRACT_REQUEST.timezone) =>
  normalizeModelAnswer(JSON.stringify({ ...VALID_ANSWER, ...fields }), { ...CONTRACT_REQUEST, timezone });

describe("a model's due date", () => {
  it("converts a date-time with an offset to the user's wall clock", () => {
    // 15:00 at UTC+1 is 14:00 UTC: 09:00 in Chicago (UTC-5 in March), the next morning in Tokyo.
    expect(answer({ dueDate: '2025-03-12T15:00:00+01:00', dueTime: null })).toMatchObject({ dueDate: '2025-03-12', dueTime: '09:00' });
    expect(answer({ dueDate: '2025-03-12T23:30:00+01:00', dueTime: null }, 'Asia/Tokyo')).toMatchObject({ dueDate: '2025-03-13', dueTime: '07:30' });
  });

  it('reads a date-time without an offset as written, midnight as no due time', () => {
    expect(answer({ dueDate: '2025-03-12T15:00', dueTime: null })).toMatchObject({ dueDate: '2025-03-12', dueTime: '15:00' });
    expect(answer({ dueDate: '2025-03-12 00:00:00', dueTime: null })).toMatchObject({ dueDate: '2025-03-12', dueTime: null });
  });

  it('keeps a due time given beside the date-time', () => {
    expect(answer({ dueDate: '2025-03-12T00:00:00Z', dueTime: '15:00' })).toMatchObject({ dueDate: '2025-03-11', dueTime: '15:00' });
  });

  it.each(['2025-02-30T10:00:00Z', '2025-02-30', '12/03/2025', 'tomorrow'])('does not use %s', (dueDate) => {
    expect(() => answer({ dueDate })).toThrow(UnusableModelOutputError);
  });
});

describe("a model's recurrence", () => {
  it('is not used without a type', () => {
    expect(() => answer({ isRecurring: true, recurringType: null })).toThrow(UnusableModelOutputError);
    expect(answer({ isRecurring: false, recurringType: 'weekly' })).toMatchObject({ isRecurring: false, recurringType: null });
  });
});
