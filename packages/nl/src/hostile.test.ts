import { AI_INPUT_MAX, CLIENT_ALIASES_MAX, CLIENT_NAME_MAX, DEFAULT_TIME_INCREMENTS, QUOTAS, structuredTaskSchema } from '@daybook/shared';
import { captureMany, type CaptureClient } from './capture';
import { clientMatcher } from './clients';
import { analyseManyWithRules } from './multi';
import { structureWithRules, type ClientAlias, type RulesInput } from './rules';

/**
 * A hostile user on a shared server (the rules run in the shared worker): the full quota of clients,
 * each with the most aliases, named so that matching is as costly as it can be, and entries of the
 * longest accepted length made of the words the rules react to. Before client matching was indexed,
 * one entry took 70 s with such a list; a run of weekday names, "for", "&" or "probably take" made a
 * regular expression try 2^n ways. Every entry must now be read within a budget that a loaded CI
 * machine keeps easily (a few milliseconds here), whatever the list.
 */
const BUDGET_MS = 1_000;

/** A name of at most CLIENT_NAME_MAX characters: `words` repeated, then what tells it apart. */
const named = (words: string, tail: string) => `${words.repeat(Math.floor((CLIENT_NAME_MAX - tail.length) / words.length))}${tail}`;

interface HostileList {
  clients: string[];
  aliases: ClientAlias[];
  /** An entry naming client 123 by its full name. */
  naming: string;
  /** The words the names are made of, repeated in the entries. */
  words: string;
}

/** QUOTAS.clients clients with CLIENT_ALIASES_MAX aliases each, all made of `words`. */
function hostileList(words: string, id = (i: number, j: number | null) => (j === null ? `c${i}` : `a${i}x${j}`)): HostileList {
  const clients = Array.from({ length: QUOTAS.clients }, (_, i) => named(words, id(i, null)));
  const aliases = clients.flatMap((client, i) => Array.from({ length: CLIENT_ALIASES_MAX }, (_, j) => ({ alias: named(words, id(i, j)), client })));
  return { clients, aliases, naming: `Call ${clients[123]} tomorrow`, words };
}

const LISTS: Array<[string, HostileList]> = [
  ['names sharing a long leading sequence', hostileList('acme ')],
  ['names of one-letter words', hostileList('a ')],
  ['names of & signs', hostileList('& ')],
  ['names of & signs without spaces (a word each)', hostileList('&')],
  ['names opening with "The" and common words', hostileList('the home ')],
  ['names made of date words', hostileList('noon monday ')],
  ['names written without spaces (CJK)', hostileList('ナカ', (i, j) => `${'一二三四五六七八九十'[i % 10]}${i}${j === null ? '' : `号${j}`}`)],
];

/** Entries of AI_INPUT_MAX characters: a list's own words, and runs of what the recognisers react to. */
function entries(list: HostileList): Array<[string, string]> {
  const fill = (unit: string, prefix = '', suffix = '') => `${prefix}${unit.repeat(AI_INPUT_MAX)}`.slice(0, AI_INPUT_MAX - suffix.length) + suffix;
  return [
    ["the list's words", fill(list.words)],
    ["the list's words, possessive", fill(`${list.words.trim()}'s `)],
    ["the list's words as markup", fill(`+${list.words.trim()} `)],
    ["the list's words as a leading label", fill(list.words, '', ': call them')],
    ['weekday names in a list', fill('mon, ')],
    ['"&" before other text', fill('& ', 'call ', 'bob')],
    ['qualifiers of a duration', fill('for ')],
    ['"~"', fill('~ ')],
    ['fillers of a time', fill('around ')],
    ['bare fields, each its own part', fill('2h; ')],
    ['"probably take"', fill('probably take ')],
    ['"estimate time"', fill('estimate time ')],
    ['zones', fill('EST ')],
    ['dates', fill('1/2 ')],
    ['priorities', fill('urgent ')],
    ['relative days', fill('tomorrow ')],
    ['times', fill('at 3pm ')],
    ['reminders', fill('remind me 30 min before ')],
    ['sentences', fill('Call Bob. ')],
    ['tasks joined by "and then"', fill('and then call bob ')],
    ['quotes', fill('“ ')],
  ];
}

const now = new Date('2025-03-11T15:15:00Z');
const request = (list: HostileList, input: string): RulesInput => ({ input, now, timezone: 'America/Chicago', clients: list.clients, aliases: list.aliases, timeIncrements: DEFAULT_TIME_INCREMENTS });

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

beforeAll(() => {
  // The first run compiles the rules' patterns: not what is measured.
  structureWithRules({ input: 'Call Acme tomorrow at 3pm, urgent, 30 min, every Monday', now, timezone: 'UTC', clients: ['Acme'], timeIncrements: DEFAULT_TIME_INCREMENTS });
});

describe.each(LISTS)('the full quota of clients and aliases: %s', (_, list) => {
  it('builds the index of a new list within the budget (the worker gets the list with each job)', () => {
    const { ms } = timed(() => clientMatcher([...list.clients], [...list.aliases]));
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it('still finds the client named', () => {
    expect(structureWithRules(request(list, list.naming)).clientName).toBe(list.clients[123]);
  });

  it.each(entries(list))('reads an entry of %s within the budget, alone and as several tasks', (__, input) => {
    const one = timed(() => structureWithRules(request(list, input)));
    const many = timed(() => analyseManyWithRules(request(list, input)));
    expect(structuredTaskSchema.safeParse(one.result).success).toBe(true);
    for (const task of [one.result, ...many.result.map((reading) => reading.task)]) {
      if (task.clientName !== null) expect(list.clients).toContain(task.clientName);
    }
    expect({ one: one.ms < BUDGET_MS, many: many.ms < BUDGET_MS }).toEqual({ one: true, many: true });
  });
});

describe('the capture box with a full quota (the live preview runs on every keystroke)', () => {
  it('reads each keystroke within the budget, the index built once for the list', () => {
    const list = LISTS[0]?.[1] as HostileList;
    const clients: CaptureClient[] = list.clients.map((name, i) => ({
      id: `c${i}`,
      name,
      aliases: list.aliases.slice(i * CLIENT_ALIASES_MAX, (i + 1) * CLIENT_ALIASES_MAX).map((a) => a.alias),
    }));
    const context = { now, timezone: 'Europe/Berlin', clients, timeIncrements: DEFAULT_TIME_INCREMENTS };
    const text = `Call ${list.clients[7]} about the invoice tomorrow at 3pm, then ${list.words.repeat(40)}`;
    // The capture box warms the structurer up when the client list arrives (services/web: features/capture).
    expect(timed(() => captureMany('Call the client', context)).ms).toBeLessThan(BUDGET_MS);
    let slowest = 0;
    for (let length = text.length - 40; length <= text.length; length += 1) slowest = Math.max(slowest, timed(() => captureMany(text.slice(0, length), context)).ms);
    expect(captureMany(text, context)[0]?.clientId).toBe('c7');
    expect(slowest).toBeLessThan(BUDGET_MS / 4);
  });
});
