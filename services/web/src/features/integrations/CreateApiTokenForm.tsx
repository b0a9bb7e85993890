import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { API_TOKEN_SCOPES, apiTokenCreateBodySchema, type ApiTokenScope, type CreatedApiToken } from '@daybook/shared';
import { useCreateApiTokenMutation } from '../../api/integrationsApi';
import { reportFailure } from '../../lib/feedback';
import { fieldErrors } from '../../lib/formErrors';
import { toast } from '../../lib/toast';
import { EXPIRY_CHOICES, expiresInDaysOf, SCOPE_LABELS, type ExpiryChoice } from './tokenLabels';

type TokenField = 'name' | 'scope' | 'expiry';
const FIELD_OF: Record<string, TokenField> = { name: 'name', scope: 'scope', expiresInDays: 'expiry' };

/** Names a new token, with read-only access and a 90-day expiry unless the user picks otherwise; checked with the shared schema. */
export function CreateApiTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [errors, setErrors] = useState<Partial<Record<TokenField, string>>>({});
  const [createToken, createState] = useCreateApiTokenMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiTokenCreateBodySchema.safeParse({ name, scope, expiresInDays: expiresInDaysOf(expiry) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, (key) => FIELD_OF[key] ?? 'name'));
      return;
    }
    try {
      onCreated(await createToken(parsed.data).unwrap());
      toast({ title: 'Token created', variant: 'success' });
      setName('');
    } catch (error) {
      reportFailure(error, 'Failed to create token', { vibrate: true, showReason: true });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Create a token" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' }, gap: 1.5 }}>
        <TextField
          label="Token name"
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={Boolean(errors.name)}
          helperText={errors.name ?? 'What uses it, e.g. Home Assistant'}
          autoComplete="off"
        />
        <TextField select label="Access" value={scope} onChange={(event) => setScope(event.target.value as ApiTokenScope)} error={Boolean(errors.scope)} helperText={errors.scope}>
          {API_TOKEN_SCOPES.map((option) => (
            <MenuItem key={option} value={option}>
              {SCOPE_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Expires after" value={expiry} onChange={(event) => setExpiry(event.target.value as ExpiryChoice)} error={Boolean(errors.expiry)} helperText={errors.expiry}>
          {EXPIRY_CHOICES.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box>
        <Button type="submit" variant="outlined" disabled={createState.isLoading}>
          {createState.isLoading ? 'Creating…' : 'Create token'}
        </Button>
      </Box>
    </Box>
  );
}
