import { useId, type CSSProperties, type ReactNode } from 'react';
import ArrowDropDownDrawing from '@mui/icons-material/ArrowDropDown';
import { plainIcon } from './icons/plainIcon';

const ArrowDropDownIcon = plainIcon(ArrowDropDownDrawing);

export interface NativeSelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Plain `<option>` elements. */
  children: ReactNode;
  /** Sizes and places the field: a class (styles/today.css) or, for a fixed size, a style. */
  className?: string;
  style?: CSSProperties;
}

/**
 * A small outlined select on the browser's own picker, its label in the outline's notch (MUI's outlined
 * NativeSelect as the theme sets it), in plain elements (styles/today.css, `.db-select-field`): light
 * enough for the dashboard's first paint, and a phone's native list is the easiest to use with a thumb.
 */
export function NativeSelectField({ label, value, onChange, children, className, style }: NativeSelectFieldProps) {
  const id = useId();
  return (
    <div className={className ? `db-select-field ${className}` : 'db-select-field'} style={style}>
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
