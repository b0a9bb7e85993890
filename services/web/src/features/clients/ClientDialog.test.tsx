import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_ALIASES_MAX, CLIENT_COLOR_PALETTE } from '@daybook/shared';
import { makeClient, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { ClientDialog } from './ClientDialog';
import { parseHexColor } from './color';

/** What the dialog sent: its writes (it reads the billing settings for the rate's currency too). */
const writes = (requests: RecordedRequest[]) => requests.filter((request) => request.method !== 'GET');
const DEFAULTS = { hourlyRateMinor: null, billable: true };

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
    expect(writes(requests)).toHaveLength(0);
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
    expect(writes(requests)[0]?.body).toEqual({ name: 'Acme', color: '#12ab9f', aliases: [], ...DEFAULTS });
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

describe('hourly rate and billable (DECISIONS 31)', () => {
  const settings = (currency: string, defaultHourlyRateMinor: number) => (req: RecordedRequest) =>
    req.path === '/api/billing/settings' ? json(200, { currency, defaultHourlyRateMinor }) : undefined;

  it('creates with a rate typed as a decimal (sent in cents) and billable off; empty means the default', async () => {
    const answer = settings('USD', 10_000);
    const { requests } = mockFetch((req) => (req.method === 'POST' ? json(201, makeClient({ id: uuid(1), name: 'Acme' })) : answer(req)));
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<ClientDialog open client={null} onClose={onClose} />);
    expect(await screen.findByText('Empty: your default rate ($100.00)')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Client name/), 'Acme');
    await user.type(screen.getByLabelText('Hourly rate'), '85.5');
    await user.click(screen.getByRole('switch', { name: 'Billable by default' }));
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(requests)[0]?.body).toMatchObject({ name: 'Acme', hourlyRateMinor: 8550, billable: false });
  });

  it('refuses an amount with more decimals than the currency has, and sends nothing', async () => {
    const { requests } = mockFetch(settings('JPY', 12_000));
    const user = userEvent.setup();
    renderWithProviders(<ClientDialog open client={null} onClose={jest.fn()} />);
    expect(await screen.findByText('Empty: your default rate (¥12,000)')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Client name/), 'Tokyo Co');
    await user.type(screen.getByLabelText('Hourly rate'), '85.50');
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByText('Enter a whole amount like 85')).toBeInTheDocument();
    expect(writes(requests)).toHaveLength(0);
  });

  it('edits: shows the rate in the currency, keeps it when untouched, clears it back to the default', async () => {
    const answer = settings('EUR', 9000);
    const { requests } = mockFetch((req) => (req.method === 'PATCH' ? json(200, makeClient({ id: uuid(1), name: 'Acme' })) : answer(req)));
    const user = userEvent.setup();
    const client = makeClient({ id: uuid(1), name: 'Acme', hourlyRateMinor: 12_050, billable: false });
    renderWithProviders(<ClientDialog open client={client} onClose={jest.fn()} />);
    expect(screen.getByRole('switch', { name: 'Billable by default' })).not.toBeChecked();
    await waitFor(() => expect(screen.getByLabelText('Hourly rate')).toHaveValue('120.50'));
    await user.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.body).toMatchObject({ hourlyRateMinor: 12_050, billable: false });
    await user.clear(screen.getByLabelText('Hourly rate'));
    await user.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    expect(writes(requests)[1]?.body).toMatchObject({ hourlyRateMinor: null });
  });
});

describe('client aliases, "Also called" (DECISIONS 28)', () => {
  const aliasChips = () => within(screen.getByRole('list', { name: 'Aliases' })).getAllByRole('button').map((chip) => chip.textContent);
  const removeAlias = (user: ReturnType<typeof userEvent.setup>, alias: string) =>
    user.click(within(screen.getByRole('button', { name: alias })).getByTestId('CancelIcon'));

  it('adds each name with Enter (trimmed, without submitting), removes it with ×, and sends the list', async () => {
    const { requests } = mockFetch((req) => (req.method === 'POST' ? json(201, makeClient({ id: uuid(1), name: 'Robertson Retail' })) : undefined));
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<ClientDialog open client={null} onClose={onClose} />);
    await user.type(screen.getByLabelText(/Client name/), 'Robertson Retail');
    const alsoCalled = screen.getByLabelText('Also called');
    await user.type(alsoCalled, "  Bob's shop {Enter}");
    await user.type(alsoCalled, 'RR{Enter}');
    await user.type(alsoCalled, 'the corner store{Enter}');
    expect(aliasChips()).toEqual(["Bob's shop", 'RR', 'the corner store']);
    expect(alsoCalled).toHaveValue('');
    expect(writes(requests)).toHaveLength(0);

    await removeAlias(user, 'RR');
    expect(aliasChips()).toEqual(["Bob's shop", 'the corner store']);
    // A name typed but not added with Enter is saved too.
    await user.type(alsoCalled, 'Robbie');
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(requests)[0]?.body).toEqual({ name: 'Robertson Retail', color: '#e5e7eb', aliases: ["Bob's shop", 'the corner store', 'Robbie'], ...DEFAULTS });
  });

  it("shows the shared schema's messages: no repeats in any letter case, at most CLIENT_ALIASES_MAX", async () => {
    const { requests } = mockFetch(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<ClientDialog open client={null} onClose={jest.fn()} />);
    await user.type(screen.getByLabelText(/Client name/), 'Robertson Retail');
    const alsoCalled = screen.getByLabelText('Also called');
    await user.type(alsoCalled, "Bob's shop{Enter}");
    await user.type(alsoCalled, "BOB'S SHOP{Enter}");
    expect(screen.getByText('Aliases must not repeat')).toBeInTheDocument();
    expect(alsoCalled).toHaveValue("BOB'S SHOP");
    expect(aliasChips()).toEqual(["Bob's shop"]);
    // The same refusal on save, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(screen.getByText('Aliases must not repeat')).toBeInTheDocument();
    expect(writes(requests)).toHaveLength(0);
    // Typing again clears the message.
    await user.clear(alsoCalled);
    expect(screen.queryByText('Aliases must not repeat')).not.toBeInTheDocument();

    for (let n = 2; n <= CLIENT_ALIASES_MAX; n += 1) await user.type(alsoCalled, `name ${n}{Enter}`);
    expect(aliasChips()).toHaveLength(CLIENT_ALIASES_MAX);
    await user.type(alsoCalled, 'one too many{Enter}');
    expect(screen.getByText(`At most ${CLIENT_ALIASES_MAX} aliases`)).toBeInTheDocument();
    expect(aliasChips()).toHaveLength(CLIENT_ALIASES_MAX);
  });

  it('edits: shows the client’s aliases, PATCHes the new list, and shows a 409 (an alias another client has) like other conflicts', async () => {
    const message = '“Harbor Dental” is already the name or an alias of another client';
    const { requests } = mockFetch(() => json(409, { error: { code: 'conflict', message } }));
    const onClose = jest.fn();
    const user = userEvent.setup();
    const client = makeClient({ id: uuid(1), name: 'Southwind Clinic', aliases: ['Southwind', 'the clinic'] });
    renderWithProviders(<ClientDialog open client={client} onClose={onClose} />);
    expect(aliasChips()).toEqual(['Southwind', 'the clinic']);
    await removeAlias(user, 'Southwind');
    await user.type(screen.getByLabelText('Also called'), 'Harbor Dental');
    await user.click(screen.getByRole('button', { name: 'Update Client' }));
    expect(await screen.findByText('Failed to update client')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(writes(requests)[0]).toMatchObject({ method: 'PATCH', path: `/api/clients/${uuid(1)}`, body: { name: 'Southwind Clinic', aliases: ['the clinic', 'Harbor Dental'] } });
    // The dialog stays open, the refused alias shown as a chip to remove.
    expect(onClose).not.toHaveBeenCalled();
    expect(aliasChips()).toEqual(['the clinic', 'Harbor Dental']);
  });

  it('leaves Enter in the empty alias field to the form (it submits the dialog), and keeps it from the form when adding', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<ClientDialog open client={null} onClose={jest.fn()} />);
    const alsoCalled = screen.getByLabelText('Also called');
    // fireEvent answers false when the key's default action (submitting the form) was prevented.
    expect(fireEvent.keyDown(alsoCalled, { key: 'Enter' })).toBe(true);
    fireEvent.change(alsoCalled, { target: { value: 'Robbie' } });
    expect(fireEvent.keyDown(alsoCalled, { key: 'Enter' })).toBe(false);
    expect(aliasChips()).toEqual(['Robbie']);
  });
});
