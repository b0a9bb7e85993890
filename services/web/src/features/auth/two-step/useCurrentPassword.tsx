import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { currentPasswordBodySchema, type CurrentPasswordBody } from '@daybook/shared';
import { isApiError, serverMessage } from '../../../api/apiError';

/** The api refused the current password (403 wrong_password). */
const isWrongPassword = (error: unknown) =>
  isApiError(error) && error.status === 403 && (error.data as { error?: { code?: unknown } } | null)?.error?.code === 'wrong_password';

/**
 * The current password a change of the user's factors takes (removing one, new recovery codes, another
 * factor next to one), so a session someone else holds cannot change how the account is guarded: its
 * field, what the request carries, and a wrong one said in the field (the form or dialog stays open).
 */
export function useCurrentPassword({ autoFocus = false } = {}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = (next: string) => {
    setValue(next);
    setError(null);
  };
  return {
    field: (
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => change(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Your password, to confirm it is you'}
        size="small"
        fullWidth
      />
    ),
    /** What the request carries, checked with the shared schema; null when it is missing (the field says so). */
    proof(): CurrentPasswordBody | null {
      const parsed = currentPasswordBodySchema.safeParse({ currentPassword: value });
      if (!parsed.success) setError(parsed.error.issues[0]?.message ?? 'Password is required');
      return parsed.success ? parsed.data : null;
    },
    /** Says the api's refusal of a wrong password in the field; false for any other failure. */
    refused(failure: unknown): boolean {
      if (!isWrongPassword(failure)) return false;
      setError(serverMessage(failure) ?? 'Your current password is not correct');
      return true;
    },
    reset: () => change(''),
  };
}
