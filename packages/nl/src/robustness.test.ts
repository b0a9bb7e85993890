import { DEFAULT_TIME_INCREMENTS, structuredTaskSchema, TASK_DESCRIPTION_MAX, TASK_TITLE_MAX } from '@daybook/shared';
import { structureWithRules } from './rules';

/** Any text gives a valid task, quickly: random mixes of the tokens the rules react to. */
const TOKENS = [
  'tomorrow', 'at', '3pm', 'every', 'other', 'Friday', 'the', '15th', 'of', 'month', 'Acme', '+acme', '#x', '"quoted', "'", 'p1', '!3', 'urgent',
  'in', '2', 'hours', '30', 'mins', '-', ':', '.', '12/3', '01.02.', '2025-13-45', 'June', '31', '00', 'next', 'week', 'end', '🚀', 'Müller', '株式',
  '((', '))', '@', '*', '~', '1.5h', '10:00', 'noon', 'daily', 'weekly', 'day', 'after', ',', ';', '\n', 'four', 'thirty', 'half', 'past', 'EOD',
  '24/7', 'v1.2.3', 'http://x.com/a/b', '"', '“', '”',
];

function seeded(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

describe('robustness', () => {
  it('answers every input with a valid task', () => {
    const random = seeded(42);
    for (let i = 0; i < 800; i += 1) {
      const input = Array.from({ length: 1 + random(30) }, () => TOKENS[random(TOKENS.length)]).join(random(4) === 0 ? '' : ' ');
      if (input.trim() === '') continue;
      const result = structureWithRules({ input, now: new Date('2025-03-11T15:15:00Z'), timezone: 'America/Chicago', clients: ['Acme Corp', 'Müller GmbH'], timeIncrements: DEFAULT_TIME_INCREMENTS });
      const parsed = structuredTaskSchema.safeParse(result);
      if (!parsed.success) throw new Error(`invalid result for ${JSON.stringify(input)}: ${parsed.error.issues[0]?.message}`);
    }
  });

  it('answers every input with a valid task with look-alike clients, aliases and habits', () => {
    const random = seeded(7);
    const clients = ['Noon Bakery', 'Sunday Studio', '3M', 'Smith & Co.', 'The Home Depot', 'Apple', 'Target', '株式会社ナカムラ'];
    const aliases = [{ alias: 'the bakery', client: 'Noon Bakery' }, { alias: 'Acme', client: 'Hooli' }];
    const habits = [{ kind: 'call', estimatedTime: '30min' }, { kind: 'x', estimatedTime: 'nonsense' }];
    const tokens = [...TOKENS, 'Noon', 'Bakery', 'bakery', 'Smith', '&', 'Co.', '3M', 'apple', 'Target', "'s", '+3M', '#the', 'Home', 'call', '!!', '!!!', 'takes', 'around', '2-ish', 'ish', 'Priority:'];
    for (let i = 0; i < 600; i += 1) {
      const input = Array.from({ length: 1 + random(25) }, () => tokens[random(tokens.length)]).join(random(4) === 0 ? '' : ' ');
      if (input.trim() === '') continue;
      const result = structureWithRules({ input, now: new Date('2025-03-11T15:15:00Z'), timezone: 'Europe/Berlin', clients, timeIncrements: DEFAULT_TIME_INCREMENTS, aliases, habits });
      const parsed = structuredTaskSchema.safeParse(result);
      if (!parsed.success) throw new Error(`invalid result for ${JSON.stringify(input)}: ${parsed.error.issues[0]?.message}`);
      if (result.clientName !== null) expect(clients).toContain(result.clientName);
    }
  });

  it('answers every input with a valid task when reminders are asked for in any order', () => {
    const random = seeded(29);
    const tokens = [...TOKENS, 'remind', 'me', 'ping', 'reminder', 'with', 'a', 'before', 'beforehand', 'the', 'day', 'night', 'morning', 'of', 'when', "it's", 'due', 'and', '30', 'min', '2', 'days', 'at', '8', '8pm', 'to', 'call'];
    for (let i = 0; i < 600; i += 1) {
      const input = Array.from({ length: 1 + random(25) }, () => tokens[random(tokens.length)]).join(' ');
      const result = structureWithRules({ input, now: new Date('2025-03-11T15:15:00Z'), timezone: 'America/Chicago', clients: ['Acme Corp'], timeIncrements: DEFAULT_TIME_INCREMENTS });
      const parsed = structuredTaskSchema.safeParse(result);
      if (!parsed.success) throw new Error(`invalid result for ${JSON.stringify(input)}: ${parsed.error.issues[0]?.message}`);
    }
  });

  it('keeps long inputs within the field limits', () => {
    for (const input of ['Call Acme tomorrow. '.repeat(100), 'x'.repeat(2_000), 'tomorrow '.repeat(222), '"'.repeat(2_000), '-']) {
      const result = structureWithRules({ input, now: new Date('2025-03-11T15:15:00Z'), timezone: 'America/Chicago', clients: ['Acme Corp'], timeIncrements: [] });
      expect(structuredTaskSchema.safeParse(result).success).toBe(true);
      expect(result.title.length).toBeLessThanOrEqual(TASK_TITLE_MAX);
      expect(result.description.length).toBeLessThanOrEqual(TASK_DESCRIPTION_MAX);
    }
  });
});
