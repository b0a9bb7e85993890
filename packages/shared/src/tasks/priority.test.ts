import { priorityLabel, priorityRank } from './priority';

describe('priority', () => {
  it('ranks urgent 4, high 3, medium 2, low 1, anything else 1', () => {
    expect(priorityRank('urgent')).toBe(4);
    expect(priorityRank('high')).toBe(3);
    expect(priorityRank('medium')).toBe(2);
    expect(priorityRank('low')).toBe(1);
    expect(priorityRank(null)).toBe(1);
    expect(priorityRank(undefined)).toBe(1);
    expect(priorityRank('critical')).toBe(1);
    expect(priorityRank('toString')).toBe(1);
  });

  it('labels the four priorities and shows None otherwise', () => {
    expect(priorityLabel('low')).toBe('Low Priority');
    expect(priorityLabel('medium')).toBe('Medium Priority');
    expect(priorityLabel('high')).toBe('High Priority');
    expect(priorityLabel('urgent')).toBe('Urgent');
    expect(priorityLabel('whatever')).toBe('None');
    expect(priorityLabel(null)).toBe('None');
  });
});
