import { z } from 'zod';
import { structuredTaskSchema, structureTaskAnswerSchema, structureTaskBodySchema, taskFromStructured, titleOnlyTask } from './ai.schemas';
import { taskCreateBodySchema } from '../tasks/tasks.schemas';
import { JOB_NAMES, JOBS, parseJobResult, STRUCTURE_TASK_JOB, STRUCTURE_TASK_JOB_OPTIONS, structureTaskJobDataSchema, structureTaskJobResultSchema } from '../jobs/jobs';

const result = {
  title: 'Send invoice',
  description: '',
  clientName: 'Acme',
  priority: 'high',
  dueDate: '2026-03-09',
  dueTime: '10:00',
  estimatedTime: '30min',
  isRecurring: true,
  recurringType: 'monthly',
  recurringInterval: 1,
  reminders: [{ kind: 'before', minutes: 30 }],
};

describe('structure-task request', () => {
  it('trims the input and requires it', () => {
    expect(structureTaskBodySchema.parse({ input: ' call Ann tomorrow ' })).toEqual({ input: 'call Ann tomorrow' });
    expect(structureTaskBodySchema.safeParse({ input: '   ' }).success).toBe(false);
    expect(structureTaskBodySchema.safeParse({ input: 'x'.repeat(2001) }).success).toBe(false);
    expect(structureTaskBodySchema.safeParse({ input: 'x'.repeat(2000) }).success).toBe(true);
  });

  it('refuses the lists older clients sent: the api reads the user’s own', () => {
    for (const extra of [{ availableClients: ['Hooli'] }, { availableTimeIncrements: ['1 hour'] }]) {
      const parsed = structureTaskBodySchema.safeParse({ input: 'call Ann', ...extra });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.code).toBe('unrecognized_keys');
    }
  });
});

describe('structure-task answer', () => {
  it('carries the task, the id of its client and who read it', () => {
    const answer = { task: result, clientId: '00000000-0000-4000-8000-000000000001', readBy: 'model' };
    expect(structureTaskAnswerSchema.parse(answer)).toEqual(answer);
    expect(structureTaskAnswerSchema.safeParse({ ...answer, readBy: 'guess' }).success).toBe(false);
    expect(structureTaskAnswerSchema.safeParse({ ...answer, clientId: 'acme' }).success).toBe(false);
  });
});

describe('structured task', () => {
  it('accepts a complete result', () => {
    expect(structuredTaskSchema.parse(result)).toEqual(result);
    const bare = { ...result, isRecurring: false, recurringType: null, clientName: null, dueDate: null, dueTime: null, estimatedTime: null };
    expect(structureTaskJobResultSchema.parse({ task: bare, readBy: 'rules' })).toEqual({ task: bare, readBy: 'rules' });
  });

  it('rejects nonsense', () => {
    expect(structuredTaskSchema.safeParse({ ...result, priority: 'asap' }).success).toBe(false);
    expect(structuredTaskSchema.safeParse({ ...result, dueDate: 'tomorrow' }).success).toBe(false);
    expect(structuredTaskSchema.safeParse({ ...result, dueTime: '7pm' }).success).toBe(false);
    expect(structuredTaskSchema.safeParse({ ...result, title: '' }).success).toBe(false);
    expect(structuredTaskSchema.safeParse({ ...result, recurringType: null }).success).toBe(false);
  });

  it('carries the reminders the text asked for (DECISIONS 29), at most five, each one of the contract’s', () => {
    const reminders = [
      { kind: 'before', minutes: 0 },
      { kind: 'on-day', daysBefore: 1, time: '18:00' },
      { kind: 'at', at: '2026-03-08T15:00:00.000Z' },
    ];
    expect(structuredTaskSchema.parse({ ...result, reminders }).reminders).toEqual(reminders);
    expect(structuredTaskSchema.safeParse({ ...result, reminders: undefined }).success).toBe(false);
    expect(structuredTaskSchema.safeParse({ ...result, reminders: [{ kind: 'before', minutes: -5 }] }).success).toBe(false);
    expect(structuredTaskSchema.safeParse({ ...result, reminders: [{ kind: 'on-day', daysBefore: 1, time: '6pm' }] }).success).toBe(false);
    expect(structuredTaskSchema.safeParse({ ...result, reminders: Array.from({ length: 6 }, (_, i) => ({ kind: 'before', minutes: i })) }).success).toBe(false);
  });

  it('can be described as JSON Schema for a model', () => {
    const schema = z.toJSONSchema(structuredTaskSchema) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(Object.keys(result));
    expect(schema.required).toEqual(expect.arrayContaining(['title', 'priority', 'dueDate']));
  });
});

describe('queue contract', () => {
  it('retries once and keeps finished jobs for late waiters', () => {
    expect(STRUCTURE_TASK_JOB_OPTIONS.attempts).toBeGreaterThan(1);
    expect(STRUCTURE_TASK_JOB_OPTIONS.backoff.delay).toBeGreaterThan(0);
    expect(STRUCTURE_TASK_JOB_OPTIONS.removeOnComplete.age).toBeGreaterThanOrEqual(60);
  });

  it('validates job data', () => {
    const data = {
      input: 'weekly report every friday 3pm',
      now: '2026-03-06T15:00:00.000Z',
      timezone: 'Europe/Berlin',
      clients: [{ name: 'Acme', aliases: ['the rocket people'] }],
      timeIncrements: [{ label: '1 hour', value: '1h' }],
      habits: [{ kind: 'weekly report', estimatedTime: '1h' }],
    };
    expect(structureTaskJobDataSchema.parse(data)).toEqual(data);
    // A client without aliases and a job without habits are complete too.
    expect(structureTaskJobDataSchema.parse({ ...data, clients: [{ name: 'Acme' }], habits: undefined })).toEqual({ ...data, clients: [{ name: 'Acme', aliases: [] }], habits: [] });
    expect(structureTaskJobDataSchema.safeParse({ ...data, clients: ['Acme'] }).success).toBe(false);
    expect(structureTaskJobDataSchema.safeParse({ ...data, timezone: 'Mars/Base' }).success).toBe(false);
    expect(structureTaskJobDataSchema.safeParse({ ...data, now: 'now' }).success).toBe(false);
  });
});

describe('the job registry', () => {
  it('names each job once, with its schemas and BullMQ options', () => {
    expect(JOB_NAMES).toContain(STRUCTURE_TASK_JOB);
    expect(new Set(JOB_NAMES).size).toBe(JOB_NAMES.length);
    expect(JOBS[STRUCTURE_TASK_JOB]).toEqual({ payload: structureTaskJobDataSchema, result: structureTaskJobResultSchema, options: STRUCTURE_TASK_JOB_OPTIONS });
  });

  it('checks a result against the job’s schema', () => {
    expect(parseJobResult(STRUCTURE_TASK_JOB, { task: { ...result, title: ' Send invoice ' }, readBy: 'model' }).task.title).toBe('Send invoice');
    expect(() => parseJobResult(STRUCTURE_TASK_JOB, { task: { ...result, priority: 'whenever' }, readBy: 'model' })).toThrow(z.ZodError);
    expect(() => parseJobResult(STRUCTURE_TASK_JOB, result)).toThrow(z.ZodError);
  });
});

describe('the task a structured text creates', () => {
  it('keeps what was read and leaves the rest at the defaults of a new task', () => {
    const task = taskFromStructured({ ...titleOnlyTask('Call Acme'), priority: 'urgent', dueDate: '2026-03-10', dueTime: '15:00', estimatedTime: '30min' }, '00000000-0000-4000-8000-000000000001');
    expect(taskCreateBodySchema.parse(task)).toMatchObject({ title: 'Call Acme', clientId: '00000000-0000-4000-8000-000000000001', priority: 'urgent', status: 'todo', dueDate: '2026-03-10', dueTime: '15:00', estimatedTime: '30min', description: null });
  });

  it('sends the reminders read, and none when none were read (the api then gives the user’s defaults)', () => {
    const reminders = [{ kind: 'on-day' as const, daysBefore: 1, time: '09:00' }];
    expect(titleOnlyTask('Call Acme').reminders).toEqual([]);
    expect(taskCreateBodySchema.parse(taskFromStructured({ ...titleOnlyTask('Call Acme'), dueDate: '2026-03-10', reminders }, null)).reminders).toEqual(reminders);
    const withoutReminders = taskFromStructured(titleOnlyTask('Call Acme'), null);
    expect('reminders' in withoutReminders).toBe(false);
    expect(taskCreateBodySchema.parse(withoutReminders).reminders).toBeUndefined();
  });

  it('drops a time without a date and a recurrence type on a task that does not recur', () => {
    const task = taskFromStructured({ ...titleOnlyTask('Water plants'), description: 'the big ones', dueTime: '09:00', recurringType: 'weekly' }, null);
    expect(task).toMatchObject({ description: 'the big ones', dueDate: null, dueTime: null, isRecurring: false, recurringType: null });
  });
});
