import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import {
  formatShortDate,
  TASK_SHARE_EXPIRY_CHOICES,
  TASK_SHARE_EXPIRY_DEFAULT_DAYS,
  TASK_SHARES_PER_TASK_MAX,
  weekdayNameOf,
  type CreatedTaskShare,
  type Task,
  type TaskShare,
  type TaskShareEndReason,
  type TaskShareResponse,
} from '@daybook/shared';
import { useSignedInUser } from '../../api/authApi';
import { useGetContactsQuery } from '../../api/contactsApi';
import {
  useAcceptShareProposalMutation,
  useCreateTaskShareMutation,
  useGetShareResponsesQuery,
  useGetTaskSharesQuery,
  useRevokeTaskShareMutation,
} from '../../api/taskSharesApi';
import { reportFailure, runWithToasts } from '../../lib/feedback';
import { formatInstantDate, formatInstantDateTime, formatTimeOfDay } from '../../lib/format';
import { browserTimeZone } from '../../lib/reminders';
import { toast } from '../../lib/toast';
import { CopyField } from '../CopyField';
import { NativeSelectField } from '../NativeSelectField';
import { LoadingSkeleton } from '../LoadingSkeleton';

export interface TaskSharePanelProps {
  task: Task;
  contactId: string;
  /** The accepted date and time, for the form (saving it again must not undo them). */
  onDateAccepted: (task: Task) => void;
}

/** 'Wednesday, Mar 17, 2027 at 9:30 AM'. */
export const proposedDateLabel = (date: string, time: string | null) => `${weekdayNameOf(date)}, ${formatShortDate(date)}${time ? ` at ${formatTimeOfDay(time)}` : ''}`;

/** 'Mar 5, 2026, 2:03 PM' in the user's zone. */
const instantLabel = formatInstantDateTime;

/** The new link, shown this once (the api keeps only a hash of its token). */
function NewLinkPanel({ created, contactName, onDone }: { created: CreatedTaskShare; contactName: string; onDone: () => void }) {
  return (
    <Paper variant="outlined" role="region" aria-label="New link" sx={{ p: 1.5, borderRadius: 2, borderColor: 'success.main', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Copy the link now
        </Typography>
        <Typography variant="body2" color="textSecondary">
          It is shown only this once. Send it to {contactName} yourself, by message or email.
        </Typography>
      </Box>
      <CopyField label="Link" value={new URL(created.path, window.location.origin).href} copied="Link copied" />
      <Box>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </Box>
    </Paper>
  );
}

/** Why a link no longer works, as the owner reads it. */
const ENDED_BECAUSE: Record<TaskShareEndReason, string> = {
  revoked: 'turned off',
  undelegated: 'the task was no longer delegated',
  reassigned: 'the task was delegated to someone else',
  archived: 'the task was archived',
};

/** 'Expires Mar 15, 2027', or for a link that no longer works, when and why it ended. */
function linkState(share: TaskShare, timeZone: string): string {
  if (share.isLive) return `Expires ${formatInstantDate(share.expiresAt, timeZone)}`;
  if (share.endedAt && share.endReason) return `Ended ${formatInstantDate(share.endedAt, timeZone)}: ${ENDED_BECAUSE[share.endReason]}`;
  return Date.parse(share.expiresAt) <= Date.now() ? `Expired ${formatInstantDate(share.expiresAt, timeZone)}` : 'Ended';
}

/** A live link with its "Turn off"; an ended one stays ended (the owner makes a new one above). */
function LinkRow({ share, timeZone, onRevoke, revoking }: { share: TaskShare; timeZone: string; onRevoke: () => void; revoking: boolean }) {
  const opened = share.lastOpenedAt ? `Opened ${instantLabel(share.lastOpenedAt, timeZone)}` : 'Not opened yet';
  return (
    <Box component="li" aria-label={`Link ${share.hint}${share.isLive ? '' : ' (ended)'}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
      <Box sx={{ minWidth: 0, flex: 1, color: share.isLive ? undefined : 'text.secondary' }}>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', textDecoration: share.isLive ? undefined : 'line-through' }}>
          Link {share.hint}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {linkState(share, timeZone)} · {opened}
        </Typography>
      </Box>
      {share.isLive ? (
        <Button size="small" color="error" disabled={revoking} onClick={onRevoke} aria-label={`Turn off link ${share.hint}`}>
          Turn off
        </Button>
      ) : (
        <Chip size="small" variant="outlined" label="Ended" />
      )}
    </Box>
  );
}

function ResponseRow({ response, timeZone, onAccept, accepting }: { response: TaskShareResponse; timeZone: string; onAccept: () => void; accepting: boolean }) {
  const name = response.contactName;
  const what =
    response.kind === 'done'
      ? `${name} marked it done`
      : response.kind === 'comment'
        ? `${name} commented`
        : `${name} proposed ${proposedDateLabel(response.proposedDate ?? '', response.proposedTime)}`;
  return (
    <Box component="li" aria-label={what} sx={{ py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {what}
          </Typography>
          {response.text && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {response.text}
            </Typography>
          )}
          <Typography variant="caption" color="textSecondary">
            {instantLabel(response.createdAt, timeZone)}
          </Typography>
        </Box>
        {response.kind === 'proposal' &&
          (response.acceptedAt ? (
            <Chip size="small" color="success" variant="outlined" label="Accepted" />
          ) : (
            <Button size="small" variant="outlined" disabled={accepting} onClick={onAccept}>
              Accept date
            </Button>
          ))}
      </Box>
    </Box>
  );
}

/**
 * A delegated task's sharing (DECISIONS 33): "Share with <contact>" makes a private link (shown once, with
 * Copy) that expires after the chosen days; the live links can be turned off; a link that ended (turned
 * off, the task un-delegated, delegated elsewhere or archived) is shown as ended for good, with "New link"
 * to make another; the contact's responses are listed, and a proposed date is accepted with one click.
 */
export function TaskSharePanel({ task, contactId, onDateAccepted }: TaskSharePanelProps) {
  const timeZone = useSignedInUser()?.timezone ?? browserTimeZone();
  const contactName = useGetContactsQuery().data?.find((contact) => contact.id === contactId)?.name ?? 'your contact';
  // Read afresh whenever the dialog opens: what the contact sent is what this is for.
  const shares = useGetTaskSharesQuery(task.id, { refetchOnMountOrArgChange: true });
  const responses = useGetShareResponsesQuery(task.id, { refetchOnMountOrArgChange: true });
  const [createShare, creating] = useCreateTaskShareMutation();
  const [revokeShare, revoking] = useRevokeTaskShareMutation();
  const [acceptProposal, accepting] = useAcceptShareProposalMutation();
  const [expiresInDays, setExpiresInDays] = useState<number>(TASK_SHARE_EXPIRY_DEFAULT_DAYS);
  const [created, setCreated] = useState<CreatedTaskShare | null>(null);
  const live = (shares.data ?? []).filter((one) => one.isLive).length;
  const full = live >= TASK_SHARES_PER_TASK_MAX;
  const onlyEnded = live === 0 && (shares.data?.length ?? 0) > 0;

  const share = async () => {
    try {
      setCreated(await createShare({ taskId: task.id, body: { expiresInDays } }).unwrap());
    } catch (error) {
      reportFailure(error, 'Failed to create the link', { vibrate: true, showReason: true });
    }
  };
  const revoke = (shareId: string) =>
    void runWithToasts(() => revokeShare({ taskId: task.id, shareId }).unwrap(), { success: { title: 'Link turned off' }, failure: 'Failed to turn off the link' });
  const accept = async (responseId: string) => {
    try {
      const { task: updated } = await acceptProposal({ taskId: task.id, responseId }).unwrap();
      onDateAccepted(updated);
      toast({ title: 'Due date updated', description: `${contactName}'s date is the task's due date now`, variant: 'success' });
    } catch (error) {
      reportFailure(error, 'Failed to accept the date', { vibrate: true, showReason: true });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="textSecondary">
        Send {contactName} a private link to this task. Without an account they see its title, due date and delegation notes, and can mark it done, propose a new
        date or leave a comment.
      </Typography>
      {created ? (
        <NewLinkPanel created={created} contactName={contactName} onDone={() => setCreated(null)} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <NativeSelectField label="Link expires in" value={String(expiresInDays)} onChange={(value) => setExpiresInDays(Number(value))} style={{ minWidth: 140 }}>
            {TASK_SHARE_EXPIRY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days} days
              </option>
            ))}
          </NativeSelectField>
          <Button variant="outlined" startIcon={<ShareIcon />} disabled={creating.isLoading || full} onClick={() => void share()}>
            Share with {contactName}
          </Button>
          {full && (
            <Typography variant="caption" color="textSecondary">
              At most {TASK_SHARES_PER_TASK_MAX} links: turn one off to make another.
            </Typography>
          )}
          {onlyEnded && (
            <Typography variant="caption" color="textSecondary">
              An ended link stays ended: share again to send {contactName} a new one.
            </Typography>
          )}
        </Box>
      )}

      {shares.isLoading ? (
        <LoadingSkeleton variant="rounded" height={40} label="Loading links" />
      ) : (
        shares.data &&
        shares.data.length > 0 && (
          <Box component="ul" aria-label="Links" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shares.data.map((one) => (
              <LinkRow key={one.id} share={one} timeZone={timeZone} revoking={revoking.isLoading} onRevoke={() => revoke(one.id)} />
            ))}
          </Box>
        )
      )}

      {responses.data && responses.data.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h4">
            Responses
          </Typography>
          <Box component="ul" aria-label="Responses" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {responses.data.map((response) => (
              <ResponseRow key={response.id} response={response} timeZone={timeZone} accepting={accepting.isLoading} onAccept={() => void accept(response.id)} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

export default TaskSharePanel;
