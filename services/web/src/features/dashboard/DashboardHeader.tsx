import { useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BillingIcon from '@mui/icons-material/RequestQuoteOutlined';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import ClientsIcon from '@mui/icons-material/PeopleAltOutlined';
import KanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import NotesIcon from '@mui/icons-material/StickyNote2Outlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { LogoMark } from '../../components/Logo';
import { HeaderTimer } from '../../components/timer/HeaderTimer';

interface NavLink {
  to: string;
  label: string;
  icon: ReactElement;
}

export interface DashboardHeaderProps {
  isAdmin: boolean;
  onRefresh: () => void;
  onOpenSettings: () => void;
  onNewTask: () => void;
}

/**
 * Logo, title and the icon links of spec §2 (User Management for admins only), refresh (wide screens
 * only), settings and new task. On phones the links fold into a menu.
 */
export function DashboardHeader({ isAdmin, onRefresh, onOpenSettings, onNewTask }: DashboardHeaderProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const links: NavLink[] = [
    { to: '/calendar', label: 'Calendar', icon: <CalendarIcon /> },
    { to: '/kanban', label: 'Kanban', icon: <KanbanIcon /> },
    { to: '/clients', label: 'Clients', icon: <ClientsIcon /> },
    { to: '/billing', label: 'Billing', icon: <BillingIcon /> },
    { to: '/notes', label: 'Notes', icon: <NotesIcon /> },
    ...(isAdmin ? [{ to: '/admin/users', label: 'User Management', icon: <AdminIcon /> }] : []),
  ];

  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1.5, sm: 3 }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <RouterLink to="/dashboard" aria-label="Daybook home" style={{ display: 'flex' }}>
          <LogoMark />
        </RouterLink>
        <Typography variant="h6" component="h1" sx={{ ml: 1, flex: 1, whiteSpace: 'nowrap' }}>
          Dashboard
        </Typography>
        <HeaderTimer />

        <Box component="nav" aria-label="Screens" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
          {links.map((link) => (
            <IconButton key={link.to} title={link.label} component={RouterLink} to={link.to} aria-label={link.label} color="inherit">
                {link.icon}
              </IconButton>
          ))}
        </Box>
        <IconButton
          aria-label="Open navigation"
          color="inherit"
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <MenuIcon />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          {links.map((link) => (
            <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={() => setMenuAnchor(null)}>
              <ListItemIcon>{link.icon}</ListItemIcon>
              <ListItemText>{link.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>

        <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 1.5, display: { xs: 'none', md: 'block' } }} />
        <IconButton title="Refresh data" aria-label="Refresh data" color="inherit" onClick={onRefresh} sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
            <RefreshIcon />
          </IconButton>
        <IconButton title="Settings" aria-label="Settings" color="inherit" onClick={onOpenSettings}>
            <SettingsIcon />
          </IconButton>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onNewTask} sx={{ ml: 0.5, display: { xs: 'none', sm: 'inline-flex' } }}>
          New Task
        </Button>
        <IconButton aria-label="New task" onClick={onNewTask} sx={{ display: { xs: 'inline-flex', sm: 'none' }, bgcolor: 'primary.main', color: '#fff', '&:hover': { bgcolor: 'primary.dark' } }}>
          <AddIcon />
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
