import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import type { PageNode } from './notesState';

const CREATE_NEW_PAGE = '__create__';

/**
 * The page selector of narrow screens (spec §2): every page, sub-pages indented under their parent, and
 * 'Create new page'. Wide screens show the pages as a tree instead.
 */
export function PagePicker({ pages, selectedId, onSelect, onCreate }: { pages: readonly PageNode[]; selectedId: string | null; onSelect: (id: string) => void; onCreate: () => void }) {
  return (
    <TextField
      select
      size="small"
      label="Page"
      value={selectedId ?? ''}
      onChange={(event) => {
        if (event.target.value === CREATE_NEW_PAGE) onCreate();
        else onSelect(event.target.value);
      }}
      sx={{ flex: 1, minWidth: 0 }}
    >
      {pages.map((node) => (
        <MenuItem key={node.list.id} value={node.list.id} sx={{ pl: 2 + node.depth * 2 }}>
          {node.list.title}
        </MenuItem>
      ))}
      <MenuItem value={CREATE_NEW_PAGE}>
        <AddIcon fontSize="small" sx={{ mr: 1 }} />
        Create new page
      </MenuItem>
    </TextField>
  );
}
