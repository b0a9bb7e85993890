import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { clientAliasesSchema } from '@daybook/shared';

export interface AliasesFieldProps {
  aliases: readonly string[];
  /** The text typed but not added yet (the dialog saves it too, see `aliasesWithDraft`). */
  draft: string;
  error?: string | null;
  onChange: (change: { aliases?: string[]; draft: string; error: string | null }) => void;
}

/** The aliases to save: the chips, and the typed text when there is some (a forgotten Enter loses nothing). */
export const aliasesWithDraft = (aliases: readonly string[], draft: string): string[] => (draft.trim() === '' ? [...aliases] : [...aliases, draft]);

/**
 * "Also called" (DECISIONS 28): the other names the user calls a client by, as chips. Enter adds the
 * typed name (Enter in an empty field submits the dialog as usual), × or Delete on a chip removes it.
 */
export function AliasesField({ aliases, draft, error, onChange }: AliasesFieldProps) {
  const add = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || draft.trim() === '') return;
    event.preventDefault();
    // Checked with the shared schema: trimmed, not blank, at most 20, no repeats in any letter case.
    const parsed = clientAliasesSchema.safeParse(aliasesWithDraft(aliases, draft));
    onChange(parsed.success ? { aliases: parsed.data, draft: '', error: null } : { draft, error: parsed.error.issues[0]?.message ?? null });
  };

  const remove = (index: number) => {
    onChange({ aliases: aliases.filter((_, i) => i !== index), draft, error: null });
  };

  return (
    <Box>
      <TextField
        label="Also called"
        value={draft}
        fullWidth
        onChange={(event) => onChange({ draft: event.target.value, error: null })}
        onKeyDown={add}
        error={Boolean(error)}
        helperText={error ?? 'Other names for this client, recognised in new tasks. Press Enter to add each.'}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
      {aliases.length > 0 && (
        <Box component="ul" aria-label="Aliases" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {aliases.map((alias, index) => (
            <Box component="li" key={alias.toLowerCase()} sx={{ maxWidth: '100%' }}>
              <Chip label={alias} size="small" onDelete={() => remove(index)} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
