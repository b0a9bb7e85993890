import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { SelectOrCreateField, type ComboItem } from './SelectOrCreateField';

const CLIENTS: ComboItem[] = [
  { id: 'c1', name: 'Acme', color: '#ef4444' },
  { id: 'c2', name: 'Globex', color: '#3b82f6' },
  { id: 'c3', name: 'Acme Labs' },
];

function Harness({ items, initial = null, onCreate }: { items: ComboItem[]; initial?: string | null; onCreate?: (name: string) => Promise<string | null> }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <SelectOrCreateField
        label="Client"
        items={items}
        value={value}
        onChange={setValue}
        onCreate={onCreate ?? (async () => null)}
        createLabel={(name) => `Create client: ${name}`}
        emptyText="No clients available"
      />
      <output data-testid="value">{value ?? 'none'}</output>
      <button type="button">outside</button>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Client' });
const options = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);

describe('SelectOrCreateField', () => {
  it('filters by the typed text', async () => {
    renderWithProviders(<Harness items={CLIENTS} />);
    await userEvent.click(input());
    expect(options()).toEqual(['Acme', 'Globex', 'Acme Labs']);
    await userEvent.type(input(), 'acm');
    expect(options()).toEqual(['Acme', 'Acme Labs', 'Create client: acm']);
  });

  it('offers creation only when no name matches exactly, ignoring case', async () => {
    renderWithProviders(<Harness items={CLIENTS} />);
    await userEvent.type(input(), 'ACME');
    expect(options()).toEqual(['Acme', 'Acme Labs']);
    await userEvent.type(input(), ' Corp');
    expect(options()).toEqual(['Create client: ACME Corp']);
  });

  it('says "No clients available" when there are none', async () => {
    renderWithProviders(<Harness items={[]} />);
    await userEvent.click(input());
    expect(screen.getByText('No clients available')).toBeInTheDocument();
  });

  it('selects, offers "Clear selection", and clears', async () => {
    renderWithProviders(<Harness items={CLIENTS} />);
    await userEvent.click(input());
    await userEvent.click(screen.getByRole('option', { name: 'Globex' }));
    expect(screen.getByTestId('value')).toHaveTextContent('c2');
    expect(input()).toHaveValue('Globex');
    await userEvent.click(input());
    expect(options()[0]).toBe('Clear selection');
    await userEvent.click(screen.getByRole('option', { name: 'Clear selection' }));
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });

  it('creates an item from the typed text and selects it', async () => {
    const onCreate = jest.fn(async (name: string) => (name === 'Initech' ? 'c9' : null));
    function Growing() {
      const [items, setItems] = useState(CLIENTS);
      return (
        <Harness
          items={items}
          onCreate={async (name) => {
            const id = await onCreate(name);
            if (id) setItems((current) => [...current, { id, name }]);
            return id;
          }}
        />
      );
    }
    renderWithProviders(<Growing />);
    await userEvent.type(input(), 'Initech');
    await userEvent.click(screen.getByRole('option', { name: 'Create client: Initech' }));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('c9'));
    expect(onCreate).toHaveBeenCalledWith('Initech');
    expect(input()).toHaveValue('Initech');
  });

  it('closes on a click outside', async () => {
    renderWithProviders(<Harness items={CLIENTS} />);
    await userEvent.click(input());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('styles the "Create client: …" row like the others: same class and type, an add icon in the same lead', async () => {
    renderWithProviders(<Harness items={CLIENTS} />);
    await userEvent.type(input(), 'Ac');
    const item = screen.getByRole('option', { name: 'Acme' });
    const create = screen.getByRole('option', { name: 'Create client: Ac' });
    expect(create).toHaveAttribute('data-option-kind', 'create');
    expect(create.className).toContain('MuiAutocomplete-option');
    expect(getComputedStyle(create).fontWeight).toBe(getComputedStyle(item).fontWeight);
    expect(getComputedStyle(create).color).toBe(getComputedStyle(item).color);
    expect(within(create).getByTestId('AddIcon')).toBeInTheDocument();
    // The icon and the client's colour dot sit in leads of one width, so the names line up.
    const lead = (option: HTMLElement) => option.firstElementChild as HTMLElement;
    expect(lead(create)).toHaveStyle({ width: '20px' });
    expect(lead(item)).toHaveStyle({ width: '20px' });
    expect(lead(create)).toHaveAttribute('aria-hidden', 'true');
  });

  it('styles the "Create contact: …" row alike, for items without a colour', async () => {
    function Contacts() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <SelectOrCreateField
          label="Delegate to"
          items={[{ id: 'p1', name: 'Pat' }]}
          value={value}
          onChange={setValue}
          onCreate={async () => null}
          createLabel={(name) => `Create contact: ${name}`}
          emptyText="No delegation contacts available"
        />
      );
    }
    renderWithProviders(<Contacts />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Delegate to' }), 'Sam');
    const create = screen.getByRole('option', { name: 'Create contact: Sam' });
    expect(within(create).getByTestId('AddIcon')).toBeInTheDocument();
    expect(create.className).toContain('MuiAutocomplete-option');
  });
});
