import { rules } from './test-fixture';
import { canonicalClientName, resolveClientName } from './clients';

const client = (input: string, clients?: string[]) => {
  const r = rules(input, clients ? { clients } : {});
  return [r.title, r.clientName];
};

describe('client names', () => {
  it('matches the full name or a unique leading word sequence, in canonical spelling', () => {
    expect(client('Call Acme about the invoice')).toEqual(['Call Acme about the invoice', 'Acme Corp']);
    expect(client('send the proposal to globex')).toEqual(['send the proposal to globex', 'Globex']);
    expect(client('Kickoff with wayne enterprises')).toEqual(['Kickoff with wayne enterprises', 'Wayne Enterprises']);
    expect(client("Send Initech's contract")).toEqual(["Send Initech's contract", 'Initech']);
    expect(client('Call muller tomorrow', ['Müller GmbH'])).toEqual(['Call muller', 'Müller GmbH']);
  });

  it('reads markup and removes it from the title', () => {
    expect(client('Update logo files +Stark')).toEqual(['Update logo files', 'Stark Industries']);
    expect(client('Ship it #wayne')).toEqual(['Ship it', 'Wayne Enterprises']);
    expect(client('Pack boxes +"Office Move"', ['Office Move'])).toEqual(['Pack boxes', 'Office Move']);
    expect(client('Globex: send the report')).toEqual(['Send the report', 'Globex']);
    expect(client('Lorem Ipsum +project1 +project2', ['project1', 'project2'])).toEqual(['Lorem Ipsum +project2', 'project1']);
  });

  it.each([
    ['Fix header bug +Hooli', undefined],
    ['Call Acme about the delay', ['Acme Corp', 'Acme Logistics']],
    ['Buy apples', ['Apple']],
    ['Review the sales target', ['Target']],
    ['Call Acme tomorrow', []],
    ['"Pay Acme tomorrow"', undefined],
  ])('no client: %s', (input, clients) => {
    expect(rules(input, clients ? { clients } : {}).clientName).toBeNull();
  });

  it('resolves model answers against the list', () => {
    expect(resolveClientName('acme corp', ['Acme Corp'])).toBe('Acme Corp');
    expect(resolveClientName('StarkIndustries', ['Stark Industries'])).toBe('Stark Industries');
    expect(canonicalClientName('Hooli', ['Acme Corp'])).toBeNull();
    expect(canonicalClientName(null, ['Acme Corp'])).toBeNull();
  });
});
