import { useState } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import MoreIcon from '@mui/icons-material/MoreVert';
import SubPageIcon from '@mui/icons-material/SubdirectoryArrowRight';
import { MARKDOWN_TOGGLE_LABEL } from './MarkdownSwitch';

export interface NotesMenuProps {
  markdown: boolean;
  onMarkdown: (on: boolean) => void;
  /** Whether a page is selected (the page actions need one). */
  hasSelection: boolean;
  onNewPage: () => void;
  onNewSubPage: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** Narrow screens: the controls that are not the page selector or search, in one menu. */
export function NotesMenu({ markdown, onMarkdown, hasSelection, onNewPage, onNewSubPage, onEdit, onDelete }: NotesMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const choose = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <IconButton aria-label="Notes options" aria-haspopup="menu" aria-expanded={anchor !== null} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem role="menuitemcheckbox" aria-checked={markdown} onClick={choose(() => onMarkdown(!markdown))}>
          <ListItemIcon>{markdown && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{MARKDOWN_TOGGLE_LABEL}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem onClick={choose(onNewPage)}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>New page</ListItemText>
        </MenuItem>
        <MenuItem disabled={!hasSelection} onClick={choose(onNewSubPage)}>
          <ListItemIcon>
            <SubPageIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>New sub-page</ListItemText>
        </MenuItem>
        <MenuItem disabled={!hasSelection} onClick={choose(onEdit)}>
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Edit page</ListItemText>
        </MenuItem>
        <MenuItem disabled={!hasSelection} onClick={choose(onDelete)} sx={{ color: 'error.main' }}>
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Delete page</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
