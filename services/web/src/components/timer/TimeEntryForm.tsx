import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TIME_ENTRY_NOTE_MAX, type Task, type TimeEntry } from '@daybook/shared';
import { useGetClientsQuery } from '../../api/clientsApi';
import { useCreateTimeEntryMutation, useUpdateTimeEntryMutation } from '../../api/timeEntriesApi';
import { reportFailure } from '../../lib/feedback';
import { toast } from '../../lib/toast';
import { usePendingEdit } from '../tasks/pendingEdits';
import { changesOf, createBodyOf, draftChanged, draftOf, draftProblem, newEntryDraft, withDuration, withEnd, withStart, type EntryDraft } from './entryDraft';

export interface TimeEntryFormProps {
  task: Task;
  /** The entry to edit; null adds one to the task. */
  entry: TimeEntry | null;
  timeZone: string;
  onDone: () => void;
}

/**
 * Adds or edits a time entry by hand: the day, start and end (or duration) on the user's clock, a note and
 * the billable flag (a new entry's follows the task's client). A running entry's end comes from its timer.
 * Left open with changes when the task is saved, it is saved with the task (pendingEdits.ts).
 */
export function TimeEntryForm({ task, entry, timeZone, onDone }: TimeEntryFormProps) {
  const formId = useId();
  const clients = useGetClientsQuery();
  const clientBillable = clients.data?.find((client) => client.id === task.clientId)?.billable === true;
  const initial = useMemo(() => (entry ? draftOf(entry, timeZone) : newEntryDraft(new Date(), timeZone, false)), [entry, timeZone]);
  const [draft, setDraft] = useState<EntryDraft>(initial);
  // A new entry is billable as its client is (the clients may load after the form opens) until the user says.
  const [billableChoice, setBillableChoice] = useState<boolean | null>(null);
  const billable = entry ? draft.billable : (billableChoice ?? clientBillable);
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useCreateTimeEntryMutation();
  const [update, updating] = useUpdateTimeEntryMutation();
  const running = entry !== null && entry.endedAt === null;
  const formRef = useRef<HTMLFormElement>(null);
  const final = { ...draft, billable };

  /** Shows what keeps the entry from being saved (null when nothing does). */
  const check = () => {
    const found = draftProblem(final, timeZone, running);
    setProblem(found);
    return found;
  };

  /** Sends the entry (only what changed of an edited one) and closes the form; rejects, having said why, when the api refused it. */
  const send = async () => {
    try {
      const changes = entry ? changesOf(entry, initial, final, timeZone) : null;
      if (changes && Object.keys(changes).length === 0) return onDone();
      const saved = entry ? await update({ id: entry.id, changes: changes! }).unwrap() : await create(createBodyOf(final, task.id, timeZone)).unwrap();
      if (saved.overlaps.length > 0) toast({ title: 'Time entry saved', description: 'It overlaps another entry: check the times.' });
      onDone();
    } catch (error) {
      reportFailure(error, 'Failed to save the time entry', { showReason: true });
      throw error;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check()) return;
    await send().catch(() => undefined);
  };

  // Changed and not yet saved: the task dialog saves it with the task, or shows here why it cannot.
  usePendingEdit(
    draftChanged(initial, draft) || billableChoice !== null
      ? {
          check: () => {
            const found = check();
            if (found) formRef.current?.scrollIntoView?.({ block: 'center' });
            return found;
          },
          save: send,
        }
      : null,
  );

  const field = { size: 'small' as const, slotProps: { inputLabel: { shrink: true } } };
  return (
    <Paper ref={formRef} component="form" id={formId} variant="outlined" noValidate onSubmit={(event) => void submit(event)} aria-label={entry ? 'Edit time entry' : 'Add time'} sx={{ p: 1.5, my: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1.2fr 1fr 1fr' }, gap: 1.5 }}>
        <TextField {...field} type="date" label="Day" value={draft.date} onChange={(event) => setDraft({ ...draft, date: event.target.value })} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }} />
        <TextField {...field} type="time" label="Start" value={draft.start} onChange={(event) => setDraft(withStart(draft, event.target.value, timeZone))} />
        {running ? (
          <Box />
        ) : (
          <>
            <TextField {...field} type="time" label="End" value={draft.end} onChange={(event) => setDraft(withEnd(draft, event.target.value, timeZone))} />
            <TextField {...field} label="Duration" placeholder="1 h 30 min" value={draft.duration} onChange={(event) => setDraft(withDuration(draft, event.target.value, timeZone))} />
          </>
        )}
        <TextField
          {...field}
          label="Note"
          value={draft.note}
          onChange={(event) => setDraft({ ...draft, note: event.target.value })}
          slotProps={{ ...field.slotProps, htmlInput: { maxLength: TIME_ENTRY_NOTE_MAX } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: running ? '1 / -1' : 'span 2' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={billable} onChange={(event) => (entry ? setDraft({ ...draft, billable: event.target.checked }) : setBillableChoice(event.target.checked))} />}
          label="Billable"
        />
        {problem && (
          <Typography variant="body2" color="error" role="alert">
            {problem}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onDone} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={creating.isLoading || updating.isLoading}>
          {entry ? 'Save entry' : 'Add entry'}
        </Button>
      </Box>
    </Paper>
  );
}

export default TimeEntryForm;
