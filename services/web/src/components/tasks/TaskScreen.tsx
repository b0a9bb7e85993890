import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Task, User } from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { useGetClientsQuery } from '../../api/clientsApi';
import { useGetContactsQuery } from '../../api/contactsApi';
import { useNow } from '../../lib/useNow';
import type { TaskFormValues } from './taskForm';
import { TaskViewContext, type TaskView } from './TaskViewContext';
import { useTaskFromAddress } from './useTaskFromAddress';
import { lazyChunk } from '../../lib/lazyPreloadable';

const TaskDialog = lazyChunk(() => import('./TaskDialog'), { floating: true });

/** Opens the task dialog: a task to edit, or null for a new one (with `presets`, values other than the defaults). */
export type OpenTask = (task: Task | null, presets?: Partial<TaskFormValues>) => void;

type TaskScreenContent = (openTask: OpenTask, user: User) => ReactNode;

/**
 * What a screen needs to show task cards for the signed-in user (dashboard, calendar, archive, Kanban):
 * the task view of the user's zone and clients, and the task dialog, opened with `openTask(task)` or
 * `openTask(null)` for a new task (children get `openTask` and the user through the render prop). A
 * reminder's link (`?task=<id>`) opens its task.
 */
export function TaskScreen({ children }: { children: TaskScreenContent }) {
  const user = useSignedInUser();
  return user ? <TaskScreenOf user={user}>{children}</TaskScreenOf> : null;
}

function TaskScreenOf({ user, children }: { user: User; children: TaskScreenContent }) {
  const now = useNow();
  // Only the data: a read under way does not render the screen again.
  const clients = useGetClientsQuery(undefined, { selectFromResult: ({ data }) => ({ data }) });
  const contacts = useGetContactsQuery(undefined, { skip: !user.enableDelegation, selectFromResult: ({ data }) => ({ data }) });
  const [dialog, setDialog] = useState<{ open: boolean; task: Task | null; presets?: Partial<TaskFormValues>; key: number }>({ open: false, task: null, key: 0 });
  const openTask = useCallback<OpenTask>((task, presets) => setDialog((current) => ({ open: true, task, presets, key: current.key + 1 })), []);
  useTaskFromAddress(openTask);

  const view = useMemo<TaskView>(
    () => ({
      clientsById: new Map((clients.data ?? []).map((client) => [client.id, client])),
      contactsById: new Map((contacts.data ?? []).map((contact) => [contact.id, contact])),
      now,
      timeZone: user.timezone,
      delegationEnabled: user.enableDelegation,
      openTask,
    }),
    [clients.data, contacts.data, now, user.timezone, user.enableDelegation, openTask],
  );

  // The screen renders again when its parent does, not when the dialog opens or closes: what changes in
  // the view reaches the cards through the context.
  const content = useMemo(() => children(openTask, user), [children, openTask, user]);

  return (
    <TaskViewContext.Provider value={view}>
      {content}
      <Suspense fallback={null}>
        {dialog.key > 0 && (
          <TaskDialog key={dialog.key} open={dialog.open} task={dialog.task} presets={dialog.presets} delegationEnabled={user.enableDelegation} onClose={() => setDialog((current) => ({ ...current, open: false }))} />
        )}
      </Suspense>
    </TaskViewContext.Provider>
  );
}
