import { useId, type ReactNode } from 'react';
import ArrowDropDownDrawing from '@mui/icons-material/ArrowDropDown';
import { plainIcon } from './icons/plainIcon';

const ArrowDropDownIcon = plainIcon(ArrowDropDownDrawing);

export interface PlainSelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Plain `<option>` elements. */
  children: ReactNode;
  /** Sizes and places the field (styles/today.css). */
  className?: string;
}

/**
 * NativeSelectField's small outlined select with its label in the notch, in plain elements (styles/today.css,
 * `.db-select-field`): for the dashboard's filters, which are on its first paint.
 */
export function PlainSelectField({ label, value, onChange, children, className }: PlainSelectFieldProps) {
  const id = useId();
  return (
    <div className={className ? `db-select-field ${className}` : 'db-select-field'}>
      <select id={id} className="db-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
      <ArrowDropDownIcon />
      <fieldset aria-hidden className="db-select-outline">
        <legend>
          <span>{label}</span>
        </legend>
      </fieldset>
      <label htmlFor={id} className="db-select-label">
        {label}
      </label>
    </div>
  );
}
