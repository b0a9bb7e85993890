import { DEFAULT_TIME_INCREMENTS } from '@daybook/shared';
import { localToInstant } from './context';
import { taskKind } from './kind';
import { structureWithRules } from './rules';

const CLIENTS = ['Acme Corp', 'Müller GmbH', 'Wayne Enterprises'];

describe('taskKind: one key for the same kind of work', () => {
  it.each([
    ['Weekly review with Acme', 'weekly review'],
    ['weekly review', 'weekly review'],
    ['Weekly reviews for Acme Corp on Friday', 'weekly review'],
    ["Review Acme's Q3 report", 'review report'],
    ['Send Wayne Enterprises the 3 invoices', 'send invoice'],
    ['Send the invoice to Müller', 'send invoice'],
    ['Réunion équipe Müller', 'reunion equipe'],
    ['Call the bank about the mortgage rate tomorrow', 'call bank mortgage'],
    ['Prep the March payroll run', 'prep payroll run'],
  ])('%s → %s', (title, key) => {
    expect(taskKind(title, CLIENTS)).toBe(key);
  });

  it('gives the same key whatever the client, the date, numbers or case', () => {
    expect(taskKind('Bookkeeping for Acme, March 2025', CLIENTS)).toBe(taskKind('BOOKKEEPING for Wayne Enterprises', CLIENTS));
    expect(taskKind('Site visit #2', CLIENTS)).toBe(taskKind('site visit', CLIENTS));
  });

  it('keeps different kinds of work apart', () => {
    expect(taskKind('Send the invoice', CLIENTS)).not.toBe(taskKind('Chase the invoice', CLIENTS));
  });

  it('is null when nothing meaningful is left', () => {
    expect(taskKind('Acme', CLIENTS)).toBeNull();
    expect(taskKind('the 3rd of May', CLIENTS)).toBeNull();
    expect(taskKind('', CLIENTS)).toBeNull();
  });
});

describe('usual estimates (DECISIONS 28)', () => {
  const structure = (input: string, habits: Array<{ kind: string; estimatedTime: string }>) =>
    structureWithRules({
      input,
      now: localToInstant('2025-03-11T10:15:00', 'America/Chicago'),
      timezone: 'America/Chicago',
      clients: CLIENTS,
      timeIncrements: DEFAULT_TIME_INCREMENTS,
      habits,
    });
  const habits = [
    { kind: 'design review', estimatedTime: '45min' },
    { kind: 'send invoice', estimatedTime: '15min' },
  ];

  it('gives the usual estimate of the kind of work when none is stated', () => {
    expect(structure('design review with Acme tomorrow', habits)).toMatchObject({ title: 'Design review with Acme', estimatedTime: '45min' });
    // A repeat word leaves the title (RULES §6): the kind is read from what is left.
    expect(structure('Weekly design review with Acme', habits)).toMatchObject({ title: 'Design review with Acme', isRecurring: true, estimatedTime: '45min' });
    expect(structure('remind me to send Wayne Enterprises the invoice', habits).estimatedTime).toBe('15min');
  });

  it('never overrides a stated estimate, and gives none for other kinds of work', () => {
    expect(structure('Design review, 2 hours', habits).estimatedTime).toBe('2h');
    expect(structure('Chase the Acme invoice', habits).estimatedTime).toBeNull();
    expect(structure('design review', []).estimatedTime).toBeNull();
  });

  it('keeps the usual estimate as the user chose it, as the value of an increment of that length (DECISIONS 18)', () => {
    expect(structure('Design review', [{ kind: 'design review', estimatedTime: '50min' }]).estimatedTime).toBe('50min');
    expect(structure('Design review', [{ kind: 'design review', estimatedTime: '60min' }]).estimatedTime).toBe('1h');
  });
});
