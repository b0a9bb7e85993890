import {
  DEFAULT_TIME_INCREMENTS,
  estimateChoices,
  estimateChoiceLabel,
  labelForTimeIncrementValue,
  makeTimeIncrement,
  parseTimeIncrementValue,
  sortTimeIncrements,
  statedEstimate,
  timeIncrementLabel,
  timeIncrementValue,
} from './time-increments';
import { timeIncrementCreateBodySchema } from './time-increments.schemas';

describe('time increment rules', () => {
  it('labels with the unit singular when n is 1', () => {
    expect(timeIncrementLabel(1, 'hours')).toBe('1 hour');
    expect(timeIncrementLabel(2, 'hours')).toBe('2 hours');
    expect(timeIncrementLabel(1, 'minutes')).toBe('1 minute');
    expect(timeIncrementLabel(45, 'minutes')).toBe('45 minutes');
    expect(timeIncrementLabel(1, 'days')).toBe('1 day');
    expect(timeIncrementLabel(3, 'days')).toBe('3 days');
  });

  it('builds and reads values', () => {
    expect(timeIncrementValue(15, 'minutes')).toBe('15min');
    expect(timeIncrementValue(2, 'hours')).toBe('2h');
    expect(timeIncrementValue(3, 'days')).toBe('3d');
    expect(parseTimeIncrementValue('12h')).toEqual({ n: 12, unit: 'hours' });
    expect(parseTimeIncrementValue('7h')).toBeNull();
    expect(parseTimeIncrementValue('1.5h')).toBeNull();
    expect(labelForTimeIncrementValue('1d')).toBe('1 day');
    expect(labelForTimeIncrementValue('30min')).toBe('30 minutes');
  });

  it('sorts by minutes, a day being 8 hours', () => {
    const sorted = sortTimeIncrements([
      { label: '1 day', value: '1d' },
      { label: '10 hours', value: '10h' },
      { label: '45 minutes', value: '45min' },
      { label: '1 hour', value: '1h' },
      { label: 'odd', value: '???' },
    ]);
    expect(sorted.map((i) => i.value)).toEqual(['45min', '1h', '1d', '10h', '???']);
  });

  it('has sorted, valid defaults', () => {
    expect(DEFAULT_TIME_INCREMENTS.map((i) => i.label)).toEqual([
      '15 minutes',
      '30 minutes',
      '45 minutes',
      '1 hour',
      '2 hours',
      '4 hours',
      '1 day',
    ]);
    for (const increment of DEFAULT_TIME_INCREMENTS) expect(timeIncrementCreateBodySchema.safeParse(increment).success).toBe(true);
  });

});

describe('statedEstimate (DECISIONS 18)', () => {
  it("gives the value of the user's increment of exactly that length", () => {
    expect(statedEstimate(60, DEFAULT_TIME_INCREMENTS)).toBe('1h');
    expect(statedEstimate(480, DEFAULT_TIME_INCREMENTS)).toBe('1d');
    expect(statedEstimate(90, [{ label: '90 minutes', value: '90min' }])).toBe('90min');
    expect(statedEstimate(960, [makeTimeIncrement(1, 'days'), makeTimeIncrement(2, 'days')])).toBe('2d');
  });

  it('keeps any other length as said, never rounded to an increment', () => {
    expect(statedEstimate(20, DEFAULT_TIME_INCREMENTS)).toBe('20min');
    expect(statedEstimate(10, DEFAULT_TIME_INCREMENTS)).toBe('10min');
    expect(statedEstimate(25, DEFAULT_TIME_INCREMENTS)).toBe('25min');
    expect(statedEstimate(90, DEFAULT_TIME_INCREMENTS)).toBe('1.5h');
    expect(statedEstimate(75, DEFAULT_TIME_INCREMENTS)).toBe('75min');
    expect(statedEstimate(180, DEFAULT_TIME_INCREMENTS)).toBe('3h');
    expect(statedEstimate(960, DEFAULT_TIME_INCREMENTS)).toBe('2d');
    expect(statedEstimate(90, [])).toBe('1.5h');
    expect(statedEstimate(45, [{ label: 'odd', value: '???' }])).toBe('45min');
  });
});

describe('estimateChoiceLabel', () => {
  it("names an estimate like the increments: the user's label, else its length", () => {
    expect(estimateChoiceLabel('30min', DEFAULT_TIME_INCREMENTS)).toBe('30 minutes');
    expect(estimateChoiceLabel('20min', DEFAULT_TIME_INCREMENTS)).toBe('20 minutes');
    expect(estimateChoiceLabel('1.5h', DEFAULT_TIME_INCREMENTS)).toBe('1.5 hours');
    expect(estimateChoiceLabel('90min', [])).toBe('1.5 hours');
    expect(estimateChoiceLabel('1h', [])).toBe('1 hour');
    expect(estimateChoiceLabel('2d', [])).toBe('2 days');
    expect(estimateChoiceLabel('1h 15min', [])).toBe('75 minutes');
    expect(estimateChoiceLabel('a while', [])).toBe('a while');
  });
});

describe('estimateChoices', () => {
  it('adds an estimate that is no increment in its place by length, named like them', () => {
    const hours = [makeTimeIncrement(1, 'hours'), makeTimeIncrement(2, 'hours')];
    expect(estimateChoices('1.5h', hours)).toEqual([hours[0], { label: '1.5 hours', value: '1.5h' }, hours[1]]);
    expect(estimateChoices('20min', hours)[0]).toEqual({ label: '20 minutes', value: '20min' });
    expect(estimateChoices('2h', hours)).toEqual(hours);
    expect(estimateChoices(null, hours)).toEqual(hours);
  });
});

describe('timeIncrementCreateBodySchema', () => {
  it('accepts a value with its derived label', () => {
    expect(timeIncrementCreateBodySchema.parse({ label: '2 hours', value: '2h' })).toEqual({ label: '2 hours', value: '2h' });
    expect(timeIncrementCreateBodySchema.parse({ label: ' 1 day ', value: '1d' })).toEqual({ label: '1 day', value: '1d' });
  });

  it('rejects values outside the spec numbers and units', () => {
    for (const value of ['7min', '2w', '1.5h', '', '100d', '2 h']) {
      expect(timeIncrementCreateBodySchema.safeParse({ label: 'x', value }).success).toBe(false);
    }
  });

  it('rejects a label that does not match the value', () => {
    const result = timeIncrementCreateBodySchema.safeParse({ label: '2 hour', value: '2h' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Label must be '2 hours'"]);
  });
});
