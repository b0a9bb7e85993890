import { useState, type FormEvent } from 'react';
import { defaultReminders, type NotificationSettings, type Task } from '@daybook/shared';
import { useGetNotificationSettingsQuery } from '../../api/notificationsApi';
import { useCreateTaskMutation, useUpdateTaskMutation } from '../../api/tasksApi';
import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';
import type { PendingEdits } from './pendingEdits';
import { emptyTaskForm, formToBody, taskToForm, validateTaskForm, type TaskFormErrors, type TaskFormValues } from './taskForm';

/** What each part of the task form reads and changes. */
export interface TaskFormFields {
  values: TaskFormValues;
  errors: TaskFormErrors;
  /** Sets a field and clears its error. */
  set: <K extends keyof TaskFormValues>(field: K, value: TaskFormValues[K]) => void;
  /** A new task whose reminders still follow the user's defaults (the due fields choose which). */
  remindersFromDefaults: boolean;
}

/**
 * A new task's reminders until the user changes them by hand: the user's default for the kind of due
 * date the form has now (a time, only a date, none), or null while the defaults are unknown.
 */
export function followedReminders(values: TaskFormValues, settings: NotificationSettings | undefined): TaskFormValues['reminders'] {
  if (!settings) return null;
  return defaultReminders({ dueDate: values.dueDate || null, dueTime: values.dueDate && values.dueTime ? values.dueTime : null }, settings);
}

/**
 * The task dialog's form (spec §2, §5): the task's values (or the defaults for a new one), the errors
 * found by the shared schema, and `submit`, which saves the task with the spec's toasts (§8) and hands
 * the saved task to `onSaved`. Edits left open in the dialog (`pendingEdits`: a time entry not yet saved,
 * a reminder not yet added) are saved with it; one that cannot be keeps the task from being saved.
 */
export function useTaskForm(
  task: Task | null | undefined,
  delegationEnabled: boolean,
  onSaved: (saved: Task) => void,
  pendingEdits?: PendingEdits,
  /** A new task's values other than the defaults (a client's page: its client). */
  presets?: Partial<TaskFormValues>,
) {
  const [stored, setValues] = useState<TaskFormValues>(() => (task ? taskToForm(task) : { ...emptyTaskForm(), ...presets }));
  const [errors, setErrors] = useState<TaskFormErrors>({});
  // A new task starts from the user's default reminders and follows its due fields until the user edits them.
  const [remindersByHand, setRemindersByHand] = useState(Boolean(task));
  const settings = useGetNotificationSettingsQuery(undefined, { skip: remindersByHand });
  const values: TaskFormValues = remindersByHand ? stored : { ...stored, reminders: followedReminders(stored, settings.data) };
  const [createTask, createState] = useCreateTaskMutation();
  const [updateTask, updateState] = useUpdateTaskMutation();
  const saving = createState.isLoading || updateState.isLoading;

  const set: TaskFormFields['set'] = (field, value) => {
    if (field === 'reminders') setRemindersByHand(true);
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const options = { delegationEnabled, editing: Boolean(task) };
    const pending = pendingEdits?.current() ?? [];
    // Every open edit is checked, so each shows its message at once.
    const blocked = pending.map((edit) => edit.check()).filter((problem) => problem !== null);
    const withPending = pending.reduce((current, edit) => edit.intoValues?.(current) ?? current, values);
    const found = validateTaskForm(withPending, options);
    if (Object.keys(found).length > 0 || blocked.length > 0) {
      setErrors(found);
      vibrate('error');
      return;
    }
    try {
      for (const edit of pending) await edit.save?.();
    } catch {
      // The edit said why; the task waits, with the dialog open.
      vibrate('error');
      return;
    }
    try {
      const body = formToBody(withPending, options);
      const saved = task ? await updateTask({ id: task.id, changes: body }).unwrap() : await createTask(body).unwrap();
      vibrate('success');
      toast({ title: task ? 'Task updated' : 'Task created', variant: 'success' });
      onSaved(saved);
    } catch (error) {
      // A quota reached (DECISIONS 22) says so: 'Failed to create task' over the api's message.
      reportFailure(error, task ? 'Failed to update task' : 'Failed to create task', { vibrate: true, showReason: true });
    }
  };

  const fields: TaskFormFields = { values, errors, set, remindersFromDefaults: !remindersByHand };
  return { fields, saving, submit };
}
