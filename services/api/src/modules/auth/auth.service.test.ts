import type { User } from '@daybook/shared';
import { createAuthService } from './auth.service';
import { hashPassword } from './passwords';

/** Credential checks without the database: the users service answers from memory. */

const anna: User = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
  username: 'anna',
  email: null,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: 'user',
  timezone: 'Europe/Paris',
  enableDelegation: false,
  createdAt: '2026-03-09T10:00:00.000Z',
  updatedAt: '2026-03-09T10:00:00.000Z',
};

let auth: ReturnType<typeof createAuthService>;
beforeAll(async () => {
  const passwordHash = await hashPassword('correct horse battery');
  auth = createAuthService({
    register: async () => anna,
    findCredentials: async (username) => (username === 'anna' ? { user: anna, passwordHash } : null),
  });
});

it('answers the user, without the password hash, for the right password', async () => {
  expect(await auth.checkCredentials('anna', 'correct horse battery')).toEqual(anna);
});

it.each([
  ['a wrong password', 'anna', 'Correct horse battery'],
  ['an unknown username', 'bob', 'correct horse battery'],
  ['an empty password', 'anna', ''],
])('answers nothing for %s', async (_case, username, password) => {
  expect(await auth.checkCredentials(username, password)).toBeNull();
});
