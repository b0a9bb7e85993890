import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import type { Task } from '@daybook/shared';
import { useTaskActions } from './useTaskActions';

/** The task dialog's Delete: the dialog closes and the task goes; the toast's Undo brings it back. */
export function DeleteTaskButton({ task, onDeleted }: { task: Task; onDeleted: () => void }) {
  const actions = useTaskActions();
  return (
    <Button
      color="error"
      startIcon={<DeleteIcon />}
      sx={{ mr: 'auto' }}
      onClick={() => {
        onDeleted();
        void actions.remove(task);
      }}
    >
      Delete
    </Button>
  );
}
