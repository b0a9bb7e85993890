import { useMemo, useState, type ReactNode } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import { findClientByName } from '@daybook/shared';

export interface ComboItem {
  id: string;
  name: string;
  /** A colour dot before the name (clients). */
  color?: string;
}

type Option = { kind: 'item'; item: ComboItem } | { kind: 'create'; name: string } | { kind: 'clear' };

export interface SelectOrCreateFieldProps {
  label: string;
  items: readonly ComboItem[];
  value: string | null;
  onChange: (id: string | null) => void;
  /** Creates an item with the typed name; resolves to its id, or null when it failed (the caller says why). */
  onCreate: (name: string) => Promise<string | null>;
  /** 'Create client: Acme' */
  createLabel: (name: string) => string;
  /** 'No clients available' */
  emptyText: string;
  clearText?: string;
  disabled?: boolean;
  placeholder?: string;
  /** A validation message shown under the field. */
  error?: string;
}

const matchName = createFilterOptions<ComboItem>({ stringify: (item) => item.name, ignoreCase: true, trim: true });

/**
 * A combo box over the user's clients or contacts (spec §2): typing filters; 'Create …: {text}' is
 * offered when no name matches the text exactly (ignoring case); 'Clear selection' empties it; a click
 * outside closes it.
 */
export function SelectOrCreateField({
  label,
  items,
  value,
  onChange,
  onCreate,
  createLabel,
  emptyText,
  clearText = 'Clear selection',
  disabled,
  placeholder,
  error,
}: SelectOrCreateFieldProps) {
  const [creating, setCreating] = useState(false);
  const selected = useMemo(() => items.find((item) => item.id === value) ?? null, [items, value]);
  const options = useMemo<Option[]>(() => items.map((item) => ({ kind: 'item', item })), [items]);
  const selectedOption = useMemo<Option | null>(() => (selected ? { kind: 'item', item: selected } : null), [selected]);

  const filterOptions = (all: Option[], state: { inputValue: string; getOptionLabel: (o: Option) => string }): Option[] => {
    const typed = state.inputValue.trim();
    // While the input just shows the current selection, every item is offered.
    const showingSelection = selected !== null && typed === selected.name;
    const itemsShown = showingSelection
      ? items
      : matchName(
          all.flatMap((o) => (o.kind === 'item' ? [o.item] : [])),
          { inputValue: typed, getOptionLabel: (item) => item.name },
        );
    const result: Option[] = [];
    if (selected) result.push({ kind: 'clear' });
    result.push(...itemsShown.map((item) => ({ kind: 'item' as const, item })));
    if (typed !== '' && !showingSelection && !findClientByName(items, typed)) result.push({ kind: 'create', name: typed });
    return result;
  };

  const handleChange = async (option: Option | null) => {
    if (!option || option.kind === 'clear') {
      onChange(null);
      return;
    }
    if (option.kind === 'item') {
      onChange(option.item.id);
      return;
    }
    setCreating(true);
    try {
      const id = await onCreate(option.name);
      if (id) onChange(id);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Autocomplete<Option, false, false, false>
      options={options}
      value={selectedOption}
      onChange={(_event, option) => void handleChange(option)}
      filterOptions={filterOptions}
      getOptionLabel={(option) => (option.kind === 'item' ? option.item.name : option.kind === 'create' ? option.name : '')}
      getOptionKey={(option) => (option.kind === 'item' ? option.item.id : option.kind === 'create' ? `create:${option.name}` : 'clear')}
      isOptionEqualToValue={(option, current) => option.kind === 'item' && current.kind === 'item' && option.item.id === current.item.id}
      noOptionsText={emptyText}
      disabled={disabled || creating}
      loading={creating}
      openOnFocus
      handleHomeEndKeys
      slotProps={{ listbox: { sx: { maxHeight: '12rem' } } }}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        // Every row alike: the same padding and type, a 20 px lead (an icon, or the client's colour) before the text.
        let lead: ReactNode = null;
        let text: string;
        if (option.kind === 'clear') {
          lead = <ClearIcon fontSize="small" sx={{ color: 'text.secondary' }} />;
          text = clearText;
        } else if (option.kind === 'create') {
          lead = <AddIcon fontSize="small" color="primary" />;
          text = createLabel(option.name);
        } else {
          if (option.item.color) lead = <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: option.item.color, border: '1px solid rgba(0,0,0,0.12)' }} />;
          text = option.item.name;
        }
        return (
          <Box component="li" key={key} {...rest} data-option-kind={option.kind} sx={{ gap: 1.25 }}>
            <Box component="span" aria-hidden sx={{ width: 20, flexShrink: 0, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
              {lead}
            </Box>
            <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {text}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {creating ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
