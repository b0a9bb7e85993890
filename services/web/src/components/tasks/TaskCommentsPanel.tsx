import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  TASK_COMMENT_MAX,
  TASK_COMMENTS_LIST_MAX,
  taskCommentCreateBodySchema,
  type CommentImportSource,
  type Task,
  type TaskComment,
  type TaskCommentAuthor,
} from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { useAddTaskCommentMutation, useDeleteTaskCommentMutation, useGetTaskCommentsQuery } from '../../api/taskCommentsApi';
import { reportFailure } from '../../lib/feedback';
import { fieldErrors } from '../../lib/formErrors';
import { formatInstantDateTime } from '../../lib/format';
import { browserTimeZone } from '../../lib/reminders';
import { ConfirmDialog } from '../ConfirmDialog';

const APP_NAMES: Record<CommentImportSource, string> = { todoist: 'Todoist', ticktick: 'TickTick' };

/** 'You', the contact's name, or 'Imported from Todoist'. */
const commentAuthorLabel = (author: TaskCommentAuthor) =>
  author.kind === 'you' ? 'You' : author.kind === 'contact' ? author.name : `Imported from ${APP_NAMES[author.source]}`;

/**
 * The task dialog's 'Comments' section: the task's comments oldest first, each with its author and time,
 * a field to add one, and Delete on the user's own and imported ones (a contact's comment is theirs: it
 * stays, as it does on their shared page).
 */
export function TaskCommentsPanel({ task }: { task: Task }) {
  const timeZone = useSignedInUser()?.timezone ?? browserTimeZone();
  // Read afresh whenever the dialog opens: a contact may have commented through a shared link.
  const comments = useGetTaskCommentsQuery(task.id, { refetchOnMountOrArgChange: true });
  const [deleting, setDeleting] = useState<TaskComment | null>(null);
  const [deleteComment, deletion] = useDeleteTaskCommentMutation();
  const items = comments.data ?? [];

  const remove = async (comment: TaskComment) => {
    try {
      await deleteComment({ taskId: task.id, commentId: comment.id }).unwrap();
      setDeleting(null);
    } catch (error) {
      reportFailure(error, 'Failed to delete the comment', { showReason: true });
    }
  };

  return (
    <Box component="section" aria-label="Comments" data-testid="task-comments" sx={{ mt: 3 }}>
      <Typography variant="overline" component="h3" color="textSecondary" sx={{ display: 'block', fontWeight: 700, letterSpacing: '0.08em', mb: 1 }}>
        Comments
      </Typography>
      {comments.isError && (
        <Typography variant="body2" color="error">
          The comments could not be loaded.
        </Typography>
      )}
      {comments.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          No comments yet.
        </Typography>
      )}
      {items.length >= TASK_COMMENTS_LIST_MAX && (
        <Typography variant="body2" color="textSecondary">
          Showing the latest {TASK_COMMENTS_LIST_MAX} comments.
        </Typography>
      )}
      <Box component="ul" aria-label="Task comments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((comment) => (
          <CommentRow key={comment.id} comment={comment} timeZone={timeZone} onDelete={() => setDeleting(comment)} />
        ))}
      </Box>
      <CommentForm taskId={task.id} />

      <ConfirmDialog
        open={deleting !== null}
        title="Delete comment?"
        busy={deletion.isLoading}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        The comment will be deleted for good.
      </ConfirmDialog>
    </Box>
  );
}

function CommentRow({ comment, timeZone, onDelete }: { comment: TaskComment; timeZone: string; onDelete: () => void }) {
  const author = commentAuthorLabel(comment.author);
  return (
    <Box component="li" data-testid="task-comment" aria-label={`Comment by ${author}`} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {author}
          </Typography>
          <Typography variant="caption" color="textSecondary">
            {formatInstantDateTime(comment.createdAt, timeZone)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.content}
        </Typography>
      </Box>
      {comment.author.kind !== 'contact' && (
        <IconButton size="small" aria-label="Delete comment" title="Delete" onClick={onDelete} sx={{ mt: -0.5 }}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/** 'Add a comment': its own form (the dialog's form saves the task); Ctrl+Enter sends it too. */
function CommentForm({ taskId }: { taskId: string }) {
  const [addComment, { isLoading }] = useAddTaskCommentMutation();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = taskCommentCreateBodySchema.safeParse({ content });
    if (!parsed.success) return setError(fieldErrors(parsed.error).content);
    try {
      await addComment({ taskId, body: parsed.data }).unwrap();
      setContent('');
    } catch (failure) {
      reportFailure(failure, 'Failed to add the comment', { vibrate: true, showReason: true });
    }
  };

  return (
    <Box component="form" noValidate aria-label="Add a comment" onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
      <TextField
        label="Comment"
        size="small"
        multiline
        minRows={2}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
        }}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: TASK_COMMENT_MAX } }}
      />
      <Box>
        <Button type="submit" size="small" variant="outlined" disabled={isLoading}>
          {isLoading ? 'Adding...' : 'Add comment'}
        </Button>
      </Box>
    </Box>
  );
}

export default TaskCommentsPanel;
