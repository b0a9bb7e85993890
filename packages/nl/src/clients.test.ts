import { DEFAULT_TIME_INCREMENTS } from '@daybook/shared';
import { canonicalClientName, clientMatcher, nameTokens, resolveClientName } from './clients';
import { localToInstant } from './context';
import { analyseWithRules } from './rules';
import { rules } from './test-fixture';

const client = (input: string, clients?: string[]) => {
  const r = rules(input, clients ? { clients } : {});
  return [r.title, r.clientName];
};

/** Clients whose names look like other words: dates, times, numbers, common nouns. */
const TRADES = ['O’Brien Plumbing', 'Smith & Co.', 'Müller GmbH', 'Noon Bakery', 'Sunday Studio', 'March Consulting', '3M', 'Northwind', 'Northwind Health', 'Apple', 'Target', 'Harbor Dental'];

describe('client names', () => {
  it('matches the full name or a unique leading word sequence, in canonical spelling', () => {
    expect(client('Call Acme about the invoice')).toEqual(['Call Acme about the invoice', 'Acme Corp']);
    expect(client('send the proposal to globex')).toEqual(['Send the proposal to globex', 'Globex']);
    expect(client('Kickoff with wayne enterprises')).toEqual(['Kickoff with wayne enterprises', 'Wayne Enterprises']);
    expect(client("Send Initech's contract")).toEqual(["Send Initech's contract", 'Initech']);
    expect(client('Call muller tomorrow', ['Müller GmbH'])).toEqual(['Call muller', 'Müller GmbH']);
    expect(client('Call MÜLLER about the pallets', TRADES)).toEqual(['Call MÜLLER about the pallets', 'Müller GmbH']);
  });

  it('normalises apostrophes, & and a trailing period before comparing', () => {
    expect(client("Call O'Brien Plumbing about the boiler", TRADES)[1]).toBe('O’Brien Plumbing');
    expect(client('Invoice Smith and Co for the audit', TRADES)[1]).toBe('Smith & Co.');
    expect(client('Email Smith & Co about the engagement letter', TRADES)[1]).toBe('Smith & Co.');
    expect(client('Send the proposal to smith & co.', TRADES)).toEqual(['Send the proposal to smith & co.', 'Smith & Co.']);
    expect(client('Call Delacroix and Fils about the wine order', ['Delacroix & Fils'])[1]).toBe('Delacroix & Fils');
  });

  it('reads markup and removes it from the title', () => {
    expect(client('Update logo files +Stark')).toEqual(['Update logo files', 'Stark Industries']);
    expect(client('Ship it #wayne')).toEqual(['Ship it', 'Wayne Enterprises']);
    expect(client('Pack boxes +"Office Move"', ['Office Move'])).toEqual(['Pack boxes', 'Office Move']);
    expect(client('Globex: send the report')).toEqual(['Send the report', 'Globex']);
    expect(client('For Harbor Dental: confirm the chair delivery', TRADES)).toEqual(['Confirm the chair delivery', 'Harbor Dental']);
    expect(client('Lorem Ipsum +project1 +project2', ['project1', 'project2'])).toEqual(['Lorem Ipsum +project2', 'project1']);
  });

  it('lets client names win over dates, times, numbers and estimates (the rest of the sentence is still read)', () => {
    expect(rules('Noon Bakery order at noon tomorrow', { clients: TRADES })).toMatchObject({ title: 'Noon Bakery order', clientName: 'Noon Bakery', dueDate: '2025-03-12', dueTime: '12:00' });
    expect(rules('Sunday Studio shoot prep', { clients: TRADES })).toMatchObject({ title: 'Sunday Studio shoot prep', clientName: 'Sunday Studio', dueDate: null });
    expect(rules('March Consulting kickoff on March 20', { clients: TRADES })).toMatchObject({ clientName: 'March Consulting', dueDate: '2025-03-20' });
    expect(rules('Order tape from 3M', { clients: TRADES })).toMatchObject({ title: 'Order tape from 3M', clientName: '3M', estimatedTime: null });
  });

  it('takes the longest matching name, and the first client named', () => {
    expect(client('Review the Northwind Health renewal', TRADES)[1]).toBe('Northwind Health');
    expect(client('Call Northwind about the late trucks', TRADES)[1]).toBe('Northwind');
    expect(client('Call Initech and Globex about the merger')[1]).toBe('Initech');
    expect(client('Compare the Globex quote with Acme')[1]).toBe('Globex');
  });

  it('matches a common-word client only as a name, as markup, possessive, or object of a contact verb', () => {
    expect(client('Call Apple about the iPad repair', TRADES)[1]).toBe('Apple');
    expect(client('email apple re the invoice', TRADES)[1]).toBe('Apple');
    expect(client('Visit Target store about the display', TRADES)[1]).toBe('Target');
    expect(client("Apple's invoice is late", TRADES)[1]).toBe('Apple');
    expect(client('Send the deck +target', TRADES)[1]).toBe('Target');
    expect(client('invoice target for the display work', TRADES)[1]).toBe('Target');
  });

  it.each([
    ['Fix header bug +Hooli', undefined],
    ['Call Acme about the delay', ['Acme Corp', 'Acme Logistics']],
    ['Buy apples', ['Apple']],
    ['Buy apple juice for the waiting room', TRADES],
    ['send apple pie recipes to the caterer', TRADES],
    ['Review the sales target', ['Target']],
    ['Target practice at the range', TRADES],
    ['Call Acme tomorrow', []],
    ['"Pay Acme tomorrow"', undefined],
    ['Send the report to the board', ['The Coffee House']],
  ])('no client: %s', (input, clients) => {
    expect(rules(input, clients ? { clients } : {}).clientName).toBeNull();
  });

  it('resolves typed and model answers against the list, with the same comparison', () => {
    expect(resolveClientName('acme corp', ['Acme Corp'])).toBe('Acme Corp');
    expect(resolveClientName('StarkIndustries', ['Stark Industries'])).toBe('Stark Industries');
    expect(resolveClientName('Smith and Co', ['Smith & Co.'])).toBe('Smith & Co.');
    expect(resolveClientName("o'brien plumbing", ['O’Brien Plumbing'])).toBe('O’Brien Plumbing');
    expect(resolveClientName('Müller', ['Müller GmbH'])).toBe('Müller GmbH');
    expect(resolveClientName("Initech's", ['Initech'])).toBe('Initech');
    expect(resolveClientName('Acme', ['Acme Corp', 'Acme Logistics'])).toBeNull();
    expect(canonicalClientName('Hooli', ['Acme Corp'])).toBeNull();
    expect(canonicalClientName(null, ['Acme Corp'])).toBeNull();
    expect(canonicalClientName('  ', ['Acme Corp'])).toBeNull();
  });

  it('compares names by their words: case, accents, apostrophes, & and a trailing period', () => {
    expect(nameTokens('Smith & Co.')).toEqual(['smith', 'and', 'co']);
    expect(nameTokens('O’Brien  Plumbing')).toEqual(['obrien', 'plumbing']);
    expect(nameTokens('Société Générale')).toEqual(['societe', 'generale']);
  });

  it('builds the patterns once per client list', () => {
    expect(clientMatcher(['Acme Corp', 'Globex'])).toBe(clientMatcher(['Acme Corp', 'Globex']));
    expect(clientMatcher(['Acme Corp'])).not.toBe(clientMatcher(['Acme Corp', 'Globex']));
  });
});

const now = localToInstant('2025-03-11T10:15:00', 'America/Chicago');
const analyse = (input: string, aliases: Array<{ alias: string; client: string }> = [], clients = ['Wayne Enterprises', 'Umbrella Health', 'Globex']) =>
  analyseWithRules({ input, now, timezone: 'America/Chicago', clients, timeIncrements: DEFAULT_TIME_INCREMENTS, aliases });

describe('client aliases (DECISIONS 28)', () => {
  const aliases = [
    { alias: 'Brucey', client: 'Wayne Enterprises' },
    { alias: 'Big U', client: 'Umbrella Health' },
    { alias: 'the clinic', client: 'Umbrella Health' },
  ];

  it('match like a client name and give the canonical client', () => {
    expect(analyse('Call Brucey about the gala', aliases).task).toMatchObject({ title: 'Call Brucey about the gala', clientName: 'Wayne Enterprises' });
    expect(analyse('send big u the invoice', aliases).task.clientName).toBe('Umbrella Health');
    expect(analyse('Drop the forms at the clinic tomorrow', aliases).task).toMatchObject({ clientName: 'Umbrella Health', dueDate: '2025-03-12' });
    expect(analyse("Brucey's invoice is late", aliases).task.clientName).toBe('Wayne Enterprises');
  });

  it('work as markup and as a leading label', () => {
    expect(analyse('+brucey fix the header', aliases).task).toMatchObject({ title: 'Fix the header', clientName: 'Wayne Enterprises' });
    expect(analyse('#BigU send the deck', aliases).task).toMatchObject({ title: 'Send the deck', clientName: 'Umbrella Health' });
    expect(analyse('Brucey: renew the contract', aliases).task).toMatchObject({ title: 'Renew the contract', clientName: 'Wayne Enterprises' });
  });

  it('resolve through resolveClientName and canonicalClientName', () => {
    expect(resolveClientName('brucey', ['Wayne Enterprises'], aliases)).toBe('Wayne Enterprises');
    expect(canonicalClientName('BIG U', ['Umbrella Health'], aliases)).toBe('Umbrella Health');
    expect(resolveClientName('brucey', ['Wayne Enterprises'])).toBeNull();
  });

  it('are ignored when their client is not in the list', () => {
    expect(analyse('Call Brucey', [{ alias: 'Brucey', client: 'Hooli' }]).task.clientName).toBeNull();
  });
});

describe('unknown client markup (the preview offers to create the client)', () => {
  it('reports +Name and #name with offsets into the input as given', () => {
    const input = '  Fix the header bug +Hooli';
    const { unknownClient, task } = analyse(input);
    expect(task).toMatchObject({ title: 'Fix the header bug +Hooli', clientName: null });
    expect(unknownClient).toEqual({ name: 'Hooli', start: 21, end: 27 });
    expect(input.slice(unknownClient!.start, unknownClient!.end)).toBe('+Hooli');
    expect(analyse('Update the pitch deck #hooli').unknownClient).toMatchObject({ name: 'hooli' });
    expect(analyse('Pack boxes +"Pied Piper"').unknownClient).toMatchObject({ name: 'Pied Piper' });
  });

  it('reports a capitalised leading label before a task, which then stays in the title', () => {
    const { unknownClient, task } = analyse('Hooli: send the quarterly report');
    expect(unknownClient).toEqual({ name: 'Hooli', start: 0, end: 5 });
    expect(task).toMatchObject({ title: 'Hooli: send the quarterly report', clientName: null, description: '' });
  });

  it.each(['Groceries: milk, eggs', 'Reminder: call the bank', 'Fix bug #42', 'Call Globex +Globex', 'Budget: review the numbers', 'Mom: call back'])('reports nothing for %s', (input) => {
    expect(analyse(input).unknownClient).toBeNull();
  });
});

describe('a client name before a dash', () => {
  it('is a label before a task', () => {
    expect(client('Wayne Enterprises - chase the unpaid invoice')).toEqual(['Chase the unpaid invoice', 'Wayne Enterprises']);
  });

  it('stays a word of the title before a short name-like qualifier', () => {
    const r = rules('Stark Industries - Lobby Refit Stage 2');
    expect([r.title, r.description, r.clientName]).toEqual(['Stark Industries', 'Lobby Refit Stage 2', 'Stark Industries']);
  });
});
