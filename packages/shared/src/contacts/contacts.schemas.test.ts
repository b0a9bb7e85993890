import { delegationContactCreateBodySchema, delegationContactUpdateBodySchema } from './contacts.schemas';

describe('delegationContactCreateBodySchema', () => {
  it('trims and requires the name', () => {
    expect(delegationContactCreateBodySchema.parse({ name: ' Sam ' })).toEqual({ name: 'Sam' });
    expect(delegationContactCreateBodySchema.safeParse({ name: ' ' }).error?.issues.map((i) => i.message)).toEqual(['Contact name is required']);
    expect(delegationContactCreateBodySchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('delegationContactUpdateBodySchema', () => {
  it('takes an optional, trimmed, non-blank name', () => {
    expect(delegationContactUpdateBodySchema.parse({})).toEqual({});
    expect(delegationContactUpdateBodySchema.parse({ name: ' Alex ' })).toEqual({ name: 'Alex' });
    expect(delegationContactUpdateBodySchema.safeParse({ name: '' }).error?.issues.map((i) => i.message)).toEqual(['Contact name is required']);
    expect(delegationContactUpdateBodySchema.safeParse({ name: 42 }).success).toBe(false);
  });
});
