import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AddDrawing from '@mui/icons-material/Add';
import AdminDrawing from '@mui/icons-material/AdminPanelSettingsOutlined';
import BillingDrawing from '@mui/icons-material/RequestQuoteOutlined';
import CalendarDrawing from '@mui/icons-material/CalendarMonthOutlined';
import ClientsDrawing from '@mui/icons-material/PeopleAltOutlined';
import KanbanDrawing from '@mui/icons-material/ViewKanbanOutlined';
import MenuDrawing from '@mui/icons-material/Menu';
import NotesDrawing from '@mui/icons-material/StickyNote2Outlined';
import RefreshDrawing from '@mui/icons-material/Refresh';
import SettingsDrawing from '@mui/icons-material/SettingsOutlined';
import { plainIcon } from '../../components/icons/plainIcon';
import { LogoMark } from '../../components/Logo';
import { HeaderTimer } from '../../components/timer/HeaderTimer';
import type { ScreenLink } from './ScreensMenu';
import { lazyChunk } from '../../lib/lazyPreloadable';

const loadScreensMenu = () => import('./ScreensMenu');
const ScreensMenu = lazyChunk(loadScreensMenu);

// Plain <svg>s: the header is plain elements (styles/cards.css) on the dashboard's first paint; the
// screens menu shows the links' icons too.
const AddIcon = plainIcon(AddDrawing);
const MenuIcon = plainIcon(MenuDrawing);
const RefreshIcon = plainIcon(RefreshDrawing);
const SettingsIcon = plainIcon(SettingsDrawing);
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
 * a menu that names them too (its code loads when the pointer or the focus reaches its button). The
 * running timer stays in the buttons' row on phones, in place of the title (styles/cards.css): the day's
 * tasks keep the room.
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
    <header className="db-appbar">
      <div className="db-toolbar">
        <RouterLink to="/dashboard" aria-label="Daybook home" style={{ display: 'flex' }}>
          <LogoMark />
        </RouterLink>
        <h1 className="db-toolbar-title">Dashboard</h1>
        <HeaderTimer inline />

        {/* From 1200 px (MUI's lg): each link's icon and name, in the secondary text colour until pointed at. */}
        <nav aria-label="Screens" className="db-nav">
          {links.map((link) => (
            <RouterLink key={link.to} to={link.to} className="db-nav-link">
              {link.icon}
              {link.label}
            </RouterLink>
          ))}
        </nav>
        <button
          type="button"
          className="db-toolbar-button"
          data-below="lg"
          aria-label="Open navigation"
          aria-haspopup="true"
          aria-controls={menuAnchor ? 'screens-menu' : undefined}
          aria-expanded={menuAnchor ? 'true' : undefined}
          onPointerEnter={() => void loadScreensMenu()}
          onFocus={() => void loadScreensMenu()}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <MenuIcon />
        </button>
        {menuAnchor && (
          <Suspense fallback={null}>
            <ScreensMenu id="screens-menu" links={links} anchor={menuAnchor} onClose={() => setMenuAnchor(null)} />
          </Suspense>
        )}

        <span aria-hidden className="db-toolbar-divider" />
        <button type="button" className="db-toolbar-button" data-from="md" title="Refresh data" aria-label="Refresh data" onClick={onRefresh}>
          <RefreshIcon />
        </button>
        <button type="button" className="db-toolbar-button" title="Settings" aria-label="Settings" onClick={onOpenSettings}>
          <SettingsIcon />
        </button>
        <button type="button" className="db-button db-toolbar-new" data-variant="contained" onClick={onNewTask}>
          <span className="db-button-icon">
            <AddIcon />
          </span>
          New Task
        </button>
        <button type="button" className="db-toolbar-button" data-below="sm" data-main="true" aria-label="New task" onClick={onNewTask}>
          <AddIcon />
        </button>
      </div>
    </header>
  );
}
