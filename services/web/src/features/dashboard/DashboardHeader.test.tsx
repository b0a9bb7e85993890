import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '../../test/render';
import { DashboardHeader } from './DashboardHeader';

const SCREENS = [
  ['Calendar', '/calendar'],
  ['Kanban', '/kanban'],
  ['Clients', '/clients'],
  ['Billing', '/billing'],
  ['Notes', '/notes'],
] as const;

function renderHeader(isAdmin = false) {
  mockFetch(() => undefined);
  renderWithProviders(<DashboardHeader isAdmin={isAdmin} onRefresh={jest.fn()} onOpenSettings={jest.fn()} onNewTask={jest.fn()} />);
}

describe('DashboardHeader', () => {
  it('names every screen in visible text beside its icon on wide screens, with no tooltip standing in for the name', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(SCREENS.map(([name, to]) => [name, to]));
    for (const link of links) {
      expect(link).not.toHaveAttribute('title');
      expect(link).not.toHaveAttribute('aria-label');
      expect(link.querySelector('svg')).not.toBeNull();
    }
    expect(within(nav).queryByText('User Management')).not.toBeInTheDocument();
  });

  it('adds User Management for an admin', () => {
    renderHeader(true);
    expect(within(screen.getByRole('navigation', { name: 'Screens' })).getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/admin/users');
  });

  it('opens a menu naming the same screens (phones), by keyboard too', async () => {
    renderHeader(true);
    const button = screen.getByRole('button', { name: 'Open navigation' });
    expect(button).toHaveAttribute('aria-haspopup', 'true');
    expect(button).not.toHaveAttribute('aria-expanded');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The menu's code loads when it first opens.
    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-controls', 'screens-menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([...SCREENS.map(([name, to]) => [name, to]), ['User Management', '/admin/users']]);
    // The first entry has the focus; the arrow keys walk the rest.
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('gives the icon-only buttons names', () => {
    renderHeader();
    for (const name of ['Daybook home', 'Refresh data', 'Settings', 'New task']) expect(screen.getByRole(name === 'Daybook home' ? 'link' : 'button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Task' })).toBeInTheDocument();
  });
});
