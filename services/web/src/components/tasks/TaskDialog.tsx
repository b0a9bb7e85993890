import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  FORM_TASK_STATUSES,
  PRIORITIES,
  PRIORITY_LABELS,
  RECURRING_INTERVAL_MAX,
  RECURRING_INTERVAL_MIN,
  RECURRING_TYPES,
  type Priority,
  type Task,
  type TaskStatus,
} from '@daybook/shared';
import { isUnauthorized } from '../../api/apiError';
import { useCreateClientMutation, useGetClientsQuery } from '../../api/clientsApi';
import { useCreateContactMutation, useGetContactsQuery } from '../../api/contactsApi';
import { useCreateTaskMutation, useUpdateTaskMutation } from '../../api/tasksApi';
import { useGetTimeIncrementsQuery } from '../../api/timeIncrementsApi';
import { recurrenceUnit } from '../../lib/format';
import { toast, toastFailure } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';
import { ResponsiveModal } from '../ResponsiveModal';
import { SelectOrCreateField } from '../SelectOrCreateField';
import {
  STATUS_LABELS,
  emptyTaskForm,
  formToBody,
  taskToForm,
  validateTaskForm,
  type RepeatChoice,
  type TaskFormErrors,
  type TaskFormValues,
} from './taskForm';

export interface TaskDialogProps {
  open: boolean;
  onClose: () => void;
  /** The task to edit; null or absent creates a new one. */
  task?: Task | null;
  delegationEnabled: boolean;
  /** Called with the saved task. */
  onSaved?: (task: Task) => void;
  onExited?: () => void;
}

const REPEAT_LABELS: Record<RepeatChoice, string> = { none: 'Does not repeat', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ '& + &': { mt: 3 } }}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', fontWeight: 700, letterSpacing: '0.08em', mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/**
 * 'Create New Task' / 'Edit Task' (spec §2): pre-filled from the task when editing, the defaults when
 * creating (mount it afresh for each opening). Clients and delegation contacts can be created inline.
 */
export function TaskDialog({ open, onClose, task, delegationEnabled, onSaved, onExited }: TaskDialogProps) {
  const editing = Boolean(task);
  const formId = useId();
  const [values, setValues] = useState<TaskFormValues>(() => (task ? taskToForm(task) : emptyTaskForm()));
  const [errors, setErrors] = useState<TaskFormErrors>({});

  const clients = useGetClientsQuery();
  const contacts = useGetContactsQuery(undefined, { skip: !delegationEnabled });
  const increments = useGetTimeIncrementsQuery();
  const [createClient] = useCreateClientMutation();
  const [createContact] = useCreateContactMutation();
  const [createTask, createState] = useCreateTaskMutation();
  const [updateTask, updateState] = useUpdateTaskMutation();
  const saving = createState.isLoading || updateState.isLoading;

  const set = <K extends keyof TaskFormValues>(field: K, value: TaskFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const clientItems = useMemo(() => (clients.data ?? []).map(({ id, name, color }) => ({ id, name, color })), [clients.data]);
  const contactItems = useMemo(() => (contacts.data ?? []).map(({ id, name }) => ({ id, name })), [contacts.data]);

  // The user's time increments, plus the task's own estimate when it is not one of them.
  const estimateOptions = useMemo(() => {
    const options = (increments.data ?? []).map((increment) => ({ value: increment.value, label: increment.label }));
    if (values.estimatedTime && !options.some((o) => o.value === values.estimatedTime)) {
      options.unshift({ value: values.estimatedTime, label: values.estimatedTime });
    }
    return options;
  }, [increments.data, values.estimatedTime]);

  const statuses: TaskStatus[] = FORM_TASK_STATUSES.includes(values.status as (typeof FORM_TASK_STATUSES)[number])
    ? [...FORM_TASK_STATUSES]
    : [...FORM_TASK_STATUSES, values.status];

  const createClientNamed = async (name: string) => {
    try {
      const client = await createClient({ name }).unwrap();
      toast({ title: 'Client created', variant: 'success' });
      return client.id;
    } catch (error) {
      if (!isUnauthorized(error)) toastFailure('Failed to create client', error);
      return null;
    }
  };

  const createContactNamed = async (name: string) => {
    try {
      const contact = await createContact({ name }).unwrap();
      toast({ title: 'Delegation contact created', variant: 'success' });
      return contact.id;
    } catch (error) {
      if (!isUnauthorized(error)) toastFailure('Failed to create delegation contact', error);
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const options = { delegationEnabled, editing };
    const found = validateTaskForm(values, options);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      vibrate('error');
      return;
    }
    try {
      const body = formToBody(values, options);
      const saved = task ? await updateTask({ id: task.id, changes: body }).unwrap() : await createTask(body).unwrap();
      vibrate('success');
      toast({ title: task ? 'Task updated' : 'Task created', variant: 'success' });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (!isUnauthorized(error)) {
        vibrate('error');
        // A quota reached (DECISIONS 22) says so: 'Failed to create task' over the api's message.
        toastFailure(task ? 'Failed to update task' : 'Failed to create task', error);
      }
    }
  };

  const links = values.documentLinks;

  return (
    <ResponsiveModal
      open={open}
      onClose={onClose}
      onExited={onExited}
      title={editing ? 'Edit Task' : 'Create New Task'}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="contained" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Task' : 'Create Task'}
          </Button>
        </>
      }
    >
      <Box component="form" id={formId} noValidate onSubmit={submit} sx={{ pt: 0.5 }}>
        <Section title="Task Details">
          <TextField
            label="Task Title"
            required
            autoFocus={!editing}
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            error={Boolean(errors.title)}
            helperText={errors.title}
            fullWidth
          />
          <TextField
            label="Description"
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description}
            multiline
            minRows={2}
            maxRows={8}
            fullWidth
          />
          <SelectOrCreateField
            label="Client"
            items={clientItems}
            value={values.clientId}
            onChange={(id) => set('clientId', id)}
            onCreate={createClientNamed}
            createLabel={(name) => `Create client: ${name}`}
            emptyText="No clients available"
          />
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Document links
            </Typography>
            <Stack spacing={1}>
              {links.map((link, index) => (
                <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <TextField
                    label={`Document link ${index + 1}`}
                    placeholder="https://"
                    value={link}
                    onChange={(event) => set('documentLinks', links.map((l, i) => (i === index ? event.target.value : l)))}
                    fullWidth
                    type="url"
                  />
                  <IconButton
                    aria-label={`Remove document link ${index + 1}`}
                    onClick={() => set('documentLinks', links.length > 1 ? links.filter((_, i) => i !== index) : [''])}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </Stack>
            {errors.documentLinks && (
              <Typography variant="caption" color="error">
                {errors.documentLinks}
              </Typography>
            )}
            <Button size="small" startIcon={<AddIcon />} onClick={() => set('documentLinks', [...links, ''])} sx={{ mt: 1 }}>
              Add link
            </Button>
          </Box>
        </Section>

        <Section title="Configuration">
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <TextField
              label="Due date"
              type="date"
              value={values.dueDate}
              onChange={(event) => set('dueDate', event.target.value)}
              error={Boolean(errors.dueDate)}
              helperText={errors.dueDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Due time"
              type="time"
              value={values.dueTime}
              onChange={(event) => set('dueTime', event.target.value)}
              disabled={values.dueDate === ''}
              error={Boolean(errors.dueTime)}
              helperText={errors.dueTime ?? (values.dueDate === '' ? 'Set a due date first' : 'Optional')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField
              select
              label="Estimated time"
              value={values.estimatedTime}
              onChange={(event) => set('estimatedTime', event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">
                <em>No estimate</em>
              </MenuItem>
              {estimateOptions.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Priority" value={values.priority} onChange={(event) => set('priority', event.target.value as Priority)}>
              {PRIORITIES.map((priority) => (
                <MenuItem key={priority} value={priority}>
                  {PRIORITY_LABELS[priority]}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Status" value={values.status} onChange={(event) => set('status', event.target.value as TaskStatus)}>
              {statuses.map((status) => (
                <MenuItem key={status} value={status}>
                  {STATUS_LABELS[status]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Repeat"
              value={values.repeat}
              onChange={(event) => set('repeat', event.target.value as RepeatChoice)}
              error={Boolean(errors.repeat)}
              helperText={errors.repeat}
            >
              {(['none', ...RECURRING_TYPES] as RepeatChoice[]).map((choice) => (
                <MenuItem key={choice} value={choice}>
                  {REPEAT_LABELS[choice]}
                </MenuItem>
              ))}
            </TextField>
            {values.repeat !== 'none' && (
              <TextField
                label="Every"
                type="number"
                value={values.recurringInterval}
                onChange={(event) => set('recurringInterval', Math.trunc(Number(event.target.value)) || 0)}
                error={Boolean(errors.recurringInterval)}
                helperText={errors.recurringInterval}
                slotProps={{
                  htmlInput: { min: RECURRING_INTERVAL_MIN, max: RECURRING_INTERVAL_MAX, step: 1 },
                  input: { endAdornment: <InputAdornment position="end">{recurrenceUnit(values.repeat, values.recurringInterval)}</InputAdornment> },
                }}
              />
            )}
          </Box>
        </Section>

        {delegationEnabled && (
          <Section title="Delegation">
            <FormControlLabel
              control={<Checkbox checked={values.isDelegated} onChange={(event) => set('isDelegated', event.target.checked)} />}
              label="Delegate this task"
            />
            {values.isDelegated && (
              <>
                <SelectOrCreateField
                  label="Delegate to"
                  items={contactItems}
                  value={values.delegatedToId}
                  onChange={(id) => set('delegatedToId', id)}
                  onCreate={createContactNamed}
                  createLabel={(name) => `Create contact: ${name}`}
                  emptyText="No delegation contacts available"
                  error={errors.delegatedToId}
                />
                <TextField
                  label="Delegation notes"
                  value={values.delegationNotes}
                  onChange={(event) => set('delegationNotes', event.target.value)}
                  multiline
                  minRows={2}
                  fullWidth
                />
              </>
            )}
          </Section>
        )}
      </Box>
    </ResponsiveModal>
  );
}

export default TaskDialog;
