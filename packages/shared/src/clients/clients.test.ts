import { CLIENT_COLOR_PALETTE, DEFAULT_CLIENT_COLOR, HEX_COLOR_PATTERN } from './client-colors';
import { findClientByName, sortClients } from './client-order';
import { CLIENT_ALIASES_MAX, clientCreateBodySchema, clientReorderBodySchema, clientUpdateBodySchema } from './clients.schemas';

const ID1 = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ID2 = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('client colours', () => {
  it('has 20 distinct presets, the default first', () => {
    expect(CLIENT_COLOR_PALETTE).toHaveLength(20);
    expect(new Set(CLIENT_COLOR_PALETTE).size).toBe(20);
    expect(CLIENT_COLOR_PALETTE[0]).toBe(DEFAULT_CLIENT_COLOR);
    for (const color of CLIENT_COLOR_PALETTE) expect(color).toMatch(HEX_COLOR_PATTERN);
  });
});

describe('client order', () => {
  it('sorts by sortOrder, then name ignoring case', () => {
    const sorted = sortClients([
      { name: 'beta', sortOrder: 1 },
      { name: 'Zulu', sortOrder: 0 },
      { name: 'Alpha', sortOrder: 1 },
      { name: 'alpha', sortOrder: 0 },
    ]);
    expect(sorted.map((c) => `${c.sortOrder}:${c.name}`)).toEqual(['0:alpha', '0:Zulu', '1:Alpha', '1:beta']);
  });

  it('finds a client by name ignoring case', () => {
    const clients = [{ name: 'Acme' }, { name: 'Globex' }];
    expect(findClientByName(clients, ' acme ')).toBe(clients[0]);
    expect(findClientByName(clients, 'Initech')).toBeUndefined();
    expect(findClientByName(clients, '')).toBeUndefined();
    expect(findClientByName(clients, null)).toBeUndefined();
  });
});

describe('client schemas', () => {
  it('create: name trimmed and required, colour defaulted and lower-cased, the default rate, billable', () => {
    const defaults = { aliases: [], hourlyRateMinor: null, billable: true };
    expect(clientCreateBodySchema.parse({ name: ' Acme ' })).toEqual({ name: 'Acme', color: '#e5e7eb', ...defaults });
    expect(clientCreateBodySchema.parse({ name: 'Acme', color: '' })).toEqual({ name: 'Acme', color: '#e5e7eb', ...defaults });
    expect(clientCreateBodySchema.parse({ name: 'Acme', color: '#FF00aa' })).toEqual({ name: 'Acme', color: '#ff00aa', ...defaults });
    expect(clientCreateBodySchema.safeParse({ name: '  ' }).error?.issues.map((i) => i.message)).toEqual(['Client name is required']);
    expect(clientCreateBodySchema.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['Client name is required']);
    expect(clientCreateBodySchema.safeParse({ name: 'Acme', color: 'red' }).success).toBe(false);
    expect(clientCreateBodySchema.safeParse({ name: 'Acme', color: '#fff' }).success).toBe(false);
    expect(clientCreateBodySchema.safeParse({ name: 'A\u0000' }).success).toBe(false);
  });

  it('aliases: trimmed, not blank, at most CLIENT_ALIASES_MAX, no repeats in any letter case', () => {
    expect(clientCreateBodySchema.parse({ name: 'Robertson Retail', aliases: [" Bob's shop ", 'RR'] }).aliases).toEqual(["Bob's shop", 'RR']);
    const issues = (aliases: unknown) => clientCreateBodySchema.safeParse({ name: 'Robertson Retail', aliases }).error?.issues.map((i) => i.message);
    expect(issues(['  '])).toEqual(['An alias must not be blank']);
    expect(issues(["Bob's shop", "BOB'S SHOP"])).toEqual(['Aliases must not repeat']);
    expect(issues(Array.from({ length: CLIENT_ALIASES_MAX + 1 }, (_, i) => `name ${i}`))).toEqual([`At most ${CLIENT_ALIASES_MAX} aliases`]);
    expect(clientUpdateBodySchema.parse({ aliases: [] })).toEqual({ aliases: [] });
  });

  it('rate and billable (DECISIONS 31): whole minor units or null for the default; a boolean', () => {
    expect(clientCreateBodySchema.parse({ name: 'Acme', hourlyRateMinor: 8550, billable: false })).toMatchObject({ hourlyRateMinor: 8550, billable: false });
    expect(clientUpdateBodySchema.parse({ hourlyRateMinor: null })).toEqual({ hourlyRateMinor: null });
    const issue = (body: unknown) => clientUpdateBodySchema.safeParse(body).error?.issues[0]?.message;
    expect(issue({ hourlyRateMinor: 85.5 })).toBe('Hourly rate must be a whole number of minor units (cents)');
    expect(issue({ hourlyRateMinor: -1 })).toBe('Hourly rate must not be negative');
    expect(issue({ hourlyRateMinor: '85' })).toBe('Hourly rate must be a number');
    expect(issue({ billable: 'yes' })).toBe('Billable must be true or false');
  });

  it('update: any subset', () => {
    expect(clientUpdateBodySchema.parse({})).toEqual({});
    expect(clientUpdateBodySchema.parse({ color: '#ABCDEF' })).toEqual({ color: '#abcdef' });
    expect(clientUpdateBodySchema.safeParse({ name: '' }).success).toBe(false);
  });

  it('reorder: distinct ids, sortOrder 0..1,000,000', () => {
    const ok = { clients: [{ id: ID1, sortOrder: 0 }, { id: ID2, sortOrder: 1_000_000 }] };
    expect(clientReorderBodySchema.parse(ok)).toEqual(ok);
    expect(clientReorderBodySchema.safeParse({ clients: [] }).success).toBe(false);
    expect(clientReorderBodySchema.safeParse({ clients: [{ id: ID1, sortOrder: -1 }] }).success).toBe(false);
    expect(clientReorderBodySchema.safeParse({ clients: [{ id: ID1, sortOrder: 1_000_001 }] }).success).toBe(false);
    expect(clientReorderBodySchema.safeParse({ clients: [{ id: ID1, sortOrder: 1.5 }] }).success).toBe(false);
    const dup = clientReorderBodySchema.safeParse({ clients: [{ id: ID1, sortOrder: 0 }, { id: ID1, sortOrder: 1 }] });
    expect(dup.error?.issues.map((i) => i.message)).toEqual(['Client ids must not repeat']);
  });
});
