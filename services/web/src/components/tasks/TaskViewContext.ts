import { createContext, useContext } from 'react';
import type { Client, DelegationContact, Task } from '@daybook/shared';

/** What every task card of a screen needs to show a task: names, colours, "now" and the user's zone. */
export interface TaskView {
  clientsById: ReadonlyMap<string, Client>;
  contactsById: ReadonlyMap<string, DelegationContact>;
  now: Date;
  timeZone: string;
  delegationEnabled: boolean;
  /** Opens the task dialog on a task. */
  openTask: (task: Task) => void;
}

export const TaskViewContext = createContext<TaskView | null>(null);

export function useTaskView(): TaskView {
  const view = useContext(TaskViewContext);
  if (!view) throw new Error('useTaskView needs a TaskViewContext provider');
  return view;
}
