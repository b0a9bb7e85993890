import { captureCorrectionsBodySchema, taskBatchCreateBodySchema, TASK_BATCH_MAX } from './capture.schemas';

const CLIENT_ID = '00000000-0000-4000-8000-000000000001';
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('taskBatchCreateBodySchema', () => {
  it('defaults every task like POST /api/tasks and keeps their order', () => {
    const parsed = taskBatchCreateBodySchema.parse({ tasks: [{ title: 'Send the Harbor Dental invoice' }, { title: 'Book the venue', priority: 'high' }] });
    expect(parsed.tasks.map((t) => [t.title, t.priority, t.status, t.sortOrder])).toEqual([
      ['Send the Harbor Dental invoice', 'medium', 'todo', 0],
      ['Book the venue', 'high', 'todo', 0],
    ]);
  });

  it('needs one task and takes at most TASK_BATCH_MAX', () => {
    expect(messages(taskBatchCreateBodySchema.safeParse({ tasks: [] }))).toEqual(['At least one task is required']);
    const many = Array.from({ length: TASK_BATCH_MAX + 1 }, (_, i) => ({ title: `Task ${i}` }));
    expect(messages(taskBatchCreateBodySchema.safeParse({ tasks: many }))).toEqual([`At most ${TASK_BATCH_MAX} tasks at once`]);
  });

  it('names the task an issue belongs to by its index', () => {
    const result = taskBatchCreateBodySchema.safeParse({ tasks: [{ title: 'Fine' }, { title: '  ' }] });
    expect(result.error?.issues.map((i) => i.path)).toEqual([['tasks', 1, 'title']]);
  });
});

describe('captureCorrectionsBodySchema', () => {
  it('takes aliases and estimates, each list optional', () => {
    expect(captureCorrectionsBodySchema.parse({})).toEqual({ clientAliases: [], estimates: [] });
    expect(
      captureCorrectionsBodySchema.parse({ clientAliases: [{ alias: ' the dentists ', clientId: CLIENT_ID }], estimates: [{ title: 'Weekly payroll run', estimatedTime: '1.5h' }] }),
    ).toEqual({ clientAliases: [{ alias: 'the dentists', clientId: CLIENT_ID }], estimates: [{ title: 'Weekly payroll run', estimatedTime: '1.5h' }] });
  });

  it('accepts the estimates the shared rules read, and refuses others', () => {
    for (const estimatedTime of ['30min', '2h', '1d', '2 hours', '1h 30min']) {
      expect(captureCorrectionsBodySchema.safeParse({ estimates: [{ title: 'Draft the lease', estimatedTime }] }).success).toBe(true);
    }
    for (const estimatedTime of ['soon', '0min', '']) {
      expect(captureCorrectionsBodySchema.safeParse({ estimates: [{ title: 'Draft the lease', estimatedTime }] }).success).toBe(false);
    }
    expect(messages(captureCorrectionsBodySchema.safeParse({ estimates: [{ title: 'Draft the lease', estimatedTime: 'a while' }] }))).toEqual([
      'Estimate must be a duration such as 30min, 2h or 1d',
    ]);
  });

  it('refuses blank aliases and ids that are not ids', () => {
    expect(messages(captureCorrectionsBodySchema.safeParse({ clientAliases: [{ alias: ' ', clientId: CLIENT_ID }] }))).toEqual(['An alias must not be blank']);
    expect(captureCorrectionsBodySchema.safeParse({ clientAliases: [{ alias: 'Bob', clientId: 'bob' }] }).success).toBe(false);
  });
});
