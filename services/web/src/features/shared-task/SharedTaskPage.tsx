import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import {
  formatShortDate,
  localDate,
  shareCommentBodySchema,
  shareProposalBodySchema,
  weekdayNameOf,
  SHARE_TEXT_MAX,
  type SharedTask,
  type SharedTaskResponse,
} from '@daybook/shared';
import { isApiError, serverMessage } from '../../api/apiError';
import { LogoMark } from '../../components/Logo';
import { fieldErrors } from '../../lib/formErrors';
import { formatTimeOfDay } from '../../lib/format';
import { toast, toastError } from '../../lib/toast';
import { useCommentOnSharedTaskMutation, useGetSharedTaskQuery, useMarkSharedTaskDoneMutation, useProposeSharedTaskDateMutation } from './sharedTaskApi';

/** The contact's own zone: the link's expiry is shown on their clock. */
const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** 'Wednesday, Mar 17, 2027 at 9:30 AM'. */
export const dueLabel = (date: string, time: string | null) => `${weekdayNameOf(date)}, ${formatShortDate(date)}${time ? ` at ${formatTimeOfDay(time)}` : ''}`;

/** A refused write: the api's reason when it gave one the contact can act on, else a plain failure. */
function reportRefusal(error: unknown, failure: string) {
  const reason = isApiError(error) && typeof error.status === 'number' && error.status < 500 ? serverMessage(error) : undefined;
  toastError(reason ?? 'Check your connection and try again.', failure);
}

/** No referrer leaves this page: its address holds the link's key (the server says so too, where it can). */
function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    const title = document.title;
    document.title = 'Shared task · Daybook';
    return () => {
      meta.remove();
      document.title = title;
    };
  }, []);
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Box sx={{ maxWidth: 560, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LogoMark size={28} />
          <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700 }}>
            Daybook
          </Typography>
        </Box>
        {children}
      </Box>
    </Box>
  );
}

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {children}
    </Paper>
  );
}

function ProposalForm({ token }: { token: string }) {
  const [propose, { isLoading }] = useProposeSharedTaskDateMutation();
  const [values, setValues] = useState({ dueDate: '', dueTime: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const set = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = shareProposalBodySchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    try {
      await propose({ token, body: parsed.data }).unwrap();
      setValues({ dueDate: '', dueTime: '', message: '' });
      toast({ title: 'Date proposed', description: 'They will see it on the task.', variant: 'success' });
    } catch (error) {
      reportRefusal(error, 'Could not send the date');
    }
  };
  return (
    <Card label="Propose a new date">
      <Typography variant="h6" component="h2">
        Propose a new date
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Propose a new date" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <TextField
            label="New date"
            type="date"
            size="small"
            value={values.dueDate}
            onChange={(event) => set('dueDate', event.target.value)}
            error={Boolean(errors.dueDate)}
            helperText={errors.dueDate}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: 3, minWidth: 0 }}
          />
          <TextField
            label="Time (optional)"
            type="time"
            size="small"
            value={values.dueTime}
            onChange={(event) => set('dueTime', event.target.value)}
            error={Boolean(errors.dueTime)}
            helperText={errors.dueTime}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: 2, minWidth: 0 }}
          />
        </Box>
        <TextField
          label="Message (optional)"
          size="small"
          multiline
          minRows={2}
          value={values.message}
          onChange={(event) => set('message', event.target.value)}
          error={Boolean(errors.message)}
          helperText={errors.message}
          slotProps={{ htmlInput: { maxLength: SHARE_TEXT_MAX } }}
        />
        <Box>
          <Button type="submit" variant="outlined" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send proposal'}
          </Button>
        </Box>
      </Box>
    </Card>
  );
}

function CommentForm({ token }: { token: string }) {
  const [comment, { isLoading }] = useCommentOnSharedTaskMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = shareCommentBodySchema.safeParse({ text });
    if (!parsed.success) return setError(fieldErrors(parsed.error).text);
    try {
      await comment({ token, body: parsed.data }).unwrap();
      setText('');
      toast({ title: 'Comment sent', variant: 'success' });
    } catch (failure) {
      reportRefusal(failure, 'Could not send the comment');
    }
  };
  return (
    <Card label="Leave a comment">
      <Typography variant="h6" component="h2">
        Leave a comment
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Leave a comment" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <TextField
          label="Comment"
          size="small"
          multiline
          minRows={3}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: SHARE_TEXT_MAX } }}
        />
        <Box>
          <Button type="submit" variant="outlined" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send comment'}
          </Button>
        </Box>
      </Box>
    </Card>
  );
}

const responseLabel = (response: SharedTaskResponse) =>
  response.kind === 'done' ? 'You marked it done' : response.kind === 'comment' ? 'You commented' : `You proposed ${dueLabel(response.proposedDate ?? '', response.proposedTime)}`;

function SentList({ responses, timeZone }: { responses: SharedTaskResponse[]; timeZone: string }) {
  return (
    <Card label="What you sent">
      <Typography variant="h6" component="h2">
        What you sent
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {responses.map((response, index) => (
          <Box component="li" key={`${response.createdAt}-${index}`} sx={{ py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {responseLabel(response)}
            </Typography>
            {response.text && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {response.text}
              </Typography>
            )}
            <Typography variant="caption" color="textSecondary">
              {formatShortDate(localDate(new Date(response.createdAt), timeZone))}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

function TaskView({ token, task }: { token: string; task: SharedTask }) {
  const [markDone, done] = useMarkSharedTaskDoneMutation();
  const timeZone = viewerTimeZone();
  const finish = async () => {
    try {
      await markDone({ token, body: {} }).unwrap();
      toast({ title: 'Marked as done', description: 'Thank you! They will be told.', variant: 'success' });
    } catch (error) {
      reportRefusal(error, 'Could not mark it done');
    }
  };
  return (
    <>
      <Card label="Task">
        <Typography variant="overline" color="textSecondary" sx={{ lineHeight: 1.5 }}>
          A task shared with you
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {task.title}
        </Typography>
        <Typography variant="body1" aria-label="Due">
          {task.dueDate ? `Due ${dueLabel(task.dueDate, task.dueTime)}` : 'No due date'}
        </Typography>
        {task.notes && (
          <Box>
            <Typography variant="subtitle2" component="h2" color="textSecondary">
              Notes
            </Typography>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {task.notes}
            </Typography>
          </Box>
        )}
        {task.isCompleted ? (
          <Chip icon={<CheckIcon />} color="success" label="Done" sx={{ alignSelf: 'flex-start' }} />
        ) : (
          task.canRespond && (
            <Button variant="contained" size="large" startIcon={<CheckIcon />} disabled={done.isLoading} onClick={() => void finish()} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
              Mark as done
            </Button>
          )
        )}
      </Card>
      {!task.canRespond && <Alert severity="info">This link has taken all the answers it can. Ask for a new link to send more.</Alert>}
      {task.canRespond && !task.isCompleted && <ProposalForm token={token} />}
      {task.canRespond && <CommentForm token={token} />}
      {task.responses.length > 0 && <SentList responses={task.responses} timeZone={timeZone} />}
      <Typography variant="caption" color="textSecondary" sx={{ textAlign: 'center' }}>
        This private link works until {formatShortDate(localDate(new Date(task.expiresAt), timeZone))}. Only this task is shared with you.
      </Typography>
    </>
  );
}

/**
 * `/share/:token` (DECISIONS 33): the signed-out page of a delegated task's private link. It shows the task's
 * title, due date and the notes meant for the contact, and lets them mark it done, propose a new date or
 * leave a comment. A wrong, revoked or expired link reads as one that does not work.
 */
export function SharedTaskPage() {
  useNoReferrer();
  const token = useParams().token ?? '';
  const task = useGetSharedTaskQuery(token);
  const status = isApiError(task.error) ? task.error.status : null;

  return (
    <Shell>
      {task.data ? (
        <TaskView token={token} task={task.data} />
      ) : task.isLoading ? (
        <Skeleton variant="rounded" height={200} aria-label="Loading the task" />
      ) : status === 404 ? (
        <Card label="Link not working">
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            This link does not work
          </Typography>
          <Typography color="textSecondary">It may have expired or been turned off. Ask the person who sent it to you for a new one.</Typography>
        </Card>
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void task.refetch()}>
              Try again
            </Button>
          }
        >
          {(status === 429 && serverMessage(task.error)) || 'The task could not be loaded. Check your connection and try again.'}
        </Alert>
      )}
    </Shell>
  );
}

export default SharedTaskPage;
