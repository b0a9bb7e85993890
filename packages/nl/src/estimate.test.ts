import { rules } from './test-fixture';

const est = (input: string) => {
  const r = rules(input);
  return [r.title, r.estimatedTime];
};

describe('estimates from stated durations', () => {
  it.each([
    ['Review contract, 30 mins', '30min'],
    ['Review contract ~45m', '45min'],
    ['Review contract (5 min)', '15min'],
    ['Review contract, an hour', '1h'],
    ['Review contract for one hour', '1h'],
    ['Review contract 1.5 hours', '2h'],
    ['Review contract, a couple of hours', '2h'],
    ['Review contract, half a day', '4h'],
    ['Review contract 2h', '2h'],
    ['Review contract 1h30', '2h'],
    ['Review contract, 40 minutes', '45min'],
    ['Review contract, about 2 days of work', '1d'],
  ])('%s', (input, estimate) => {
    expect(est(input)).toEqual(['Review contract', estimate]);
  });

  it('keeps a compound adjective in the title', () => {
    expect(est('Full-day workshop with Globex')).toEqual(['Full-day workshop with Globex', '1d']);
    expect(est('Schedule a 30-minute call')).toEqual(['Schedule a 30-minute call', '30min']);
  });

  it.each(['Call Bob in 30 minutes', 'Prepare 3 samples', 'Print 15 copies', "Read 'The 4-Hour Workweek'", 'Read The 4-Hour Workweek', 'Quick call with Bob'])(
    'is not an estimate: %s',
    (input) => {
      expect(rules(input).estimatedTime).toBeNull();
    },
  );

  it('ignores durations in the description', () => {
    expect(rules('Fix login bug: users get logged out after 5 minutes').estimatedTime).toBeNull();
  });
});
