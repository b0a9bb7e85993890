import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AdminDrawing from '@mui/icons-material/AdminPanelSettingsOutlined';
import BillingDrawing from '@mui/icons-material/RequestQuoteOutlined';
import CalendarDrawing from '@mui/icons-material/CalendarMonthOutlined';
import ClientsDrawing from '@mui/icons-material/PeopleAltOutlined';
import KanbanDrawing from '@mui/icons-material/ViewKanbanOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import NotesDrawing from '@mui/icons-material/StickyNote2Outlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { plainIcon } from '../../components/icons/plainIcon';
import { LogoMark } from '../../components/Logo';
import { HeaderTimer } from '../../components/timer/HeaderTimer';
import type { ScreenLink } from './ScreensMenu';

const loadScreensMenu = () => import('./ScreensMenu');
const ScreensMenu = lazy(loadScreensMenu);

// Plain <svg>s: the wide header's links (styles/cards.css) are plain elements; the menu shows them too.
const AdminIcon = plainIcon(AdminDrawing);
const BillingIcon = plainIcon(BillingDrawing);
const CalendarIcon = plainIcon(CalendarDrawing);
const ClientsIcon = plainIcon(ClientsDrawing);
const KanbanIcon = plainIcon(KanbanDrawing);
const NotesIcon = plainIcon(NotesDrawing);

export interface DashboardHeaderProps {
  isAdmin: boolean;
  onRefresh: () => void;
  onOpenSettings: () => void;
  onNewTask: () => void;
}

/**
 * Logo, title and the links of spec §2 (User Management for admins only), refresh (wide screens only),
 * settings and new task. From 1200 px each link shows its icon and its name; narrower, the links fold into
 * a menu that names them too (its code loads when the pointer or the focus reaches its button).
 */
export function DashboardHeader({ isAdmin, onRefresh, onOpenSettings, onNewTask }: DashboardHeaderProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const links: ScreenLink[] = [
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
        <Typography variant="h6" component="h1" sx={{ ml: 1, flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          Dashboard
        </Typography>
        <HeaderTimer />

        {/* From 1200 px (MUI's lg): each link's icon and name, in the secondary text colour until pointed at. */}
        <nav aria-label="Screens" className="db-nav">
          {links.map((link) => (
            <RouterLink key={link.to} to={link.to} className="db-nav-link">
              {link.icon}
              {link.label}
            </RouterLink>
          ))}
        </nav>
        <IconButton
          aria-label="Open navigation"
          aria-haspopup="true"
          aria-controls={menuAnchor ? 'screens-menu' : undefined}
          aria-expanded={menuAnchor ? 'true' : undefined}
          color="inherit"
          sx={{ display: { xs: 'inline-flex', lg: 'none' } }}
          onPointerEnter={() => void loadScreensMenu()}
          onFocus={() => void loadScreensMenu()}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <MenuIcon />
        </IconButton>
        {menuAnchor && (
          <Suspense fallback={null}>
            <ScreensMenu id="screens-menu" links={links} anchor={menuAnchor} onClose={() => setMenuAnchor(null)} />
          </Suspense>
        )}

        <Box aria-hidden sx={{ alignSelf: 'stretch', borderLeft: 1, borderColor: 'divider', mx: 0.5, my: 1.5, display: { xs: 'none', md: 'block' } }} />
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
