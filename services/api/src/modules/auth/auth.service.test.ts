import type { User } from '@daybook/shared';
import { createAuthService, type AuthOptions } from './auth.service';
import { hashPassword } from './passwords';

/** Credential checks without the database: the users service answers from memory. */

const anna: User = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
  username: 'anna',
  email: null,
  emailVerified: false,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: 'user',
  timezone: 'Europe/Paris',
  enableDelegation: false,
  workingMinutes: [0, 480, 480, 480, 480, 480, 0],
  createdAt: '2026-03-09T10:00:00.000Z',
  updatedAt: '2026-03-09T10:00:00.000Z',
};

const options: AuthOptions = { passwordLogin: true, adminUsername: null, registrationEnabled: true, oidcLabel: null };
/** No mail server: registrations send no confirmation mail. */
const noMail = { enabled: false, offer: async () => undefined };
let auth: ReturnType<typeof createAuthService>;
beforeAll(async () => {
  const passwordHash = await hashPassword('correct horse battery');
  auth = createAuthService(
    {
      register: async () => anna,
      findCredentials: async (username) => (username === 'anna' ? { user: anna, passwordHash } : username === 'sso' ? { user: anna, passwordHash: null } : null),
      recordSignIn: async () => undefined,
      hasAdmin: async () => true,
    },
    options,
    noMail,
  );
});

it('answers the user, without the password hash, for the right password', async () => {
  expect(await auth.checkCredentials('anna', 'correct horse battery')).toEqual(anna);
});

it.each([
  ['a wrong password', 'anna', 'Correct horse battery'],
  ['an unknown username', 'bob', 'correct horse battery'],
  ['an empty password', 'anna', ''],
  ['an account without a password (it signs in through OpenID Connect)', 'sso', ''],
])('answers nothing for %s', async (_case, username, password) => {
  expect(await auth.checkCredentials(username, password)).toBeNull();
});

describe('with password login turned off (PASSWORD_LOGIN_ENABLED=false)', () => {
  const withOptions = (overrides: Partial<AuthOptions>) =>
    createAuthService(
      { register: async () => anna, findCredentials: async () => null, recordSignIn: async () => undefined, hasAdmin: async () => false },
      { ...options, passwordLogin: false, oidcLabel: 'Authentik', ...overrides },
      noMail,
    );

  it('refuses every password sign-in and registration with 403 and says how to sign in', async () => {
    const auth = withOptions({});
    expect(() => auth.assertPasswordLogin('anna')).toThrow('Password sign-in is turned off on this server. Sign in with Authentik.');
    await expect(auth.register({ username: 'anna', password: 'correct horse battery' })).rejects.toMatchObject({ status: 403, code: 'password_login_disabled' });
    expect(await auth.config()).toEqual({ passwordLogin: 'off', registration: false, oidc: { label: 'Authentik' }, emailConfirmation: false });
  });

  it("keeps the password of the environment's admin (ADMIN_USERNAME), in any case, and only theirs", async () => {
    const auth = withOptions({ adminUsername: 'Boss' });
    expect(() => auth.assertPasswordLogin('boss')).not.toThrow();
    expect(() => auth.assertPasswordLogin('anna')).toThrow(/turned off/);
    expect((await auth.config()).passwordLogin).toBe('admin');
  });
});

it('offers Sign Up while registration is open, or until the first admin exists', async () => {
  const config = (registrationEnabled: boolean, hasAdmin: boolean) =>
    createAuthService({ register: async () => anna, findCredentials: async () => null, recordSignIn: async () => undefined, hasAdmin: async () => hasAdmin }, { ...options, registrationEnabled }, noMail).config();
  expect(await config(true, true)).toEqual({ passwordLogin: 'on', registration: true, oidc: null, emailConfirmation: false });
  expect((await config(false, true)).registration).toBe(false);
  expect((await config(false, false)).registration).toBe(true);
});
