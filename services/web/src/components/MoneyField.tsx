import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { currencySymbol, minorDigits, minorToDecimal, parseMoney } from '@daybook/shared';

/** The text a money field starts with: the amount as a plain decimal ('85.50'), or '' for none. */
export const moneyText = (minor: number | null, currency: string) => (minor === null ? '' : minorToDecimal(minor, currency));

/** What is wrong with a typed amount, or null: '85.50' is fine in USD, '85.505' is not, '85.5' is not in JPY. */
export function moneyTextError(text: string, currency: string): string | null {
  if (text.trim() === '' || parseMoney(text, currency) !== null) return null;
  const digits = minorDigits(currency);
  return digits === 0 ? `Enter a whole amount like 85` : `Enter an amount like 85.${'5'.padEnd(digits, '0')}`;
}

export interface MoneyFieldProps {
  label: string;
  /** The text as typed. */
  value: string;
  onChange: (text: string) => void;
  currency: string;
  error?: string | null;
  /** Shown under the field when there is no error. */
  helperText?: string;
  placeholder?: string;
  sx?: SxProps<Theme>;
}

/** An amount of money typed as a decimal ('85.50'), with the currency's symbol before it. */
export function MoneyField({ label, value, onChange, currency, error, helperText, placeholder, sx }: MoneyFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText ?? ' '}
      placeholder={placeholder}
      sx={sx}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 16 },
      }}
    />
  );
}
