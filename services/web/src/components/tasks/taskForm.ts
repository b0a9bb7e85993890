import {
  DEFAULT_PRIORITY,
  DEFAULT_RECURRING_INTERVAL,
  DEFAULT_TASK_STATUS,
  formStatusOf,
  stateForStatus,
  taskCreateBodySchema,
  taskUpdateBodySchema,
  type Priority,
  type RecurringType,
  type ReminderSpec,
  type Task,
  type TaskCreateInput,
  type TaskStatus,
  type TaskUpdateInput,
} from '@daybook/shared';
import { fieldErrors } from '../../lib/formErrors';
import { hasRepeatInterval } from '../../lib/format';

/** 'none' or how often the task repeats (DECISIONS 11). */
export type RepeatChoice = 'none' | RecurringType;

/** The task dialog's fields, as the inputs hold them (text inputs hold '' for nothing). */
export interface TaskFormValues {
  title: string;
  description: string;
  clientId: string | null;
  /** `YYYY-MM-DD` or '' */
  dueDate: string;
  /** `HH:mm` or '' */
  dueTime: string;
  estimatedTime: string;
  priority: Priority;
  status: TaskStatus;
  documentLinks: string[];
  repeat: RepeatChoice;
  recurringInterval: number;
  isDelegated: boolean;
  delegatedToId: string | null;
  delegationNotes: string;
  /**
   * The task's reminders (DECISIONS 29). Null only on a new task before the user's defaults have loaded
   * (or when they cannot be): the body then names none and the api applies the defaults itself.
   */
  reminders: ReminderSpec[] | null;
}

export type TaskFormErrors = Partial<Record<keyof TaskFormValues, string>>;

/** A new task's form (spec §2: opening for a new task resets to the defaults). */
export function emptyTaskForm(): TaskFormValues {
  return {
    title: '',
    description: '',
    clientId: null,
    dueDate: '',
    dueTime: '',
    estimatedTime: '',
    priority: DEFAULT_PRIORITY,
    status: DEFAULT_TASK_STATUS,
    documentLinks: [''],
    repeat: 'none',
    recurringInterval: DEFAULT_RECURRING_INTERVAL,
    isDelegated: false,
    delegatedToId: null,
    delegationNotes: '',
    reminders: null,
  };
}

/** An existing task's form; the status comes from the flags (spec §4, `formStatusOf`). */
export function taskToForm(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description ?? '',
    clientId: task.clientId,
    dueDate: task.dueDate ?? '',
    dueTime: task.dueTime ?? '',
    estimatedTime: task.estimatedTime ?? '',
    priority: task.priority,
    status: formStatusOf(task),
    documentLinks: task.documentLinks.length > 0 ? [...task.documentLinks] : [''],
    repeat: task.isRecurring && task.recurringType ? task.recurringType : 'none',
    recurringInterval: task.recurringInterval || DEFAULT_RECURRING_INTERVAL,
    isDelegated: task.isDelegated,
    delegatedToId: task.delegatedToId,
    delegationNotes: task.delegationNotes ?? '',
    reminders: [...task.reminders],
  };
}

export interface FormToBodyOptions {
  /** Delegation fields are sent only when the user has delegation on (its section is hidden otherwise). */
  delegationEnabled: boolean;
  /** Editing: a cleared due date is sent as null (it clears the stored date); creating leaves it out. */
  editing: boolean;
}

/**
 * The body of POST or PATCH /api/tasks (spec §5, §7): status and the flags it implies (completed ⇔
 * isCompleted, backlog ⇔ isBacklog), client and delegate '' → null, blank links dropped, an empty due
 * date absent on create, recurrence from the Repeat choice (interval 1 when it takes none: none, weekdays),
 * and the reminders the form shows (replaced as a whole).
 */
export function formToBody(values: TaskFormValues, { delegationEnabled, editing }: FormToBodyOptions): TaskCreateInput & TaskUpdateInput {
  const { status, isCompleted, isBacklog } = stateForStatus(values.status);
  const hasDueDate = values.dueDate.trim() !== '';
  const body: TaskCreateInput & TaskUpdateInput = {
    title: values.title.trim(),
    description: values.description.trim() === '' ? null : values.description,
    clientId: values.clientId || null,
    priority: values.priority,
    status,
    isCompleted,
    isBacklog,
    estimatedTime: values.estimatedTime.trim() === '' ? null : values.estimatedTime,
    documentLinks: values.documentLinks.map((link) => link.trim()).filter((link) => link !== ''),
    isRecurring: values.repeat !== 'none',
    recurringType: values.repeat === 'none' ? null : values.repeat,
    recurringInterval: values.repeat !== 'none' && hasRepeatInterval(values.repeat) ? values.recurringInterval : DEFAULT_RECURRING_INTERVAL,
  };
  if (values.reminders !== null) body.reminders = values.reminders;
  if (hasDueDate) {
    body.dueDate = values.dueDate;
    body.dueTime = values.dueTime.trim() === '' ? null : values.dueTime;
  } else if (editing) {
    body.dueDate = null;
    body.dueTime = null;
  }
  if (delegationEnabled) {
    const delegated = values.isDelegated && !!values.delegatedToId;
    body.isDelegated = delegated;
    body.delegatedToId = delegated ? values.delegatedToId : null;
    body.delegationNotes = delegated && values.delegationNotes.trim() !== '' ? values.delegationNotes : null;
  }
  return body;
}

const FORM_FIELDS = new Set<string>(Object.keys(emptyTaskForm()));

export const DELEGATE_REQUIRED = 'Choose who the task is delegated to';

/**
 * The form's errors: the body checked with the shared schema (each message on the field it concerns),
 * and a delegated task must name its delegate.
 */
export function validateTaskForm(values: TaskFormValues, options: FormToBodyOptions): TaskFormErrors {
  const body = formToBody(values, options);
  const result = (options.editing ? taskUpdateBodySchema : taskCreateBodySchema).safeParse(body);
  // The body's recurringType is the form's Repeat choice; anything else not on the form shows on the title.
  const errors: TaskFormErrors = result.success
    ? {}
    : fieldErrors(result.error, (key) => (key === 'recurringType' ? 'repeat' : FORM_FIELDS.has(key) ? (key as keyof TaskFormValues) : 'title'));
  if (options.delegationEnabled && values.isDelegated && !values.delegatedToId) errors.delegatedToId = DELEGATE_REQUIRED;
  return errors;
}

/** The statuses the form offers (spec §2), plus the task's own when it is another (review, DECISIONS 12). */
export const STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  review: 'Review',
  completed: 'Completed',
  backlog: 'Backlog',
};
