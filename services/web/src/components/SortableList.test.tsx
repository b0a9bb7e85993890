import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { SortableList } from './SortableList';

const items = [
  { id: 'a', name: 'Acme' },
  { id: 'b', name: 'Globex' },
];

const renderList = (onMove?: (from: number, to: number) => void) =>
  renderWithProviders(
    <SortableList listId="clients" items={items} onMove={onMove} itemLabel={(item) => item.name} testId="client-list" itemTestId="client-row">
      {(item, index, dragging) => <span>{`${index + 1}. ${item.name}${dragging ? ' (lifted)' : ''}`}</span>}
    </SortableList>,
  );

describe('a sortable list', () => {
  it('shows each item in order and tells a screen reader how to move it', () => {
    renderList(jest.fn());
    const rows = within(screen.getByTestId('client-list')).getAllByTestId('client-row');
    expect(rows.map((row) => row.textContent)).toEqual(['1. Acme', '2. Globex']);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Acme, press space to reorder', 'Globex, press space to reorder']);
    // A named group, focusable, not a button: an item's own buttons are not nested in another (axe: nested-interactive).
    expect(screen.getAllByRole('group', { name: /press space to reorder$/ })).toEqual(rows);
    expect(rows.map((row) => row.tabIndex)).toEqual([0, 0]);
  });

  it('without onMove, offers no move', () => {
    renderList();
    expect(screen.getAllByTestId('client-row').map((row) => row.getAttribute('aria-label'))).toEqual(['Acme', 'Globex']);
  });
});
