import { structuredTaskSchema } from '@daybook/shared';
import type { StructureProvider } from './providers/provider';
import { rulesOrPlain, structureTask } from './structure-task';
import { CONTRACT_REQUEST, VALID_ANSWER } from './test/contract-scenarios';

const provider = (structure: StructureProvider['structure'], trusted = false): StructureProvider => ({ name: 'test', trusted, structure });

describe('structureTask', () => {
  it('uses a usable model answer', async () => {
    const outcome = await structureTask(CONTRACT_REQUEST, { provider: provider(async () => JSON.stringify(VALID_ANSWER)), fallback: 'rules', timeoutMs: 500 });
    expect(outcome).toMatchObject({ source: 'provider', readBy: 'model', result: { title: 'Call Globex about the renewal' } });
  });

  it('stops waiting at the deadline even when the provider ignores the abort signal', async () => {
    let aborted = false;
    const slow = provider(
      (_request, { signal }) =>
        new Promise(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
    );
    const started = Date.now();
    const outcome = await structureTask(CONTRACT_REQUEST, { provider: slow, fallback: 'rules', timeoutMs: 100 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(outcome).toMatchObject({ source: 'fallback', readBy: 'rules' });
    expect(outcome.reason).toMatch(/no answer within 100 ms/);
    expect(aborted).toBe(true);
  });

  it('answers with the rules when a trusted provider throws', async () => {
    const broken = provider(async () => {
      throw new Error('bug');
    }, true);
    const outcome = await structureTask(CONTRACT_REQUEST, { provider: broken, fallback: 'rules', timeoutMs: 100 });
    expect(outcome.source).toBe('fallback');
    expect(structuredTaskSchema.parse(outcome.result).clientName).toBe('Globex');
  });

  it('gives a model the rules’ reading as its draft, and answers with that draft when the model’s answer is unusable', async () => {
    const drafts: unknown[] = [];
    const reviewer = provider(async (_request, { draft }) => {
      drafts.push(draft);
      return 'I would rather not.';
    });
    const outcome = await structureTask(CONTRACT_REQUEST, { provider: reviewer, fallback: 'rules', timeoutMs: 500 });
    expect(drafts).toEqual([rulesOrPlain(CONTRACT_REQUEST)]);
    expect(outcome).toMatchObject({ source: 'fallback', readBy: 'rules', result: rulesOrPlain(CONTRACT_REQUEST) });
  });

  it('keeps the reminders the rules read when the model answers none (DECISIONS 29)', async () => {
    const request = { ...CONTRACT_REQUEST, input: `${CONTRACT_REQUEST.input}, remind me 15 min before` };
    const { reminders: _none, ...withoutReminders } = VALID_ANSWER;
    const outcome = await structureTask(request, { provider: provider(async () => JSON.stringify(withoutReminders)), fallback: 'rules', timeoutMs: 500 });
    expect(outcome).toMatchObject({ source: 'provider', readBy: 'model', result: { dueTime: '15:00', reminders: [{ kind: 'before', minutes: 15 }] } });
    expect(rulesOrPlain(request).reminders).toEqual([{ kind: 'before', minutes: 15 }]);
  });

  it('asks the rules provider for no draft: it is the rules', async () => {
    const options: unknown[] = [];
    const rules = provider(async (request, callOptions) => {
      options.push(callOptions.draft);
      return rulesOrPlain(request);
    }, true);
    expect((await structureTask(CONTRACT_REQUEST, { provider: rules, fallback: 'rules', timeoutMs: 100 })).readBy).toBe('rules');
    expect(options).toEqual([undefined]);
  });

  it('gives the text back as a title when even the rules fail', () => {
    expect(rulesOrPlain({ ...CONTRACT_REQUEST, timezone: 'Not/AZone', input: '  call   Bob ' })).toMatchObject({ title: 'Call Bob', dueDate: null, priority: 'medium' });
  });
});
