import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import BoldIcon from '@mui/icons-material/FormatBold';
import ItalicIcon from '@mui/icons-material/FormatItalic';
import CodeIcon from '@mui/icons-material/Code';
import HeadingIcon from '@mui/icons-material/Title';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import LinkIcon from '@mui/icons-material/Link';
import type { FormatKind } from './formatting';

const TOOLBAR: ReadonlyArray<[FormatKind, string, typeof BoldIcon]> = [
  ['bold', 'Bold', BoldIcon],
  ['italic', 'Italic', ItalicIcon],
  ['code', 'Inline code', CodeIcon],
  ['heading', 'Heading', HeadingIcon],
  ['list', 'List', ListIcon],
  ['link', 'Link', LinkIcon],
];

/** The editor's markdown toolbar (spec §2); a click keeps the text area's selection. */
export function FormatToolbar({ onFormat, disabled }: { onFormat: (kind: FormatKind) => void; disabled?: boolean }) {
  return (
    <Box role="toolbar" aria-label="Formatting" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25 }}>
      {TOOLBAR.map(([kind, label, Icon]) => (
        <Tooltip key={kind} title={label}>
          <span>
            <IconButton size="small" aria-label={label} disabled={disabled} onMouseDown={(event) => event.preventDefault()} onClick={() => onFormat(kind)}>
              <Icon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Box>
  );
}
