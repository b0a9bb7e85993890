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

describe("a model's estimate (DECISIONS 18)", () => {
  it.each([
    ['20 min', '20min'],
    ['10min', '10min'],
    ['25 minutes', '25min'],
    ['90 min', '1.5h'],
    ['1.5 hours', '1.5h'],
    ['2 days', '2d'],
    [75, '75min'],
  ])('keeps %p as said: %s', (estimatedTime, kept) => {
    expect(answer({ estimatedTime }).estimatedTime).toBe(kept);
  });

  it("gives the value of the user's increment of exactly that length", () => {
    expect(answer({ estimatedTime: '60 minutes' }).estimatedTime).toBe('1h');
    expect(answer({ estimatedTime: '8h' }).estimatedTime).toBe('1d');
  });
});

describe("a model's title", () => {
  it('starts with a capital like the rules’ titles, the rest as the model wrote it (docs/usage.md)', () => {
    expect(answer({ title: 'call  Globex about the iPad order' })).toMatchObject({ title: 'Call Globex about the iPad order' });
    expect(answer({ title: 'eBay listing' })).toMatchObject({ title: 'eBay listing' });
  });
});

describe("a model's recurrence", () => {
  it('is not used without a type', () => {
    expect(() => answer({ isRecurring: true, recurringType: null })).toThrow(UnusableModelOutputError);
    expect(answer({ isRecurring: false, recurringType: 'weekly' })).toMatchObject({ isRecurring: false, recurringType: null });
  });
});

describe("a model's recurrence on weekdays (DECISIONS 35)", () => {
  it('always repeats every week’s weekdays: interval 1', () => {
    expect(answer({ isRecurring: true, recurringType: 'weekdays', recurringInterval: 3 })).toMatchObject({ isRecurring: true, recurringType: 'weekdays', recurringInterval: 1 });
  });
});

describe("a model's client", () => {
  const withAliases = { ...CONTRACT_REQUEST, aliases: [{ alias: 'the rocket people', client: 'Globex' }] };
  it('answered as one of the user’s aliases is the client itself', () => {
    expect(normalizeModelAnswer(JSON.stringify({ ...VALID_ANSWER, clientName: 'The Rocket People' }), withAliases).clientName).toBe('Globex');
  });

  it('answered as an alias the user does not have is no client', () => {
    expect(normalizeModelAnswer(JSON.stringify({ ...VALID_ANSWER, clientName: 'the rocket people' }), CONTRACT_REQUEST).clientName).toBeNull();
  });
});

describe('the JSON in what a model says', () => {
  const json = JSON.stringify(VALID_ANSWER);
  it.each([
    ['after its thoughts', `<think>The user wants {a call}. Tomorrow is 2025-03-12.</think>\n${json}`],
    ['after thoughts whose start the server dropped', `they said "tomorrow" so {dueDate} is the 12th</think>${json}`],
    ['after thoughts, in a code fence', `<think>easy</think>\n\`\`\`json\n${json}\n\`\`\``],
    ['in a fence without a language', `\`\`\`\n${json}\n\`\`\``],
  ])('is read %s', (_case, text) => {
    expect(normalizeModelAnswer(text, CONTRACT_REQUEST)).toMatchObject({ title: 'Call Globex about the renewal', clientName: 'Globex' });
  });

  it.each([
    ['nothing', ''],
    ['only blank space', '  \n '],
    ['only thoughts', '<think>{"title": "a thought, not an answer"}</think>'],
    ['thoughts cut off', `<think>maybe ${json}`],
  ])('is unusable when the model says %s', (_case, text) => {
    expect(() => normalizeModelAnswer(text, CONTRACT_REQUEST)).toThrow(new UnusableModelOutputError('empty answer'));
  });
});

describe("a model's reminders (DECISIONS 29)", () => {
  const reminders = (list: unknown, timezone = CONTRACT_REQUEST.timezone) => answer({ reminders: list }, timezone).reminders;

  it('are read in the flat shape asked for and in the contract’s own', () => {
    expect(
      reminders([
        { kind: 'before', minutes: 30, daysBefore: null, time: null, at: null },
        { kind: 'on-day', minutes: null, daysBefore: 1, time: '6:00', at: null },
        { kind: 'at', at: '2025-03-12T09:00:00-05:00' },
      ]),
    ).toEqual([
      { kind: 'before', minutes: 30 },
      { kind: 'on-day', daysBefore: 1, time: '06:00' },
      { kind: 'at', at: '2025-03-12T14:00:00.000Z' },
    ]);
  });

  it('read an instant without an offset on the user’s wall clock', () => {
    expect(reminders([{ kind: 'at', at: '2025-03-12T09:00' }])).toEqual([{ kind: 'at', at: '2025-03-12T14:00:00.000Z' }]);
    expect(reminders([{ kind: 'at', at: '2025-03-12T09:00' }], 'Asia/Tokyo')).toEqual([{ kind: 'at', at: '2025-03-12T00:00:00.000Z' }]);
  });

  it('leave out what is not a reminder, the same one twice, and more than five; the rest of the answer counts', () => {
    expect(reminders([{ kind: 'soon' }, { kind: 'before', minutes: -1 }, { kind: 'on-day', daysBefore: 1, time: '7pm' }, { kind: 'at', at: 'tomorrow' }, 'ping'])).toEqual([]);
    expect(reminders(Array.from({ length: 8 }, (_, i) => ({ kind: 'before', minutes: i % 7 })))).toHaveLength(5);
    expect(reminders([{ kind: 'before', minutes: 10 }, { kind: 'before', minutes: 10 }])).toEqual([{ kind: 'before', minutes: 10 }]);
    expect(answer({ reminders: [{ kind: 'soon' }] })).toMatchObject({ title: 'Call Globex about the renewal', clientName: 'Globex' });
  });

  it('an answer without any keeps the rules’ reading; one with some replaces it', () => {
    const draft = { ...normalizeModelAnswer(JSON.stringify(VALID_ANSWER), CONTRACT_REQUEST), reminders: [{ kind: 'before' as const, minutes: 15 }] };
    const { reminders: _left, ...withoutReminders } = VALID_ANSWER;
    expect(normalizeModelAnswer(JSON.stringify(withoutReminders), CONTRACT_REQUEST, draft).reminders).toEqual([{ kind: 'before', minutes: 15 }]);
    expect(normalizeModelAnswer(JSON.stringify({ ...VALID_ANSWER, reminders: [] }), CONTRACT_REQUEST, draft).reminders).toEqual([{ kind: 'before', minutes: 15 }]);
    expect(normalizeModelAnswer(JSON.stringify(withoutReminders), CONTRACT_REQUEST).reminders).toEqual([]);
    const changed = { ...VALID_ANSWER, reminders: [{ kind: 'before', minutes: 60 }] };
    expect(normalizeModelAnswer(JSON.stringify(changed), CONTRACT_REQUEST, draft).reminders).toEqual([{ kind: 'before', minutes: 60 }]);
  });
});
