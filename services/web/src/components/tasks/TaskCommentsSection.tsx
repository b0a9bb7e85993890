import { lazy, Suspense } from 'react';
import type { Task } from '@daybook/shared';

// Loaded when a saved task is opened.
const TaskCommentsPanel = lazy(() => import('./TaskCommentsPanel'));

/** 'Comments' in the task dialog (spec §3 task_comments): the user's, imported ones and the contact's, oldest first. */
export function TaskCommentsSection({ task }: { task: Task }) {
  return (
    <Suspense fallback={null}>
      <TaskCommentsPanel task={task} />
    </Suspense>
  );
}
