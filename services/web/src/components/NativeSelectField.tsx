import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface NativeSelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * An outlined select on the browser's own picker: light enough for the dashboard's first load, and the
 * phone's native list is the easiest to use with a thumb. Options are plain `<option>` elements.
 */
export function NativeSelectField({ label, value, onChange, children, sx }: NativeSelectFieldProps) {
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} input={<OutlinedInput label={label} notched />}>
        {children}
      </NativeSelect>
    </FormControl>
  );
}
