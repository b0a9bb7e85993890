import { formStatusOf, resolveStatusChange, stateForStatus, statusText, type TaskStatusState } from './task-status';

const todo: TaskStatusState = { status: 'todo', isCompleted: false, isBacklog: false };
const inProgress: TaskStatusState = { status: 'in_progress', isCompleted: false, isBacklog: false };
const review: TaskStatusState = { status: 'review', isCompleted: false, isBacklog: false };
const completed: TaskStatusState = { status: 'completed', isCompleted: true, isBacklog: false };
const backlog: TaskStatusState = { status: 'backlog', isCompleted: false, isBacklog: true };

describe('resolveStatusChange', () => {
  it('derives the flags from a sent status, which wins over sent flags', () => {
    expect(resolveStatusChange(todo, { status: 'completed' })).toEqual(completed);
    expect(resolveStatusChange(todo, { status: 'backlog' })).toEqual(backlog);
    expect(resolveStatusChange(completed, { status: 'review' })).toEqual(review);
    expect(resolveStatusChange(todo, { status: 'todo', isCompleted: true })).toEqual(todo);
  });

  it('completes and un-completes through isCompleted', () => {
    expect(resolveStatusChange(inProgress, { isCompleted: true })).toEqual(completed);
    expect(resolveStatusChange(completed, { isCompleted: false })).toEqual(todo);
    expect(resolveStatusChange(review, { isCompleted: false })).toEqual(review);
  });

  it('moves to and restores from the backlog through isBacklog', () => {
    expect(resolveStatusChange(inProgress, { isBacklog: true })).toEqual(backlog);
    expect(resolveStatusChange(backlog, { isBacklog: false })).toEqual(todo);
    expect(resolveStatusChange(completed, { isBacklog: true })).toEqual(backlog);
    expect(resolveStatusChange(backlog, { isCompleted: true })).toEqual(completed);
  });

  it('prefers completed when both flags are sent true, and repairs inconsistent stored state', () => {
    expect(resolveStatusChange(todo, { isCompleted: true, isBacklog: true })).toEqual(completed);
    expect(resolveStatusChange({ status: 'todo', isCompleted: true, isBacklog: true }, {})).toEqual(completed);
    expect(resolveStatusChange({ status: 'backlog', isCompleted: false, isBacklog: false }, {})).toEqual(todo);
  });

  it('keeps todo, in_progress and review when nothing changes', () => {
    expect(resolveStatusChange(inProgress, {})).toEqual(inProgress);
    expect(resolveStatusChange(review, { isBacklog: false })).toEqual(review);
  });
});

describe('formStatusOf', () => {
  it('reads completed, then backlog, then the stored working status', () => {
    expect(formStatusOf(completed)).toBe('completed');
    expect(formStatusOf({ status: 'in_progress', isCompleted: true, isBacklog: false })).toBe('completed');
    expect(formStatusOf(backlog)).toBe('backlog');
    expect(formStatusOf(inProgress)).toBe('in_progress');
    expect(formStatusOf(review)).toBe('review');
    expect(formStatusOf({ status: 'completed', isCompleted: false, isBacklog: false })).toBe('todo');
  });
});

describe('helpers', () => {
  it('stateForStatus and statusText', () => {
    expect(stateForStatus('todo')).toEqual(todo);
    expect(statusText('in_progress')).toBe('in progress');
  });
});
