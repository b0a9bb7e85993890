import { Suspense } from 'react';
import type { Task } from '@daybook/shared';
import { lazyChunk } from '../../lib/lazyPreloadable';

// Loaded when a saved task is opened: the entries, their editor and the timer button.
const TaskTimePanel = lazyChunk(() => import('../timer/TaskTimePanel'));

/** 'Time' in the task dialog (DECISIONS 31): tracked against estimated, the timer, and the task's time entries. */
export function TaskTimeSection({ task }: { task: Task }) {
  return (
    <Suspense fallback={null}>
      <TaskTimePanel task={task} />
    </Suspense>
  );
}
