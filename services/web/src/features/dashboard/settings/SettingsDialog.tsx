import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import ReviewIcon from '@mui/icons-material/FactCheckOutlined';
import {
  TIMEZONES,
  TIME_INCREMENT_NUMBERS,
  TIME_INCREMENT_UNITS,
  makeTimeIncrement,
  type Timezone,
  type TimeIncrementUnit,
  type User,
} from '@daybook/shared';
import { isUnauthorized } from '../../../api/apiError';
import { useLogoutMutation, useUpdateSettingsMutation, useUpdateTimezoneMutation } from '../../../api/authApi';
import { useCreateClientMutation, useDeleteClientMutation, useGetClientsQuery } from '../../../api/clientsApi';
import { useCreateContactMutation, useDeleteContactMutation, useGetContactsQuery } from '../../../api/contactsApi';
import { useCreateTimeIncrementMutation, useDeleteTimeIncrementMutation, useGetTimeIncrementsQuery } from '../../../api/timeIncrementsApi';
import { ResponsiveModal } from '../../../components/ResponsiveModal';
import { toast, toastError } from '../../../lib/toast';
import { vibrate } from '../../../lib/vibrate';

/** How long the 'Logged out' toast shows before the page reloads. */
const LOGOUT_RELOAD_DELAY_MS = 1500;

/** Runs a settings write with its toasts (spec §8). */
async function withToasts(run: () => Promise<unknown>, success: { title: string; description?: string }, failure: string): Promise<boolean> {
  try {
    await run();
    toast({ ...success, variant: 'success' });
    return true;
  } catch (error) {
    if (!isUnauthorized(error)) {
      vibrate('error');
      toastError(failure);
    }
    return false;
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ '& + &': { mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' } }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A scrollable list of named entries, each with a delete button (spec §2: lists are scrollable). */
function DeletableList({ items, label, empty, onDelete }: { items: { id: string; name: string; color?: string }[]; label: string; empty: string; onDelete: (id: string) => void }) {
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <List dense aria-label={label} sx={{ maxHeight: 200, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 2, mb: 1.5, py: 0 }}>
      {items.map((item) => (
        <ListItem
          key={item.id}
          divider
          secondaryAction={
            <IconButton edge="end" aria-label={`Remove ${item.name}`} onClick={() => onDelete(item.id)} size="small">
              <DeleteIcon fontSize="small" />
            </IconButton>
          }
        >
          {item.color && <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: item.color, mr: 1.5, border: '1px solid rgba(0,0,0,0.12)' }} />}
          <ListItemText primary={item.name} />
        </ListItem>
      ))}
    </List>
  );
}

/** A name input with its add button; Enter adds too; enabled only for a non-blank name, sent trimmed (spec §5). */
function AddByName({ label, button, onAdd }: { label: string; button: string; onAdd: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const add = async () => {
    if (trimmed === '' || busy) return;
    setBusy(true);
    if (await onAdd(trimmed)) setName('');
    setBusy(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void add();
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' } }}>
      <TextField label={label} value={name} onChange={(event) => setName(event.target.value)} onKeyDown={onKeyDown} fullWidth />
      <Button variant="outlined" onClick={() => void add()} disabled={trimmed === '' || busy} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {button}
      </Button>
    </Box>
  );
}

/** Settings (spec §2): profile, clients, time increments, delegation contacts, actions. */
export function SettingsDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const clients = useGetClientsQuery();
  const increments = useGetTimeIncrementsQuery();
  const contacts = useGetContactsQuery(undefined, { skip: !user.enableDelegation });
  const [updateTimezone] = useUpdateTimezoneMutation();
  const [updateSettings, settingsState] = useUpdateSettingsMutation();
  const [createClient] = useCreateClientMutation();
  const [deleteClient] = useDeleteClientMutation();
  const [createIncrement] = useCreateTimeIncrementMutation();
  const [deleteIncrement] = useDeleteTimeIncrementMutation();
  const [createContact] = useCreateContactMutation();
  const [deleteContact] = useDeleteContactMutation();
  const [logout, logoutState] = useLogoutMutation();
  const [incrementNumber, setIncrementNumber] = useState<number | ''>('');
  const [incrementUnit, setIncrementUnit] = useState<TimeIncrementUnit | ''>('');
  // The timezone and the delegation switch show the choice at once; the saved user follows (or they go back).
  const [pendingTimezone, setPendingTimezone] = useState<Timezone | null>(null);
  const [pendingDelegation, setPendingDelegation] = useState<boolean | null>(null);
  useEffect(() => setPendingTimezone(null), [user.timezone]);
  useEffect(() => setPendingDelegation(null), [user.enableDelegation]);

  const changeTimezone = async (timezone: Timezone) => {
    setPendingTimezone(timezone);
    const ok = await withToasts(
      () => updateTimezone({ timezone }).unwrap(),
      { title: 'Timezone updated', description: 'Your timezone preference has been saved' },
      'Failed to update timezone',
    );
    if (!ok) setPendingTimezone(null);
  };

  const changeDelegation = async (enableDelegation: boolean) => {
    setPendingDelegation(enableDelegation);
    const ok = await withToasts(() => updateSettings({ enableDelegation }).unwrap(), { title: 'Settings updated' }, 'Failed to update settings');
    if (!ok) setPendingDelegation(null);
  };

  const addIncrement = async () => {
    if (incrementNumber === '' || incrementUnit === '') return;
    const ok = await withToasts(
      () => createIncrement(makeTimeIncrement(incrementNumber, incrementUnit)).unwrap(),
      { title: 'Time increment added' },
      'Failed to add time increment',
    );
    if (ok) {
      setIncrementNumber('');
      setIncrementUnit('');
    }
  };

  const signOut = async () => {
    const ok = await withToasts(() => logout().unwrap(), { title: 'Logged out' }, 'Failed to logout');
    // The page reloads afterwards (spec §7), once the toast has had time to be read.
    if (ok) setTimeout(() => window.location.assign('/'), LOGOUT_RELOAD_DELAY_MS);
  };

  return (
    <ResponsiveModal open={open} onClose={onClose} title="Settings" maxWidth="sm">
      <Section title="Profile Information">
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <TextField label="Username" value={user.username} slotProps={{ input: { readOnly: true } }} />
            <TextField label="Role" value={user.role} slotProps={{ input: { readOnly: true } }} />
          </Box>
          <TextField
            select
            label="Timezone"
            value={pendingTimezone ?? user.timezone}
            onChange={(event) => void changeTimezone(event.target.value as Timezone)}
          >
            {TIMEZONES.map((zone) => (
              <MenuItem key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={pendingDelegation ?? user.enableDelegation}
                disabled={settingsState.isLoading}
                onChange={(event) => void changeDelegation(event.target.checked)}
              />
            }
            label="Task Delegation"
          />
        </Stack>
      </Section>

      <Section title="Manage Clients">
        <DeletableList
          label="Clients"
          empty="No clients yet."
          items={(clients.data ?? []).map(({ id, name, color }) => ({ id, name, color }))}
          onDelete={(id) => void withToasts(() => deleteClient(id).unwrap(), { title: 'Client removed' }, 'Failed to remove client')}
        />
        <AddByName
          label="New client name"
          button="Add Client"
          onAdd={(name) => withToasts(() => createClient({ name }).unwrap(), { title: 'Client added' }, 'Failed to add client')}
        />
      </Section>

      <Section title="Time Increments">
        {(increments.data ?? []).length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            No time increments yet.
          </Typography>
        ) : (
          <Box
            role="list"
            aria-label="Time increments"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' }, gap: 1, maxHeight: 200, overflowY: 'auto', mb: 1.5 }}
          >
            {(increments.data ?? []).map((increment) => (
              <Box
                role="listitem"
                key={increment.id}
                sx={{ display: 'flex', alignItems: 'center', pl: 1.5, pr: 0.5, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 2 }}
              >
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {increment.label}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`Remove ${increment.label}`}
                  onClick={() => void withToasts(() => deleteIncrement(increment.id).unwrap(), { title: 'Time increment removed' }, 'Failed to remove time increment')}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField select label="Number" value={incrementNumber} onChange={(event) => setIncrementNumber(Number(event.target.value))} sx={{ flex: 1, minWidth: 100 }}>
            {TIME_INCREMENT_NUMBERS.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Unit" value={incrementUnit} onChange={(event) => setIncrementUnit(event.target.value as TimeIncrementUnit)} sx={{ flex: 1, minWidth: 100 }}>
            {TIME_INCREMENT_UNITS.map((unit) => (
              <MenuItem key={unit} value={unit}>
                {unit}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            onClick={() => void addIncrement()}
            disabled={incrementNumber === '' || incrementUnit === ''}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
          >
            Add Time Increment
          </Button>
        </Box>
      </Section>

      {user.enableDelegation && (
        <Section title="Delegation Contacts">
          <DeletableList
            label="Delegation contacts"
            empty="No delegation contacts yet."
            items={(contacts.data ?? []).map(({ id, name }) => ({ id, name }))}
            onDelete={(id) => void withToasts(() => deleteContact(id).unwrap(), { title: 'Contact removed' }, 'Failed to remove delegation contact')}
          />
          <AddByName
            label="Contact name (required)"
            button="Add Delegation Contact"
            onAdd={(name) => withToasts(() => createContact({ name }).unwrap(), { title: 'Contact added' }, 'Failed to add delegation contact')}
          />
        </Section>
      )}

      <Section title="Actions">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/daily-review" variant="outlined" startIcon={<ReviewIcon />} onClick={onClose}>
            Daily Task Review
          </Button>
          <Button component={RouterLink} to="/archived" variant="outlined" startIcon={<ArchiveIcon />} onClick={onClose}>
            View Archived Tasks
          </Button>
          <Button color="error" variant="outlined" startIcon={<LogoutIcon />} onClick={() => void signOut()} disabled={logoutState.isLoading}>
            Logout
          </Button>
        </Stack>
      </Section>
    </ResponsiveModal>
  );
}

export default SettingsDialog;
