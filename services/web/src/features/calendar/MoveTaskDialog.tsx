import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { isDateInRange, normalizeTimeOfDay, type Task, type TaskDue } from '@daybook/shared';
import { FormDialog } from '../../components/FormDialog';

export interface MoveTaskDialogProps {
  task: Task;
  today: string;
  onClose: () => void;
  onMove: (task: Task, to: TaskDue & { dueDate: string }) => void;
}

/** The Move menu's 'Choose date and time…': any date, and a time or none (all day); Enter moves. */
export default function MoveTaskDialog({ task, today, onClose, onMove }: MoveTaskDialogProps) {
  const [date, setDate] = useState(task.dueDate ?? today);
  const [time, setTime] = useState(task.dueTime ?? '');
  const [invalid, setInvalid] = useState<'date' | 'time' | null>(null);
  const submit = () => {
    const dueTime = time === '' ? null : normalizeTimeOfDay(time);
    if (!isDateInRange(date)) return setInvalid('date');
    if (time !== '' && !dueTime) return setInvalid('time');
    onClose();
    if (date !== task.dueDate || dueTime !== task.dueTime) onMove(task, { dueDate: date, dueTime });
  };
  return (
    <FormDialog open onClose={onClose} title="Move task" description={task.title} submitLabel="Move" busy={false} onSubmit={submit}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: 1 }}>
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={invalid === 'date'}
          helperText={invalid === 'date' ? 'Choose a date' : ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Time"
          type="time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          error={invalid === 'time'}
          helperText={invalid === 'time' ? 'Choose a time, or leave it empty for all day' : 'Empty: all day'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
    </FormDialog>
  );
}
