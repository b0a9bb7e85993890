import { structuredTaskSchema } from '@daybook/shared';
import type { StructureProvider } from './providers/provider';
import { rulesOrPlain, structureTask } from './structure-task';
import { CONTRACT_REQUEST, VALID_ANSWER } from './test/contract-scenarios';

const provider = (structure: StructureProvider['structure'], trusted = false): StructureProvider => ({ name: 'test', trusted, structure });

describe('structureTask', () => {
  it('uses a usable model answer', async () => {
    const outcome = await structureTask(CONTRACT_REQUEST, { provider: provider(async () => JSON.stringify(VALID_ANSWER)), fallback: 'rules', timeoutMs: 500 });
    expect(outcome).toMatchObject({ source: 'provider', result: { title: 'Call Globex about the renewal' } });
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
    expect(outcome.source).toBe('fallback');
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

  it('gives the text back as a title when even the rules fail', () => {
    expect(rulesOrPlain({ ...CONTRACT_REQUEST, timezone: 'Not/AZone', input: '  call   Bob ' })).toMatchObject({ title: 'call Bob', dueDate: null, priority: 'medium' });
  });
});
