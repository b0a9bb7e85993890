import { createContext, useContext, useEffect, useRef } from 'react';
import type { TaskFormValues } from './taskForm';

/**
 * An edit inside the task dialog with a button of its own (a time entry's "Save entry", a reminder's
 * "Add") that is still open when the user saves the task. The dialog saves it with the task rather than
 * drop it (docs/usage.md, "The task dialog"); one that cannot be saved keeps the task from being saved,
 * with its message on its own row.
 */
export interface PendingEdit {
  /** What keeps the edit from being saved, now shown on its row (brought into view); null when it can be. */
  check(): string | null;
  /** The task's values with the edit in them (a reminder being added goes with the task's body). */
  intoValues?(values: TaskFormValues): TaskFormValues;
  /** Saves the edit itself, before the task (a time entry); rejects, having said why, when it could not. */
  save?(): Promise<void>;
}

/** The dialog's open edits: each editor registers how to read its edit (null while nothing is pending). */
export interface PendingEdits {
  register(read: () => PendingEdit | null): () => void;
  /** The edits pending now, in the order their editors appeared. */
  current(): PendingEdit[];
}

export function createPendingEdits(): PendingEdits {
  const readers = new Set<() => PendingEdit | null>();
  return {
    register(read) {
      readers.add(read);
      return () => readers.delete(read);
    },
    current: () => [...readers].map((read) => read()).filter((edit): edit is PendingEdit => edit !== null),
  };
}

/** The task dialog's open edits; null outside a task dialog (an editor then has nothing to tell). */
export const PendingEditsContext = createContext<PendingEdits | null>(null);

/** Tells the task dialog around this editor about its open edit: `edit` as of the latest render, or null. */
export function usePendingEdit(edit: PendingEdit | null): void {
  const edits = useContext(PendingEditsContext);
  const latest = useRef(edit);
  latest.current = edit;
  useEffect(() => edits?.register(() => latest.current), [edits]);
}
