import {
  DEFAULT_TIME_INCREMENTS,
  estimateAsTimeIncrement,
  labelForTimeIncrementValue,
  makeTimeIncrement,
  nearestTimeIncrement,
  parseTimeIncrementValue,
  sortTimeIncrements,
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

  it('finds the nearest increment when it is close', () => {
    expect(nearestTimeIncrement('25min', DEFAULT_TIME_INCREMENTS)?.value).toBe('30min');
    expect(nearestTimeIncrement('1 hour', DEFAULT_TIME_INCREMENTS)?.value).toBe('1h');
    expect(nearestTimeIncrement('3h', [{ label: '1 hour', value: '1h' }, { label: '1 day', value: '1d' }])).toBeNull();
    expect(nearestTimeIncrement('soon', DEFAULT_TIME_INCREMENTS)).toBeNull();
    expect(nearestTimeIncrement('30min', [])).toBeNull();
  });
});

describe('estimateAsTimeIncrement', () => {
  it('takes an exact increment, else the nearest however far, ties to the larger', () => {
    const hours = [makeTimeIncrement(1, 'hours'), makeTimeIncrement(2, 'hours')];
    expect(estimateAsTimeIncrement(60, DEFAULT_TIME_INCREMENTS)).toBe('1h');
    expect(estimateAsTimeIncrement(480, DEFAULT_TIME_INCREMENTS)).toBe('1d');
    expect(estimateAsTimeIncrement(20, DEFAULT_TIME_INCREMENTS)).toBe('15min');
    expect(estimateAsTimeIncrement(5, DEFAULT_TIME_INCREMENTS)).toBe('15min');
    expect(estimateAsTimeIncrement(90, hours)).toBe('2h');
    expect(estimateAsTimeIncrement(960, [makeTimeIncrement(1, 'days'), makeTimeIncrement(2, 'days')])).toBe('2d');
  });

  it('keeps the stated duration without readable increments', () => {
    expect(estimateAsTimeIncrement(90, [])).toBe('1.5h');
    expect(estimateAsTimeIncrement(45, [{ label: 'odd', value: '???' }])).toBe('45min');
    expect(estimateAsTimeIncrement(960, [])).toBe('2d');
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
