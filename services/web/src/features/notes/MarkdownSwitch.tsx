import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

/** The label of the Markdown On/Off toggle (spec §2): what the switch does when it is on. */
export const MARKDOWN_TOGGLE_LABEL = 'Render markdown';

/** Whether notes show rendered markdown or their plain text: a switch, so it shows the state and the action at once. */
export function MarkdownSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <FormControlLabel
      control={<Switch checked={on} onChange={(event) => onChange(event.target.checked)} />}
      label={MARKDOWN_TOGGLE_LABEL}
      sx={{ mr: 0, whiteSpace: 'nowrap' }}
    />
  );
}
