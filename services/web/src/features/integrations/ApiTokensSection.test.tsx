import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiTokenSchema, type ApiToken } from '@daybook/shared';
import { uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../test/render';
import { ApiTokensSection } from './ApiTokensSection';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const makeToken = (overrides: Partial<ApiToken> & { id: string; name: string }): ApiToken =>
  apiTokenSchema.parse({ scope: 'read', hint: 'dbk_…a1b2', createdAt: '2026-03-01T15:00:00.000Z', lastUsedAt: null, expiresAt: null, ...overrides });

const BACKUP = makeToken({ id: uuid(1), name: 'Backup script', scope: 'read', lastUsedAt: minutesAgo(5), expiresAt: '2099-06-03T15:00:00.000Z' });
const HOME = makeToken({ id: uuid(2), name: 'Home Assistant', scope: 'read-write', hint: 'dbk_…Zz9_' });
const OLD = makeToken({ id: uuid(3), name: 'Old laptop', expiresAt: '2020-01-01T15:00:00.000Z', lastUsedAt: '2019-12-24T15:00:00.000Z' });
const SECRET = 'dbk_AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH';

type Answer = Response | undefined | Promise<Response | undefined>;

/** The api as the contract answers it: POST adds the token (newest first), DELETE removes it. */
function api(override: (req: RecordedRequest) => Answer = () => undefined, initial: ApiToken[] = [BACKUP, HOME, OLD]) {
  let tokens = initial;
  return mockFetch(async (req) => {
    const answer = await override(req);
    if (answer) return answer;
    if (req.path === '/api/tokens' && req.method === 'GET') return json(200, tokens);
    if (req.path === '/api/tokens' && req.method === 'POST') {
      const body = req.body as { name: string; scope: ApiToken['scope'] };
      const token = makeToken({ id: uuid(9), name: body.name, scope: body.scope, hint: 'dbk_…HHHH', createdAt: new Date().toISOString() });
      tokens = [token, ...tokens];
      return json(201, { token, secret: SECRET });
    }
    if (req.path.startsWith('/api/tokens/') && req.method === 'DELETE') {
      tokens = tokens.filter((one) => !req.path.endsWith(one.id));
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

const renderSection = () => renderWithProviders(<ApiTokensSection timeZone="America/New_York" />);
const tokenCard = async (name: string) => within(await screen.findByRole('listitem', { name }));
const form = () => within(screen.getByRole('form', { name: 'Create a token' }));

function secureContext(secure: boolean) {
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).isSecureContext;
  delete (document as unknown as Record<string, unknown>).execCommand;
});

describe('Settings, API tokens: the list', () => {
  it('shows each token with its access, hint, dates and last use; an expired one is marked', async () => {
    api();
    renderSection();
    const backup = await tokenCard('Backup script');
    expect(backup.getByText(/^Read only ·/)).toHaveTextContent('Read only · dbk_…a1b2');
    expect(backup.getByText(/^Created/)).toHaveTextContent('Created Mar 1, 2026 · Last used 5 minutes ago · Expires Jun 3, 2099');
    expect(backup.queryByText('Expired')).not.toBeInTheDocument();

    const home = await tokenCard('Home Assistant');
    expect(home.getByText(/^Read and write ·/)).toHaveTextContent('Read and write · dbk_…Zz9_');
    expect(home.getByText(/^Created/)).toHaveTextContent('Created Mar 1, 2026 · Last used Never · Never expires');

    const old = await tokenCard('Old laptop');
    expect(old.getByText('Expired')).toBeInTheDocument();
    expect(old.getByText(/^Created/)).toHaveTextContent('Last used Dec 24, 2019 · Expired Jan 1, 2020');
  });

  it('says so when there is no token yet, and offers Try again when the list cannot be loaded', async () => {
    api(undefined, []);
    const { unmount } = renderSection();
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();
    unmount();

    let fail = true;
    api((req) => (fail && req.method === 'GET' ? json(500, { error: { code: 'internal', message: 'Boom' } }) : undefined), [HOME]);
    renderSection();
    expect(await screen.findByText('API tokens could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await tokenCard('Home Assistant')).toBeTruthy();
  });

  it('revokes a token after asking', async () => {
    const { requests } = api();
    renderSection();
    await userEvent.click((await tokenCard('Backup script')).getByRole('button', { name: 'Revoke Backup script' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke token?' }));
    expect(confirm.getByText('Scripts using Backup script will stop working at once.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(confirm.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(`/api/tokens/${BACKUP.id}`);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Backup script' })).not.toBeInTheDocument());
  });
});

describe('Settings, API tokens: creating one', () => {
  it('checks the name with the shared schema, then creates a read-only token for 90 days unless told otherwise', async () => {
    const { requests } = api();
    renderSection();
    await userEvent.type(form().getByLabelText(/Token name/), '   ');
    await userEvent.click(form().getByRole('button', { name: 'Create token' }));
    expect(form().getByText('Token name is required')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(form().getByLabelText(/Token name/), 'Shortcuts');
    expect(form().queryByText('Token name is required')).not.toBeInTheDocument();
    await userEvent.click(form().getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Token created')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Shortcuts', scope: 'read', expiresInDays: 90 });
  });

  it('offers the access and expiry choices and sends the ones picked', async () => {
    const { requests } = api();
    renderSection();
    await userEvent.click(form().getByRole('combobox', { name: 'Access' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Read only', 'Read and write']);
    await userEvent.click(screen.getByRole('option', { name: 'Read and write' }));
    await userEvent.click(form().getByRole('combobox', { name: 'Expires after' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['7 days', '30 days', '90 days', '1 year', 'Never']);
    await userEvent.click(screen.getByRole('option', { name: 'Never' }));
    await userEvent.type(form().getByLabelText(/Token name/), 'Home Assistant 2');
    await userEvent.click(form().getByRole('button', { name: 'Create token' }));
    await screen.findByText('Token created');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Home Assistant 2', scope: 'read-write', expiresInDays: null });
  });

  it('shows the secret once, with Copy and a curl example; Done puts it away for good', async () => {
    secureContext(true);
    const user = userEvent.setup();
    api();
    renderSection();
    await user.type(form().getByLabelText(/Token name/), 'Shortcuts');
    await user.click(form().getByRole('button', { name: 'Create token' }));

    const panel = within(await screen.findByRole('region', { name: 'New token' }));
    expect(panel.getByText('Shortcuts will not be shown again: keep it somewhere safe, such as a password manager.')).toBeInTheDocument();
    expect(panel.getByLabelText('Token')).toHaveValue(SECRET);
    expect(panel.getByLabelText('Example command')).toHaveValue(`curl -H "Authorization: Bearer ${SECRET}" http://localhost/api/tasks/today`);
    expect(screen.queryByRole('form', { name: 'Create a token' })).not.toBeInTheDocument();
    expect(await tokenCard('Shortcuts')).toBeTruthy();

    await user.click(panel.getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText('Token copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(panel.getByRole('button', { name: 'Copy example command' }));
    expect(await screen.findByText('Command copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toContain('Authorization: Bearer dbk_');

    await user.click(panel.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'New token' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(form().getByLabelText(/Token name/)).toHaveValue('');
  });

  it('copies with the copy command where there is no Clipboard API (plain http), and says when it cannot', async () => {
    secureContext(false);
    const execCommand = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    api();
    renderSection();
    await userEvent.type(form().getByLabelText(/Token name/), 'Shortcuts');
    await userEvent.click(form().getByRole('button', { name: 'Create token' }));
    const panel = within(await screen.findByRole('region', { name: 'New token' }));

    await userEvent.click(panel.getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText('Token copied')).toBeInTheDocument();
    expect(execCommand).toHaveBeenCalledWith('copy');

    execCommand.mockReturnValue(false);
    await userEvent.click(panel.getByRole('button', { name: 'Copy token' }));
    await waitFor(() => expect(screen.getByTestId('toast-title')).toHaveTextContent('Could not copy'));
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Select the text and copy it yourself.');
  });

  it("shows the api's reason when the token limit is reached", async () => {
    api((req) => (req.method === 'POST' ? json(409, { error: { code: 'quota_exceeded', message: 'You have reached the limit of 50 API tokens (revoke one to add another).' } }) : undefined));
    renderSection();
    await userEvent.type(form().getByLabelText(/Token name/), 'One more');
    await userEvent.click(form().getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Failed to create token');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('You have reached the limit of 50 API tokens (revoke one to add another).');
    expect(screen.queryByRole('region', { name: 'New token' })).not.toBeInTheDocument();
    expect(form().getByLabelText(/Token name/)).toHaveValue('One more');
  });
});
