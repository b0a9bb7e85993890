import { randomUUID } from 'node:crypto';
import { DEFAULT_TIME_INCREMENTS, DEFAULT_TIMEZONE, type User } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { verifyPassword } from '../auth/passwords';
import type { UniqueUserValue, UsersRepository } from './users.repository';
import { LAST_ADMIN_MESSAGE, SELF_DELETION_MESSAGE, usersService, type ProviderProfile } from './users.service';

/** The account rules without the database: in-memory users and time increments repositories. */

const NOW = '2026-03-09T10:00:00.000Z';
const PASSWORD = 'correct horse battery';

type StoredUser = User & { passwordHash: string | null; usernameSkeleton: string; lastSignInAt: string | null };
const toUser = ({ passwordHash: _hash, usernameSkeleton: _skeleton, lastSignInAt: _signIn, ...user }: StoredUser): User => user;

function fakeRepositories() {
  const rows: StoredUser[] = [];
  const incrementsOf = new Map<string, readonly { label: string; value: string }[]>();
  const sessionsEnded: string[] = [];
  const byId = (id: string) => rows.find((row) => row.id === id);
  const sameText = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
  const takenValues = (candidate: { username: string; usernameSkeleton: string; email: string | null }) => {
    const taken: UniqueUserValue[] = [];
    if (rows.some((row) => sameText(row.username, candidate.username))) taken.push('username');
    if (rows.some((row) => row.usernameSkeleton === candidate.usernameSkeleton)) taken.push('look-alike');
    if (rows.some((row) => sameText(row.email, candidate.email))) taken.push('email');
    return taken;
  };

  const users: UsersRepository = {
    transaction: (work) => work(),
    lockAdmins: async () => undefined,
    countAdmins: async () => rows.filter((row) => row.role === 'admin').length,
    get: async (id) => (byId(id) ? toUser(byId(id)!) : null),
    list: async () => rows.map((row) => ({ ...toUser(row), signInMethods: row.passwordHash ? ['password'] : [], lastSignInAt: row.lastSignInAt })),
    async findWithPasswordHash(username) {
      const row = rows.find((candidate) => sameText(candidate.username, username));
      return row ? { user: toUser(row), passwordHash: row.passwordHash } : null;
    },
    findByEmail: async (email) => {
      const row = rows.find((candidate) => sameText(candidate.email, email));
      return row ? toUser(row) : null;
    },
    async recordSignIn(id) {
      byId(id)!.lastSignInAt = NOW;
    },
    async grantAdmin(id) {
      const row = byId(id);
      return row ? toUser(Object.assign(row, { role: 'admin' })) : null;
    },
    async setRole(id, role) {
      const row = byId(id);
      return row ? toUser(Object.assign(row, { role })) : null;
    },
    takenValues: async (candidate) => takenValues(candidate),
    async insert(user) {
      // The unique indexes.
      const [taken] = takenValues(user);
      if (taken) return { taken };
      const row: StoredUser = { id: randomUUID(), profileImageUrl: null, enableDelegation: false, workingMinutes: [0, 480, 480, 480, 480, 480, 0], createdAt: NOW, updatedAt: NOW, lastSignInAt: null, ...user };
      rows.push(row);
      return toUser(row);
    },
    async updateSettings(id, patch) {
      const row = byId(id);
      return row ? toUser(Object.assign(row, patch)) : null;
    },
    async setPasswordHash(id, passwordHash) {
      const row = byId(id);
      if (row) row.passwordHash = passwordHash;
      return Boolean(row);
    },
    async makeAdmin(id, passwordHash) {
      Object.assign(byId(id)!, { role: 'admin', passwordHash });
    },
    async remove(id) {
      const row = byId(id);
      if (row) rows.splice(rows.indexOf(row), 1);
      return Boolean(row);
    },
    async endSessionsAndTokens(id) {
      sessionsEnded.push(id);
      return { apiTokens: 0 };
    },
    async markEmailVerified(id, email) {
      const row = byId(id);
      if (!row || !sameText(row.email, email)) return false;
      row.emailVerified = true;
      return true;
    },
    async releaseUnverifiedEmail(email) {
      const row = rows.find((candidate) => sameText(candidate.email, email) && !candidate.emailVerified);
      if (row) row.email = null;
      return Boolean(row);
    },
  };
  const timeIncrements = { insertAll: async (userId: string, increments: readonly { label: string; value: string }[]) => void incrementsOf.set(userId, increments) };
  // The billing currency a registration names is tested on the database (auth.int.test.ts).
  const billing = { saveSettings: async () => undefined };
  const fakes = { users, timeIncrements, billing };
  return { fakes, rows, incrementsOf, sessionsEnded };
}

let store: ReturnType<typeof fakeRepositories>;
let accounts: ReturnType<typeof usersService>;
const startWith = (registrationEnabled: boolean) => {
  store = fakeRepositories();
  accounts = usersService(store.fakes, { registrationEnabled });
};
beforeEach(() => startWith(true));

const register = (username: string, email?: string) => accounts.register({ username, password: PASSWORD, email });
const actorOf = (user: User): Actor => ({ id: user.id, username: user.username, role: user.role, timezone: user.timezone, enableDelegation: user.enableDelegation });

describe('registration', () => {
  it('makes the first account admin and later ones plain users, each with the default time increments', async () => {
    const first = await register('first');
    const second = await register('second');
    expect([first.role, second.role]).toEqual(['admin', 'user']);
    expect(store.incrementsOf.get(second.id)).toEqual(DEFAULT_TIME_INCREMENTS);
    expect(await verifyPassword(store.rows[1]!.passwordHash!, PASSWORD)).toBe(true);
  });

  it('is closed when registration is disabled, except for the very first account', async () => {
    startWith(false);
    expect((await register('first')).role).toBe('admin');
    await expect(register('second')).rejects.toMatchObject({ status: 403, message: 'Registration is disabled' });
    expect(store.rows).toHaveLength(1);
  });

  it.each([
    ['the same name in another case', 'ADMIN', undefined, 'Username already exists'],
    ['a look-alike name (Cyrillic "а")', '\u0430dmin', undefined, 'Username is too similar to an existing username'],
    ['a taken email in another case', 'someone', 'BOSS@example.com', 'Email already exists'],
    ['a taken name and a taken email: the name answers', 'Admin', 'boss@example.com', 'Username already exists'],
  ])('refuses %s with 409, and stores nothing', async (_case, username, email, message) => {
    await register('admin', 'boss@example.com');
    await expect(register(username, email)).rejects.toMatchObject({ status: 409, message });
    await expect(accounts.create(actorOf(store.rows[0]!), { username, email, firstName: 'A', lastName: 'B', role: 'user', password: PASSWORD })).rejects.toMatchObject({
      status: 409,
      message,
    });
    expect(store.rows).toHaveLength(1);
  });

  it("keeps the timezone the browser sent; accounts without one (and those an admin creates) get the default", async () => {
    const admin = await accounts.register({ username: 'madrid', password: PASSWORD, timezone: 'Europe/Madrid' });
    expect(admin.timezone).toBe('Europe/Madrid');
    expect((await register('plain')).timezone).toBe(DEFAULT_TIMEZONE);
    expect((await accounts.create(actorOf(admin), { username: 'made', firstName: 'M', lastName: 'A', role: 'user', password: PASSWORD })).timezone).toBe(DEFAULT_TIMEZONE);
  });

  it('answers the unique value a simultaneous registration took first', async () => {
    await register('admin', 'boss@example.com');
    jest.spyOn(store.fakes.users, 'takenValues').mockResolvedValueOnce([]);
    await expect(register('other', 'boss@example.com')).rejects.toMatchObject({ status: 409, message: 'Email already exists' });
    expect(store.incrementsOf.size).toBe(1);
  });
});

describe('deleting users', () => {
  let admin: User;
  beforeEach(async () => {
    admin = await register('admin');
  });

  it('refuses to delete the acting admin', async () => {
    await expect(accounts.remove(actorOf(admin), admin.id)).rejects.toMatchObject({ status: 400, message: SELF_DELETION_MESSAGE });
  });

  it('keeps the last admin, and deletes an admin who is not the last', async () => {
    const plain = await register('plain');
    const second = await accounts.create(actorOf(admin), { username: 'second', firstName: 'S', lastName: 'A', role: 'admin', password: PASSWORD });
    await accounts.remove(actorOf(second), admin.id);
    await expect(accounts.remove(actorOf(plain), second.id)).rejects.toMatchObject({ status: 400, message: LAST_ADMIN_MESSAGE });
    expect(store.rows.map((row) => row.username)).toEqual(['plain', 'second']);
  });

  it('answers 404 for an unknown user', async () => {
    await expect(accounts.remove(actorOf(admin), randomUUID())).rejects.toMatchObject({ status: 404, message: 'User not found' });
  });
});

describe('resetting a password', () => {
  it('sets the new password and ends every session of the user', async () => {
    const admin = await register('admin');
    const plain = await register('plain');
    await accounts.resetPassword(actorOf(admin), plain.id, 'a brand new secret');
    expect(await verifyPassword(store.rows[1]!.passwordHash!, 'a brand new secret')).toBe(true);
    expect(store.sessionsEnded).toEqual([plain.id]);
  });

  it('answers 404 for an unknown user and ends no session', async () => {
    const admin = await register('admin');
    await expect(accounts.resetPassword(actorOf(admin), randomUUID(), 'a brand new secret')).rejects.toMatchObject({ status: 404 });
    expect(store.sessionsEnded).toEqual([]);
  });
});

describe('the admin from the environment (DECISIONS 6)', () => {
  it('creates the admin when there is none', async () => {
    expect(await accounts.ensureAdmin('boss', PASSWORD)).toBe('created');
    expect(store.rows).toEqual([expect.objectContaining({ username: 'boss', role: 'admin' })]);
  });

  it('promotes an existing plain account of that name, in any case and form, with the given password', async () => {
    const plain = await register('Boss');
    store.rows[0]!.role = 'user';
    expect(await accounts.ensureAdmin(' ｂｏｓｓ ', 'the admin password')).toBe('promoted');
    expect(store.rows).toEqual([expect.objectContaining({ id: plain.id, role: 'admin' })]);
    expect(await verifyPassword(store.rows[0]!.passwordHash!, 'the admin password')).toBe(true);
  });

  it('changes nothing once an admin exists', async () => {
    await register('first');
    expect(await accounts.ensureAdmin('boss', PASSWORD)).toBe('exists');
    expect(store.rows).toHaveLength(1);
  });
});

describe('accounts from a sign-in provider (DECISIONS 30)', () => {
  const profile: ProviderProfile = { usernames: ['anna', 'user'], email: 'anna@example.com', firstName: 'Anna', lastName: 'Lind', timezone: 'Europe/Stockholm' };
  const fromProvider = (overrides: Partial<ProviderProfile> = {}, options = { autoRegister: false, admin: false }) =>
    accounts.registerFromProvider({ ...profile, ...overrides }, options);

  it('creates the first account as admin, without a password, with the default time increments', async () => {
    startWith(false);
    const user = await fromProvider();
    expect(user).toMatchObject({ username: 'anna', email: 'anna@example.com', firstName: 'Anna', lastName: 'Lind', role: 'admin', timezone: 'Europe/Stockholm' });
    expect(store.rows[0]!.passwordHash).toBeNull();
    expect(store.incrementsOf.get(user.id)).toEqual(DEFAULT_TIME_INCREMENTS);
  });

  it('adds a number to a taken username, within the maximum length', async () => {
    await register('anna');
    await register('anna-2');
    expect((await fromProvider({ email: 'a1@example.com' })).username).toBe('anna-3');
    const long = 'x'.repeat(64);
    await register(long);
    expect((await fromProvider({ usernames: [long], email: 'a2@example.com' })).username).toBe(`${'x'.repeat(62)}-2`);
  });

  it('passes over a suggestion that only looks like a taken name, as registration refuses it (no `barsаdmin-2`)', async () => {
    await register('barsadmin');
    // 'bars\u0430dmin' spells 'barsadmin' with a Cyrillic 'а'.
    expect((await fromProvider({ usernames: ['bars\u0430dmin', 'bars', 'user'], email: 'b1@example.com' })).username).toBe('bars');
    expect((await fromProvider({ usernames: ['bars\u0430dmin', 'user'], email: 'b2@example.com' })).username).toBe('user');
    expect(store.rows.map((row) => row.username)).not.toContain('bars\u0430dmin');
  });

  it('is refused with registration closed unless OIDC_AUTO_REGISTER allows it; the admin group makes an admin', async () => {
    startWith(false);
    await register('first');
    await expect(fromProvider()).rejects.toMatchObject({ status: 403, code: 'registration_closed' });
    expect(store.rows).toHaveLength(1);
    expect((await fromProvider({}, { autoRegister: true, admin: false })).role).toBe('user');
    expect((await fromProvider({ usernames: ['boss'], email: null }, { autoRegister: true, admin: true })).role).toBe('admin');
  });

  it('takes the verified address from an account that holds it unverified, and leaves a verified holder its own', async () => {
    const squatter = await register('someone', 'ANNA@example.com');
    const anna = await fromProvider();
    expect(anna).toMatchObject({ email: 'anna@example.com', emailVerified: true });
    expect(await accounts.findById(squatter.id)).toMatchObject({ email: null, emailVerified: false });

    // The first account is the admin.
    const bob = await accounts.create(actorOf(squatter), { username: 'bob', email: 'bob@example.com', firstName: 'B', lastName: 'B', role: 'user', password: PASSWORD });
    expect(bob.emailVerified).toBe(true);
    const other = await fromProvider({ usernames: ['bobby'], email: 'BOB@example.com' });
    expect(other).toMatchObject({ username: 'bobby', email: null, emailVerified: false });
    expect(await accounts.findById(bob.id)).toMatchObject({ email: 'bob@example.com', emailVerified: true });
  });

  it('lists how each user signs in, notes sign-ins and grants the admin role', async () => {
    const admin = await register('admin');
    const oidc = await fromProvider();
    await accounts.recordSignIn(oidc.id);
    expect((await accounts.grantAdmin(oidc.id)).role).toBe('admin');
    expect(await accounts.list(actorOf(admin))).toEqual([
      expect.objectContaining({ username: 'admin', signInMethods: ['password'], lastSignInAt: null }),
      expect.objectContaining({ username: 'anna', signInMethods: [], lastSignInAt: NOW, role: 'admin' }),
    ]);
  });
});
