import { z } from 'zod';
import {
  archivedQuerySchema,
  calendarQuerySchema,
  taskCommentCreateBodySchema,
  taskCompleteBodySchema,
  taskCreateBodySchema,
  taskReorderBodySchema,
  taskReorderTodayBodySchema,
  taskSchema,
  taskUpdateBodySchema,
} from './tasks.schemas';

const ID1 = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ID2 = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((i) => i.message) ?? [];

describe('taskCreateBodySchema', () => {
  it('defaults every field but the title (the due time stays absent: a date-time due date may give it)', () => {
    expect(taskCreateBodySchema.parse({ title: '  Call Ann  ' })).toEqual({
      title: 'Call Ann',
      description: null,
      clientId: null,
      priority: 'medium',
      status: 'todo',
      dueDate: null,
      estimatedTime: null,
      isCompleted: false,
      isBacklog: false,
      documentLinks: [],
      isRecurring: false,
      recurringType: null,
      recurringInterval: 1,
      isDelegated: false,
      delegatedToId: null,
      delegationNotes: null,
      sortOrder: 0,
    });
  });

  it('requires a non-blank title of at most 500 characters', () => {
    expect(messages(taskCreateBodySchema.safeParse({}))).toEqual(['Title is required']);
    expect(messages(taskCreateBodySchema.safeParse({ title: '   ' }))).toEqual(['Title is required']);
    expect(taskCreateBodySchema.safeParse({ title: 'x'.repeat(500) }).success).toBe(true);
    expect(messages(taskCreateBodySchema.safeParse({ title: 'x'.repeat(501) }))).toEqual(['Must be at most 500 characters']);
  });

  it('rejects NUL bytes in every text', () => {
    for (const body of [
      { title: 'a\u0000b' },
      { title: 'ok', description: 'a\u0000b' },
      { title: 'ok', estimatedTime: '1\u0000h' },
      { title: 'ok', documentLinks: ['https://x\u0000'] },
      { title: 'ok', delegationNotes: '\u0000x' },
    ]) {
      expect(messages(taskCreateBodySchema.safeParse(body))).toContain('Text must not contain NUL characters');
    }
  });

  it('limits description and estimated time', () => {
    expect(taskCreateBodySchema.safeParse({ title: 't', description: 'x'.repeat(10_000) }).success).toBe(true);
    expect(taskCreateBodySchema.safeParse({ title: 't', description: 'x'.repeat(10_001) }).success).toBe(false);
    expect(taskCreateBodySchema.safeParse({ title: 't', estimatedTime: 'x'.repeat(51) }).success).toBe(false);
  });

  it('accepts a real date, a date-time, or blank for dueDate', () => {
    const due = (dueDate: unknown) => taskCreateBodySchema.safeParse({ title: 't', dueDate });
    expect(due('2026-03-05').data?.dueDate).toBe('2026-03-05');
    expect(due('2026-03-05T14:30:00.000Z').data?.dueDate).toBe('2026-03-05T14:30:00.000Z');
    expect(due('2026-03-05T14:30:00-05:00').success).toBe(true);
    expect(due('2026-03-05T14:30').success).toBe(true);
    expect(due('').data?.dueDate).toBeNull();
    expect(due(null).data?.dueDate).toBeNull();
    expect(messages(due('2026-02-30'))).toEqual(['Due date must be a date (YYYY-MM-DD) or a date-time']);
    expect(due('2026-02-30T10:00:00Z').success).toBe(false);
    expect(due('next friday').success).toBe(false);
    expect(due(20260305).success).toBe(false);
  });

  it('reads dueTime as 24-hour HH:mm', () => {
    const time = (dueTime: unknown) => taskCreateBodySchema.safeParse({ title: 't', dueDate: '2026-03-05', dueTime });
    expect(time('14:30').data?.dueTime).toBe('14:30');
    expect(time('9:05').data?.dueTime).toBe('09:05');
    expect(time('').data?.dueTime).toBeNull();
    expect(time(null).data?.dueTime).toBeNull();
    expect(messages(time('25:00'))).toEqual(['Due time must be HH:mm (24-hour)']);
    expect(time('2pm').success).toBe(false);
  });

  it('validates priority and status enums', () => {
    expect(taskCreateBodySchema.safeParse({ title: 't', priority: 'urgent' }).success).toBe(true);
    expect(taskCreateBodySchema.safeParse({ title: 't', priority: 'critical' }).success).toBe(false);
    expect(taskCreateBodySchema.safeParse({ title: 't', status: 'review' }).data?.status).toBe('review');
    expect(taskCreateBodySchema.safeParse({ title: 't', status: 'done' }).success).toBe(false);
  });

  it('makes status and flags consistent', () => {
    expect(taskCreateBodySchema.parse({ title: 't', status: 'completed' })).toMatchObject({ status: 'completed', isCompleted: true, isBacklog: false });
    expect(taskCreateBodySchema.parse({ title: 't', isBacklog: true })).toMatchObject({ status: 'backlog', isCompleted: false, isBacklog: true });
    expect(taskCreateBodySchema.parse({ title: 't', status: 'todo', isCompleted: false, isBacklog: false })).toMatchObject({ status: 'todo' });
    expect(taskCreateBodySchema.parse({ title: 't', status: 'in_progress', isCompleted: true })).toMatchObject({ status: 'in_progress', isCompleted: false });
  });

  it('drops blank document links, trims the rest, and limits them', () => {
    expect(taskCreateBodySchema.parse({ title: 't', documentLinks: [' https://a.example ', '', '   '] }).documentLinks).toEqual(['https://a.example']);
    const links = Array.from({ length: 21 }, (_, i) => `https://x.example/${i}`);
    expect(messages(taskCreateBodySchema.safeParse({ title: 't', documentLinks: links }))).toEqual(['At most 20 document links']);
    expect(taskCreateBodySchema.safeParse({ title: 't', documentLinks: ['', ...links.slice(1)] }).success).toBe(true);
    expect(taskCreateBodySchema.safeParse({ title: 't', documentLinks: ['x'.repeat(2001)] }).success).toBe(false);
  });

  it('reads empty client and delegate ids as null and checks uuids', () => {
    expect(taskCreateBodySchema.parse({ title: 't', clientId: '', delegatedToId: '' })).toMatchObject({ clientId: null, delegatedToId: null });
    expect(taskCreateBodySchema.parse({ title: 't', clientId: ID1 }).clientId).toBe(ID1);
    expect(messages(taskCreateBodySchema.safeParse({ title: 't', clientId: 'abc' }))).toEqual(['Invalid id']);
  });

  it('validates recurrence', () => {
    expect(taskCreateBodySchema.parse({ title: 't', isRecurring: true, recurringType: 'weekly', recurringInterval: 2 })).toMatchObject({
      isRecurring: true,
      recurringType: 'weekly',
      recurringInterval: 2,
    });
    expect(messages(taskCreateBodySchema.safeParse({ title: 't', isRecurring: true }))).toEqual([
      'Choose how often the task repeats (daily, weekdays, weekly or monthly)',
    ]);
    expect(taskCreateBodySchema.safeParse({ title: 't', recurringType: 'yearly' }).success).toBe(false);
    expect(taskCreateBodySchema.safeParse({ title: 't', recurringInterval: 0 }).success).toBe(false);
    expect(taskCreateBodySchema.safeParse({ title: 't', recurringInterval: 366 }).success).toBe(false);
    expect(taskCreateBodySchema.safeParse({ title: 't', recurringInterval: 1.5 }).success).toBe(false);
    expect(taskCreateBodySchema.parse({ title: 't', recurringType: '' }).recurringType).toBeNull();
  });

  it('checks sortOrder and strips unknown keys', () => {
    expect(taskCreateBodySchema.safeParse({ title: 't', sortOrder: -1 }).success).toBe(false);
    const parsed = taskCreateBodySchema.parse({ title: 't', userId: ID1, isArchived: true, id: ID2 });
    expect(parsed).not.toHaveProperty('userId');
    expect(parsed).not.toHaveProperty('isArchived');
    expect(parsed).not.toHaveProperty('id');
  });
});

describe('taskUpdateBodySchema', () => {
  it('accepts any subset without adding defaults', () => {
    expect(taskUpdateBodySchema.parse({})).toEqual({});
    expect(taskUpdateBodySchema.parse({ priority: 'high' })).toEqual({ priority: 'high' });
    expect(taskUpdateBodySchema.parse({ dueDate: '', clientId: '' })).toEqual({ dueDate: null, clientId: null });
  });

  it('still validates what is sent', () => {
    expect(messages(taskUpdateBodySchema.safeParse({ title: ' ' }))).toEqual(['Title is required']);
    expect(taskUpdateBodySchema.safeParse({ dueDate: '2026-02-30' }).success).toBe(false);
  });
});

describe('small task bodies', () => {
  it('complete', () => {
    expect(taskCompleteBodySchema.parse({ isCompleted: true })).toEqual({ isCompleted: true });
    expect(taskCompleteBodySchema.safeParse({ isCompleted: 'yes' }).success).toBe(false);
  });

  it('reorder: non-empty, at most 500, no duplicates, known type', () => {
    expect(taskReorderBodySchema.parse({ taskIds: [ID1, ID2], type: 'today' })).toEqual({ taskIds: [ID1, ID2], type: 'today' });
    expect(messages(taskReorderBodySchema.safeParse({ taskIds: [], type: 'active' }))).toEqual(['At least one id is required']);
    expect(messages(taskReorderBodySchema.safeParse({ taskIds: [ID1, ID1], type: 'backlog' }))).toEqual(['Ids must not repeat']);
    expect(taskReorderBodySchema.safeParse({ taskIds: [ID1], type: 'archived' }).success).toBe(false);
    const many = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(taskReorderTodayBodySchema.safeParse({ taskIds: many }).success).toBe(false);
    expect(taskReorderTodayBodySchema.safeParse({ taskIds: many.slice(0, 500) }).success).toBe(true);
  });

  it('calendar query: end after start, at most 62 days', () => {
    expect(calendarQuerySchema.safeParse({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-15T04:00:00.000Z' }).success).toBe(true);
    expect(calendarQuerySchema.safeParse({ start: '2026-03-08T00:00:00-05:00', end: '2026-03-15T00:00:00-04:00' }).success).toBe(true);
    expect(messages(calendarQuerySchema.safeParse({ start: '2026-03-08T05:00:00Z', end: '2026-03-08T05:00:00Z' }))).toEqual(['End must be after start']);
    expect(messages(calendarQuerySchema.safeParse({ start: '2026-01-01T00:00:00Z', end: '2026-03-05T00:00:00Z' }))).toEqual([
      'The window must be at most 62 days',
    ]);
    expect(calendarQuerySchema.safeParse({ start: '2026-03-08', end: '2026-03-15' }).success).toBe(false);
  });

  it('archived query: limit 1..100 default 50, optional cursor', () => {
    expect(archivedQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(archivedQuerySchema.parse({ limit: '20', cursor: 'abc' })).toEqual({ limit: 20, cursor: 'abc' });
    expect(archivedQuerySchema.parse({ cursor: '' })).toEqual({ limit: 50 });
    expect(archivedQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(archivedQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(archivedQuerySchema.safeParse({ limit: 'ten' }).success).toBe(false);
  });

  it('comment content is required', () => {
    expect(taskCommentCreateBodySchema.parse({ content: ' Done ' })).toEqual({ content: 'Done' });
    expect(messages(taskCommentCreateBodySchema.safeParse({ content: ' ' }))).toEqual(['Comment is required']);
  });
});

describe('taskSchema', () => {
  it('describes a task as the api answers it', () => {
    const task = {
      id: ID1,
      title: 'Call Ann',
      description: null,
      clientId: ID2,
      priority: 'high',
      status: 'todo',
      dueDate: '2026-03-05',
      dueTime: '09:30',
      estimatedTime: '30min',
      isCompleted: false,
      isBacklog: false,
      isArchived: false,
      documentLinks: [],
      isRecurring: false,
      recurringType: null,
      recurringInterval: 1,
      lastRecurrenceDate: null,
      parentTaskId: null,
      isDelegated: false,
      delegatedToId: null,
      delegationNotes: null,
      sortOrder: 0,
      reminders: [{ kind: 'before', minutes: 30 }],
      trackedSeconds: 5400,
      createdAt: '2026-03-01T10:00:00.000Z',
      completedAt: null,
    };
    expect(taskSchema.parse(task)).toEqual(task);
    expect(taskSchema.safeParse({ ...task, dueDate: '2026-03-05T00:00:00.000Z' }).success).toBe(false);
  });
});
