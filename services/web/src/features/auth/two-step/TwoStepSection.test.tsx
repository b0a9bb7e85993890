import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SecondFactorStatus } from '@daybook/shared';
import { uuid } from '../../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../../test/render';
import { TwoStepSection } from './TwoStepSection';
import { TotpSetupPanel } from './TotpSetupPanel';

const on: SecondFactorStatus = {
  totp: { createdAt: '2026-12-01T10:00:00.000Z' },
  passkeys: [{ id: uuid(7), name: 'Laptop', createdAt: '2026-12-02T10:00:00.000Z', lastUsedAt: null }],
  recoveryCodesLeft: 10,
  required: false,
  passwordSignIn: true,
};
const wrongPassword = () => json(403, { error: { code: 'wrong_password', message: 'Your current password is not correct' } });

describe('Two-step sign-in asks for the current password before a change of the factors', () => {
  it('removing the authenticator app: an empty or wrong password keeps the dialog open and says so; the right one removes it', async () => {
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/auth/second-factor' && req.method === 'GET') return json(200, on);
      if (req.path === '/api/auth/second-factor/totp' && req.method === 'DELETE') {
        return (req.body as { currentPassword?: string }).currentPassword === 'secret1' ? json(200, { ...on, totp: null }) : wrongPassword();
      }
      return undefined;
    });
    renderWithProviders(<TwoStepSection timeZone="Europe/Berlin" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove authenticator app?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(requests.some((req) => req.method === 'DELETE')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Current password'), 'guess');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Your current password is not correct')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Remove authenticator app?' })).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Current password'));
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Authenticator app removed')).toBeInTheDocument();
    expect(requests.filter((req) => req.method === 'DELETE').map((req) => req.body)).toEqual([{ currentPassword: 'guess' }, { currentPassword: 'secret1' }]);
  });

  it('removing a passkey and making new recovery codes send the password too', async () => {
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/auth/second-factor' && req.method === 'GET') return json(200, on);
      if (req.path === `/api/auth/second-factor/passkeys/${uuid(7)}`) return json(200, { ...on, passkeys: [] });
      if (req.path === '/api/auth/second-factor/recovery-codes') return json(200, { recoveryCodes: Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-ddd${i}`) });
      return undefined;
    });
    renderWithProviders(<TwoStepSection timeZone="Europe/Berlin" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey Laptop' }));
    const removal = await screen.findByRole('dialog', { name: 'Remove passkey?' });
    await userEvent.type(within(removal).getByLabelText('Current password'), 'secret1');
    await userEvent.click(within(removal).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'New codes' }));
    const renewal = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    // The password typed for the removal is not kept for the next dialog.
    expect(within(renewal).getByLabelText('Current password')).toHaveValue('');
    await userEvent.type(within(renewal).getByLabelText('Current password'), 'secret1');
    await userEvent.click(within(renewal).getByRole('button', { name: 'Make new codes' }));
    await waitFor(() => expect(requests.some((req) => req.path === '/api/auth/second-factor/recovery-codes')).toBe(true));
    expect(requests.filter((req) => req.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'DELETE', path: `/api/auth/second-factor/passkeys/${uuid(7)}`, body: { currentPassword: 'secret1' } },
      { method: 'POST', path: '/api/auth/second-factor/recovery-codes', body: { currentPassword: 'secret1' } },
    ]);
  });

  it('a new authenticator app next to a factor takes the password; the first does not ask for it', async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/auth/second-factor/totp/confirm' ? wrongPassword() : undefined));
    const setup = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Daybook:ann?secret=JBSWY3DPEHPK3PXP' };
    const { unmount } = renderWithProviders(<TotpSetupPanel setup={setup} onEnrolled={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<TotpSetupPanel setup={setup} needsPassword onEnrolled={jest.fn()} onCancel={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'guess');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(requests.map((req) => req.body)).toEqual([{ code: '123456', currentPassword: 'guess' }]);
  });
});
