import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { channelCreateBodySchema, DEFAULT_NTFY_SERVER } from '@daybook/shared';
import { isApiError, isUnauthorized, serverMessage } from '../../../api/apiError';
import { useCreateChannelMutation } from '../../../api/notificationsApi';
import { reportFailure } from '../../../lib/feedback';
import { fieldErrors } from '../../../lib/formErrors';
import { toast, toastError } from '../../../lib/toast';

type AddableKind = 'ntfy' | 'email' | 'webhook';

interface ChannelFormValues {
  name: string;
  server: string;
  topic: string;
  token: string;
  address: string;
  url: string;
}
type ChannelFormErrors = Partial<Record<keyof ChannelFormValues, string>>;

const EMPTY: ChannelFormValues = { name: '', server: DEFAULT_NTFY_SERVER, topic: '', token: '', address: '', url: '' };

/** The body of POST /api/notifications/channels for the chosen kind (blank optional fields left out). */
function bodyOf(kind: AddableKind, values: ChannelFormValues) {
  const name = values.name.trim() === '' ? undefined : values.name;
  if (kind === 'ntfy') return { kind, name, server: values.server.trim() === '' ? undefined : values.server, topic: values.topic, token: values.token.trim() === '' ? undefined : values.token };
  if (kind === 'email') return { kind, name, address: values.address.trim() };
  return { kind, name, url: values.url };
}

const FIELD_KEYS = new Set(Object.keys(EMPTY));

/** Adds an ntfy topic, an email address or a webhook, checked with the shared schema before it is sent. */
export function AddChannelForm() {
  const [kind, setKind] = useState<AddableKind>('ntfy');
  const [values, setValues] = useState<ChannelFormValues>(EMPTY);
  const [errors, setErrors] = useState<ChannelFormErrors>({});
  const [createChannel, createState] = useCreateChannelMutation();

  const field = (key: keyof ChannelFormValues) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    },
    error: Boolean(errors[key]),
    fullWidth: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = channelCreateBodySchema.safeParse(bodyOf(kind, values));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, (key) => (FIELD_KEYS.has(key) ? (key as keyof ChannelFormValues) : 'name')));
      return;
    }
    try {
      const channel = await createChannel(parsed.data).unwrap();
      toast({ title: 'Channel added', description: `Send a test to check ${channel.name}.`, variant: 'success' });
      setValues(EMPTY);
    } catch (error) {
      // The api checks what a form cannot (an address it refuses to call): its reason is the message.
      const reason = isApiError(error) && error.status === 400 && !isUnauthorized(error) ? serverMessage(error) : undefined;
      if (reason) toastError(reason, 'Failed to add channel');
      else reportFailure(error, 'Failed to add channel', { vibrate: true, showReason: true });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add a channel" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={kind}
        onChange={(_event, next: AddableKind | null) => {
          if (next) {
            setKind(next);
            setErrors({});
          }
        }}
        aria-label="Channel type"
      >
        <ToggleButton value="ntfy">ntfy</ToggleButton>
        <ToggleButton value="email">Email</ToggleButton>
        <ToggleButton value="webhook">Webhook</ToggleButton>
      </ToggleButtonGroup>

      {kind === 'ntfy' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          <TextField label="Server" {...field('server')} helperText={errors.server ?? 'ntfy.sh or your own'} />
          <TextField label="Topic" required {...field('topic')} helperText={errors.topic ?? 'Letters, digits, - and _'} />
          <TextField label="Access token" type="password" autoComplete="off" {...field('token')} helperText={errors.token ?? 'Optional, for a protected topic'} />
          <TextField label="Name" {...field('name')} helperText={errors.name ?? 'Optional'} />
        </Box>
      )}
      {kind === 'email' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          <TextField label="Email address" type="email" required {...field('address')} helperText={errors.address} />
          <TextField label="Name" {...field('name')} helperText={errors.name ?? 'Optional'} />
        </Box>
      )}
      {kind === 'webhook' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          <TextField label="Webhook URL" type="url" required {...field('url')} helperText={errors.url ?? 'Gets a JSON POST (works with Apprise)'} />
          <TextField label="Name" {...field('name')} helperText={errors.name ?? 'Optional'} />
        </Box>
      )}
      <Box>
        <Button type="submit" variant="outlined" disabled={createState.isLoading}>
          {createState.isLoading ? 'Adding…' : 'Add channel'}
        </Button>
      </Box>
    </Box>
  );
}
