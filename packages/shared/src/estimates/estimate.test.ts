import { estimateLabel, estimateTotalLabel, estimateUnit, formatDuration, formatEstimate, parseEstimateMinutes, totalEstimateMinutes } from './estimate';

describe('parseEstimateMinutes', () => {
  it.each([
    ['30min', 30],
    ['2h', 120],
    ['1.5h', 90],
    ['1d', 480],
    ['3d', 1440],
    ['45m', 45],
    ['15 minutes', 15],
    ['1 minute', 1],
    ['1 hour', 60],
    ['2 hours', 120],
    ['1 day', 480],
    ['2 days', 960],
    ['2 HRS', 120],
    ['1h 30min', 90],
    ['1h30min', 90],
    ['.5h', 30],
  ])('%s → %d', (estimate, minutes) => {
    expect(parseEstimateMinutes(estimate)).toBe(minutes);
  });

  it.each([[''], ['  '], [null], [undefined], ['soon'], ['2 months'], ['h'], ['30'], ['1h and 30min']])('%p cannot be read', (estimate) => {
    expect(parseEstimateMinutes(estimate)).toBeNull();
  });
});

describe('estimateUnit', () => {
  it.each([
    ['m', 'minutes'],
    ['min', 'minutes'],
    ['Minutes', 'minutes'],
    ['h', 'hours'],
    ['hr', 'hours'],
    ['HRS', 'hours'],
    ['d', 'days'],
    ['day', 'days'],
  ])('%s is %s', (word, unit) => {
    expect(estimateUnit(word)).toBe(unit);
  });

  it.each(['', 'w', 'weeks', 'months', 'mn', 'hour s'])('%p is no unit', (word) => {
    expect(estimateUnit(word)).toBeNull();
  });
});

describe('formatEstimate', () => {
  it.each([
    [5, '5min'],
    [45, '45min'],
    [100, '100min'],
    [60, '1h'],
    [90, '1.5h'],
    [240, '4h'],
    [600, '10h'],
    [20, '20min'],
    [75, '75min'],
    [72, '72min'],
    [150, '2.5h'],
    [480, '1d'],
    [720, '12h'],
    [960, '2d'],
    [44.6, '45min'],
  ])('%d minutes → %s', (minutes, estimate) => {
    expect(formatEstimate(minutes)).toBe(estimate);
  });

  it('is read back as the same minutes', () => {
    for (const minutes of [15, 20, 60, 75, 90, 240, 480, 720, 960]) expect(parseEstimateMinutes(formatEstimate(minutes))).toBe(minutes);
  });
});

describe('estimate totals', () => {
  it('sums what can be read', () => {
    expect(totalEstimateMinutes(['30min', '1h', null, 'soon', '15 minutes'])).toBe(105);
    expect(totalEstimateMinutes([])).toBe(0);
  });

  it('labels a list of estimates (1d counts 8 hours)', () => {
    expect(estimateTotalLabel(['1d', '30min'])).toBe('8 h 30 min');
    expect(estimateTotalLabel(['15min', '30min'])).toBe('45 min');
    expect(estimateTotalLabel([])).toBe('0 h');
  });
});

describe('durations as the user reads them: one format', () => {
  it.each([
    [0, '0 h'],
    [45, '45 min'],
    [59, '59 min'],
    [60, '1 h'],
    [90, '1 h 30 min'],
    [100, '1 h 40 min'],
    [480, '8 h'],
    [740, '12 h 20 min'],
    [29.6, '30 min'],
    [-5, '0 h'],
  ])('%s minutes: %s', (minutes, label) => {
    expect(formatDuration(minutes)).toBe(label);
  });

  it('shows an estimate in that format, and one that cannot be read as written', () => {
    expect(estimateLabel('1.5h')).toBe('1 h 30 min');
    expect(estimateLabel('90min')).toBe('1 h 30 min');
    expect(estimateLabel('30 minutes')).toBe('30 min');
    expect(estimateLabel('1d')).toBe('8 h');
    expect(estimateLabel('a while')).toBe('a while');
  });
});
