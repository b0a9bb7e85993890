import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface ScreenLink {
  to: string;
  label: string;
  icon: ReactElement;
}

/** The header's screens as a menu (below wide screens), each with its icon and name; loads when first opened. */
export default function ScreensMenu({ id, links, anchor, onClose }: { id: string; links: readonly ScreenLink[]; anchor: HTMLElement; onClose: () => void }) {
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {links.map((link) => (
        <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
          <ListItemIcon>{link.icon}</ListItemIcon>
          <ListItemText>{link.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
