import { DEFAULT_TIME_INCREMENTS, type StructureTaskAnswer } from '@daybook/shared';
import { captureMany, localToInstant, type CaptureContext } from '@daybook/nl';
import { changedParts, correctionsOf, presentProposals, saveRequestOf, type ProposalEdit } from './proposals';

const ACME = '00000000-0000-4000-8000-000000000010';
const GLOBEX = '00000000-0000-4000-8000-000000000011';
// Wednesday 2026-03-04, 10:00 in New York.
const context: CaptureContext = {
  now: localToInstant('2026-03-04T10:00:00', 'America/New_York'),
  timezone: 'America/New_York',
  clients: [
    { id: ACME, name: 'Acme', aliases: [] },
    { id: GLOBEX, name: 'Globex', aliases: [] },
  ],
  timeIncrements: DEFAULT_TIME_INCREMENTS,
};
const read = (text: string) => captureMany(text, context);

describe('presentProposals', () => {
  it('applies the user’s edits to the proposal they are anchored in', () => {
    const text = 'Email Globex the contract tomorrow, then call Acme on Friday';
    const proposals = read(text);
    expect(proposals).toHaveLength(2);
    const second = proposals[1]!;
    const edits: ProposalEdit[] = [{ anchor: second.start, title: 'Phone Acme', clientId: GLOBEX, estimatedTime: '1h', priority: 'urgent' }];
    const [first, edited] = presentProposals(proposals, edits, null);
    expect(first).toMatchObject({ task: proposals[0]!.task, clientId: GLOBEX, removed: false });
    expect(edited).toMatchObject({ task: { title: 'Phone Acme', estimatedTime: '1h', priority: 'urgent' }, clientId: GLOBEX, removed: false });
    expect(presentProposals(proposals, [{ anchor: 0, removed: true }], null).map((item) => item.removed)).toEqual([true, false]);
  });

  it('shows the model’s reading of one proposal with the parts it changed, and the user’s edits on top', () => {
    const text = 'Call Acme tomorrow';
    const proposals = read(text);
    const answer: StructureTaskAnswer = { task: { ...proposals[0]!.task, priority: 'high', estimatedTime: '30min' }, clientId: ACME, readBy: 'model' };
    const [shown] = presentProposals(proposals, [{ anchor: 0, estimatedTime: '1h' }], { text, kept: [], answer });
    expect(shown).toMatchObject({ task: { priority: 'high', estimatedTime: '1h' }, clientId: ACME });
    expect([...shown!.changedByModel].sort()).toEqual(['estimate', 'priority']);
  });
});

describe('changedParts', () => {
  it('names each part two readings disagree on', () => {
    const [proposal] = read('Call Acme tomorrow at 3pm every week');
    const task = proposal!.task;
    expect([...changedParts(task, ACME, task, ACME)]).toEqual([]);
    expect([...changedParts(task, ACME, { ...task, title: 'Ring Acme', dueTime: '16:00', recurringInterval: 2, description: 'about the renewal' }, GLOBEX)]).toEqual([
      'title',
      'description',
      'when',
      'repeat',
      'client',
    ]);
  });

  it('names the reminders when they differ as a set', () => {
    const [proposal] = read('Call Acme tomorrow at 3pm, remind me 30 min before and at the time');
    const task = proposal!.task;
    expect(task.reminders).toHaveLength(2);
    expect([...changedParts(task, ACME, { ...task, reminders: [...task.reminders].reverse() }, ACME)]).toEqual([]);
    expect([...changedParts(task, ACME, { ...task, reminders: [{ kind: 'before', minutes: 15 }] }, ACME)]).toEqual(['reminder']);
  });
});

describe('saveRequestOf', () => {
  it('sends one task alone and several together, leaving out the removed ones', () => {
    const proposals = read('Email Globex the contract tomorrow, then call Acme on Friday and book flights next week');
    const one = saveRequestOf(presentProposals(proposals, [{ anchor: proposals[1]!.start, removed: true }, { anchor: proposals[2]!.start, removed: true }], null));
    expect(one).toEqual({ kind: 'one', body: expect.objectContaining({ title: 'Email Globex the contract', clientId: GLOBEX, dueDate: '2026-03-05', status: 'todo' }) });
    const batch = saveRequestOf(presentProposals(proposals, [{ anchor: proposals[2]!.start, removed: true }], null));
    expect(batch?.kind).toBe('batch');
    expect(batch?.kind === 'batch' && batch.body.tasks.map((task) => task.title)).toEqual(['Email Globex the contract', 'Call Acme']);
    expect(saveRequestOf(presentProposals(proposals.slice(0, 1), [{ anchor: 0, removed: true }], null))).toBeNull();
  });

  it('sends the reminders read with each task, and leaves them out of a task without (the api applies the user’s defaults)', () => {
    const proposals = read('Call Acme tomorrow at 9am, remind me at 8, then email Globex the contract on Friday and remind me the day before');
    expect(proposals).toHaveLength(2);
    const batch = saveRequestOf(presentProposals(proposals, [], null));
    expect(batch?.kind === 'batch' && batch.body.tasks.map((task) => [task.title, task.reminders])).toEqual([
      ['Call Acme', [{ kind: 'on-day', daysBefore: 0, time: '08:00' }]],
      ['Email Globex the contract', [{ kind: 'on-day', daysBefore: 1, time: '09:00' }]],
    ]);
    const one = saveRequestOf(presentProposals(read('Call Acme tomorrow at 9am, remind me 30 min before'), [], null));
    expect(one).toEqual({ kind: 'one', body: expect.objectContaining({ dueTime: '09:00', reminders: [{ kind: 'before', minutes: 30 }] }) });
    const none = saveRequestOf(presentProposals(read('Call Acme tomorrow at 9am'), [], null));
    expect(none?.kind === 'one' && 'reminders' in none.body).toBe(false);
  });

  it('checks the tasks with the shared contract first, naming the task of several the message is about', () => {
    const proposals = read('Email Globex the contract tomorrow, then call Acme on Friday');
    const blankSecond: ProposalEdit[] = [{ anchor: proposals[1]!.start, title: '   ' }];
    expect(saveRequestOf(presentProposals(proposals, blankSecond, null))).toEqual({ kind: 'invalid', message: 'Task 2: Title is required' });
    expect(saveRequestOf(presentProposals(proposals.slice(0, 1), [{ anchor: 0, title: '' }], null))).toEqual({ kind: 'invalid', message: 'Title is required' });
  });
});

describe('correctionsOf', () => {
  it('teaches the words read as the client for the client chosen, and the estimate chosen for the title', () => {
    const text = 'Payroll run for Acme 30 min';
    const proposals = read(text);
    const edits: ProposalEdit[] = [{ anchor: 0, clientId: GLOBEX, estimatedTime: '2h' }];
    const shown = presentProposals(proposals, edits, null);
    expect(correctionsOf(shown, edits, text)).toEqual({
      clientAliases: [{ alias: 'Acme', clientId: GLOBEX }],
      estimates: [{ title: shown[0]!.task.title, estimatedTime: '2h' }],
    });
  });

  it('teaches an unknown name for the client chosen', () => {
    const text = 'Hooli: send the quarterly report';
    const proposals = read(text);
    expect(proposals[0]!.unknownClient).toMatchObject({ name: 'Hooli' });
    const edits: ProposalEdit[] = [{ anchor: 0, clientId: ACME }];
    expect(correctionsOf(presentProposals(proposals, edits, null), edits, text)).toEqual({ clientAliases: [{ alias: 'Hooli', clientId: ACME }], estimates: [] });
  });

  it('has nothing to teach when nothing was changed, a client was taken away, or the choice is what was read', () => {
    const text = 'Payroll run for Acme 30 min';
    const proposals = read(text);
    const none = (edits: ProposalEdit[]) => correctionsOf(presentProposals(proposals, edits, null), edits, text);
    expect(none([])).toBeNull();
    expect(none([{ anchor: 0, clientId: null, estimatedTime: null }])).toBeNull();
    expect(none([{ anchor: 0, clientId: ACME, estimatedTime: '30min' }])).toBeNull();
    expect(none([{ anchor: 0, clientId: GLOBEX, removed: true }])).toBeNull();
  });
});
