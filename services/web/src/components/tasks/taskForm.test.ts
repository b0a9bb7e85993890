import { makeTask, uuid } from '../../test/fixtures';
import { DELEGATE_REQUIRED, emptyTaskForm, formToBody, taskToForm, validateTaskForm, type TaskFormValues } from './taskForm';

const create = { delegationEnabled: false, editing: false };
const edit = { delegationEnabled: false, editing: true };
const form = (overrides: Partial<TaskFormValues>): TaskFormValues => ({ ...emptyTaskForm(), title: 'Call Acme', ...overrides });

describe('status and flags (spec §4)', () => {
  it.each([
    ['todo', false, false],
    ['in_progress', false, false],
    ['completed', true, false],
    ['backlog', false, true],
  ] as const)('status %s is sent with isCompleted %s and isBacklog %s', (status, isCompleted, isBacklog) => {
    expect(formToBody(form({ status }), create)).toMatchObject({ status, isCompleted, isBacklog });
  });

  it('shows an existing task as completed if isCompleted, else backlog if isBacklog, else its status', () => {
    expect(taskToForm(makeTask({ id: uuid(1), title: 'a', isCompleted: true, isBacklog: true, status: 'completed' })).status).toBe('completed');
    expect(taskToForm(makeTask({ id: uuid(1), title: 'a', isBacklog: true, status: 'backlog' })).status).toBe('backlog');
    expect(taskToForm(makeTask({ id: uuid(1), title: 'a', status: 'in_progress' })).status).toBe('in_progress');
    expect(taskToForm(makeTask({ id: uuid(1), title: 'a', status: 'review' })).status).toBe('review');
  });
});

describe('formToBody (spec §5)', () => {
  it('leaves out an empty due date on create and clears it on edit', () => {
    expect(formToBody(form({}), create)).not.toHaveProperty('dueDate');
    expect(formToBody(form({}), edit)).toMatchObject({ dueDate: null, dueTime: null });
    expect(formToBody(form({ dueDate: '2026-03-05', dueTime: '15:00' }), create)).toMatchObject({ dueDate: '2026-03-05', dueTime: '15:00' });
    expect(formToBody(form({ dueDate: '2026-03-05' }), create)).toMatchObject({ dueDate: '2026-03-05', dueTime: null });
  });

  it('sends an empty client as null, drops blank links, and trims the title', () => {
    expect(formToBody(form({ title: '  Call Acme ', clientId: null, documentLinks: ['', ' https://a.example ', '  '] }), create)).toMatchObject({
      title: 'Call Acme',
      clientId: null,
      documentLinks: ['https://a.example'],
      description: null,
      estimatedTime: null,
    });
  });

  it('maps the Repeat choice to the recurrence fields (DECISIONS 11)', () => {
    expect(formToBody(form({ repeat: 'none', recurringInterval: 3 }), create)).toMatchObject({ isRecurring: false, recurringType: null, recurringInterval: 1 });
    expect(formToBody(form({ repeat: 'weekly', recurringInterval: 2 }), create)).toMatchObject({ isRecurring: true, recurringType: 'weekly', recurringInterval: 2 });
  });

  it('sends a weekdays repeat with interval 1, whatever "every N" held before (DECISIONS 35)', () => {
    expect(formToBody(form({ repeat: 'weekdays', recurringInterval: 3 }), create)).toMatchObject({ isRecurring: true, recurringType: 'weekdays', recurringInterval: 1 });
    expect(validateTaskForm(form({ repeat: 'weekdays', recurringInterval: 0 }), create)).toEqual({});
    const weekdays = makeTask({ id: uuid(1), title: 'Stand-up', isRecurring: true, recurringType: 'weekdays' });
    expect(taskToForm(weekdays).repeat).toBe('weekdays');
    expect(formToBody(taskToForm(weekdays), edit)).toMatchObject({ isRecurring: true, recurringType: 'weekdays', recurringInterval: 1 });
  });

  it('sends delegation only when the user has it on, and a delegated task names its delegate', () => {
    const delegated = form({ isDelegated: true, delegatedToId: uuid(7), delegationNotes: 'by Friday' });
    expect(formToBody(delegated, create)).not.toHaveProperty('isDelegated');
    expect(formToBody(delegated, { ...create, delegationEnabled: true })).toMatchObject({ isDelegated: true, delegatedToId: uuid(7), delegationNotes: 'by Friday' });
    expect(formToBody(form({ isDelegated: false, delegatedToId: uuid(7) }), { ...create, delegationEnabled: true })).toMatchObject({ isDelegated: false, delegatedToId: null });
  });

  it('round-trips an existing task', () => {
    const task = makeTask({
      id: uuid(1),
      title: 'Report',
      description: 'Q3',
      clientId: uuid(2),
      priority: 'high',
      dueDate: '2026-03-05',
      dueTime: '09:30',
      estimatedTime: '2h',
      documentLinks: ['https://doc.example/1'],
      isRecurring: true,
      recurringType: 'monthly',
      recurringInterval: 1,
    });
    expect(formToBody(taskToForm(task), edit)).toMatchObject({
      title: 'Report',
      description: 'Q3',
      clientId: uuid(2),
      priority: 'high',
      status: 'todo',
      dueDate: '2026-03-05',
      dueTime: '09:30',
      estimatedTime: '2h',
      documentLinks: ['https://doc.example/1'],
      isRecurring: true,
      recurringType: 'monthly',
    });
  });
});

describe('reminders (DECISIONS 29)', () => {
  it("sends the reminders the form shows, and none on a new task whose defaults are unknown (the api applies them)", () => {
    const reminders = [{ kind: 'before' as const, minutes: 30 }];
    expect(formToBody(form({ dueDate: '2026-03-05', dueTime: '15:00', reminders }), create).reminders).toEqual(reminders);
    expect(formToBody(form({ reminders: [] }), edit).reminders).toEqual([]);
    expect(formToBody(form({ reminders: null }), create)).not.toHaveProperty('reminders');
    expect(emptyTaskForm().reminders).toBeNull();
  });

  it("opens a task with its own reminders and saves them back", () => {
    const task = makeTask({ id: uuid(1), title: 'Report', dueDate: '2026-03-05', reminders: [{ kind: 'on-day', daysBefore: 1, time: '18:00' }] });
    expect(formToBody(taskToForm(task), edit).reminders).toEqual(task.reminders);
  });

  it('shows a reminder set twice on the reminders', () => {
    const twice = [{ kind: 'before' as const, minutes: 5 }, { kind: 'before' as const, minutes: 5 }];
    expect(validateTaskForm(form({ dueDate: '2026-03-05', dueTime: '15:00', reminders: twice }), create)).toEqual({ reminders: 'The same reminder is set twice' });
  });
});

describe('validateTaskForm', () => {
  it('requires a title', () => {
    expect(validateTaskForm(form({ title: '   ' }), create)).toEqual({ title: 'Title is required' });
    expect(validateTaskForm(form({ title: '' }), edit)).toEqual({ title: 'Title is required' });
    expect(validateTaskForm(form({}), create)).toEqual({});
  });

  it('checks the repeat interval with the shared rule', () => {
    expect(validateTaskForm(form({ repeat: 'daily', recurringInterval: 0 }), create).recurringInterval).toBe('Repeat interval must be at least 1');
  });

  it('asks who a delegated task goes to', () => {
    expect(validateTaskForm(form({ isDelegated: true }), { ...create, delegationEnabled: true })).toEqual({ delegatedToId: DELEGATE_REQUIRED });
  });
});
