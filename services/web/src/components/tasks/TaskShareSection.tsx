import { Suspense } from 'react';
import Typography from '@mui/material/Typography';
import type { Task } from '@daybook/shared';
import { FormSection } from '../FormSection';
import type { TaskFormFields } from './useTaskForm';
import { lazyChunk } from '../../lib/lazyPreloadable';

// Loaded only when a saved delegated task is opened.
const TaskSharePanel = lazyChunk(() => import('./TaskSharePanel'));

/**
 * 'Share' in the task dialog (DECISIONS 33): for a saved task delegated to a contact, a private link the
 * contact can open without an account, and what they sent back. A link is made for the contact the task is
 * saved with, so a changed delegation is saved first.
 */
export function TaskShareSection({ task, fields }: { task: Task; fields: TaskFormFields }) {
  if (!task.isDelegated || !task.delegatedToId) return null;
  const { values } = fields;
  const unsaved = !values.isDelegated || values.delegatedToId !== task.delegatedToId;
  // The form keeps the accepted date: saving it afterwards must not put the old one back.
  const intoForm = (accepted: Task) => {
    fields.set('dueDate', accepted.dueDate ?? '');
    fields.set('dueTime', accepted.dueTime ?? '');
  };
  return (
    <FormSection title="Share">
      {unsaved ? (
        <Typography variant="body2" color="textSecondary">
          Save the task first: a link is made for the contact the task is delegated to.
        </Typography>
      ) : (
        <Suspense fallback={null}>
          <TaskSharePanel task={task} contactId={task.delegatedToId} onDateAccepted={intoForm} />
        </Suspense>
      )}
    </FormSection>
  );
}
