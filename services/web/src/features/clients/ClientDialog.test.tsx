import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_COLOR_PALETTE } from '@daybook/shared';
import { makeClient, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { ClientDialog } from './ClientDialog';
import { parseHexColor } from './color';

describe('hex colour text', () => {
  it('accepts #rrggbb with or without #, any case, trimmed; lower-cases it', () => {
    expect(parseHexColor('#EF4444')).toBe('#ef4444');
    expect(parseHexColor(' 22c55e ')).toBe('#22c55e');
    expect(parseHexColor('#fff')).toBeNull();
    expect(parseHexColor('#gggggg')).toBeNull();
    expect(parseHexColor('')).toBeNull();
  });
});

describe('client dialog', () => {
  it('offers the 20 preset swatches and requires a name', async () => {
    const { requests } = mockFetch(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<ClientDialog open client={null} onClose={jest.fn()} />);
    expect(screen.getAllByRole('radio')).toHaveLength(20);
    expect(CLIENT_COLOR_PALETTE).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByText('Client name is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('creates with a swatch; the hex text follows, and typed hex sets the colour', async () => {
    const { requests } = mockFetch((req) => (req.method === 'POST' ? json(201, makeClient({ id: uuid(1), name: 'Acme' })) : undefined));
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<ClientDialog open client={null} onClose={onClose} />);
    await user.type(screen.getByLabelText(/Client name/), 'Acme');
    const swatch = CLIENT_COLOR_PALETTE[5]!;
    await user.click(screen.getByRole('radio', { name: swatch }));
    expect(screen.getByLabelText('Hex colour')).toHaveValue(swatch);
    expect(screen.getByRole('radio', { name: swatch })).toHaveAttribute('aria-checked', 'true');

    await user.clear(screen.getByLabelText('Hex colour'));
    await user.type(screen.getByLabelText('Hex colour'), '#12AB9');
    expect(screen.getByText('Enter a colour like #e5e7eb')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Hex colour'), 'F');
    expect(screen.getByLabelText('Colour picker')).toHaveValue('#12ab9f');

    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({ name: 'Acme', color: '#12ab9f' });
    expect(await screen.findByText('Client created successfully')).toBeInTheDocument();
  });

  it('edits: PATCHes, and shows the server message on failure', async () => {
    mockFetch(() => json(409, { error: { code: 'conflict', message: 'A client with this name already exists' } }));
    const user = userEvent.setup();
    renderWithProviders(<ClientDialog open client={makeClient({ id: uuid(1), name: 'Acme', color: '#ef4444' })} onClose={jest.fn()} />);
    expect(screen.getByLabelText(/Client name/)).toHaveValue('Acme');
    await user.click(screen.getByRole('button', { name: 'Update Client' }));
    expect(await screen.findByText('Failed to update client')).toBeInTheDocument();
    expect(screen.getByText('A client with this name already exists')).toBeInTheDocument();
  });
});
