import request from 'supertest';
import { truncateAll } from '../../test/test-db';
import { startTestApp, TEST_PASSWORD, type ApiClient, type TestContext } from '../../test/test-app';

/**
 * What ends a user's sign-ins ends their API tokens too (issue 36): an admin's password reset, the user's
 * own password change and "sign out everywhere". A token made before answers 401 afterwards, for reads
 * and writes, and the answer says how many tokens ended.
 */

let t: TestContext;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
  admin = t.client();
  await admin.signUpAndIn('root');
});

async function tokenOf(client: ApiClient, scope = 'read-write'): Promise<string> {
  const res = await client.post('/api/tokens', { name: 'Backup script', scope });
  expect(res.status).toBe(201);
  return res.body.secret as string;
}

/** A script with the token: a read and a write, each answering its status. */
const script = (secret: string) => ({
  read: async () => (await request(t.server).get('/api/tasks/today').set('Authorization', `Bearer ${secret}`)).status,
  write: async () => (await request(t.server).post('/api/tasks').set('Authorization', `Bearer ${secret}`).send({ title: 'From the script' })).status,
});

const tokenRows = async (userId: string) =>
  (await t.orm.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from api_tokens where user_id = ?', [userId]))[0]!.n;

describe("an admin's password reset", () => {
  it("ends the user's sessions and the tokens they made before: both then get 401", async () => {
    const bob = t.client();
    const bobId = (await bob.signUpAndIn('bob')).id;
    const readWrite = script(await tokenOf(bob));
    const readOnly = script(await tokenOf(bob, 'read'));
    expect([await readWrite.read(), await readWrite.write(), await readOnly.read()]).toEqual([200, 201, 200]);

    const res = await admin.post(`/api/admin/users/${bobId}/reset-password`, { newPassword: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect([await readWrite.read(), await readWrite.write(), await readOnly.read()]).toEqual([401, 401, 401]);
    expect(res.body).toEqual({ message: 'Password reset successfully. The user was signed out everywhere and 2 API tokens were ended.', endedApiTokens: 2 });
    expect((await bob.get('/api/auth/user')).status).toBe(401);
    expect(await tokenRows(bobId)).toBe(0);

    // The admin's own token is no business of bob's reset.
    const adminScript = script(await tokenOf(admin));
    await admin.post(`/api/admin/users/${bobId}/reset-password`, { newPassword: 'another-new-pass' });
    expect(await adminScript.read()).toBe(200);
  });
});

describe("the user's own password change", () => {
  it('ends the other sessions and every token, keeps this browser signed in (in a new session), and says so', async () => {
    const laptop = t.client();
    const annaId = (await laptop.signUpAndIn('anna')).id;
    const phone = t.client();
    await phone.signIn('anna');
    const token = script(await tokenOf(laptop));
    const other = script(await tokenOf(laptop));
    const bob = t.client();
    await bob.signUpAndIn('bob');
    const bobToken = script(await tokenOf(bob));

    const res = await laptop.post('/api/auth/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'a new passphrase' });
    expect(res.status).toBe(200);
    expect([await token.read(), await token.write(), await other.read()]).toEqual([401, 401, 401]);
    expect(res.body).toEqual({ message: 'Password changed. You were signed out on your other devices and 2 API tokens were ended.', endedApiTokens: 2 });
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).body.id).toBe(annaId);
    expect(await bobToken.read()).toBe(200);
    expect((await t.client().post('/api/login', { username: 'anna', password: TEST_PASSWORD })).status).toBe(401);
    await t.client().signIn('anna', 'a new passphrase');
  });

  it('refuses a wrong current password with 403, ending nothing, and throttles guesses like a login', async () => {
    const laptop = t.client();
    await laptop.signUpAndIn('anna');
    const token = script(await tokenOf(laptop));
    const wrong = await laptop.post('/api/auth/user/password', { currentPassword: 'not the password', newPassword: 'a new passphrase' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual({ code: 'wrong_password', message: 'Your current password is not correct' });
    expect(await token.read()).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    // LOGIN_MAX_FAILURES=3: the third failure is the last one let through.
    await laptop.post('/api/auth/user/password', { currentPassword: 'guess 2', newPassword: 'a new passphrase' });
    await laptop.post('/api/auth/user/password', { currentPassword: 'guess 3', newPassword: 'a new passphrase' });
    expect((await laptop.post('/api/auth/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'a new passphrase' })).status).toBe(429);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    expect(await token.read()).toBe(200);
  });

  it('refuses a short new password with 400, and a token with 403', async () => {
    const laptop = t.client();
    await laptop.signUpAndIn('anna');
    const secret = await tokenOf(laptop);
    expect((await laptop.post('/api/auth/user/password', { currentPassword: TEST_PASSWORD, newPassword: '123' })).status).toBe(400);
    const viaToken = await request(t.server).post('/api/auth/user/password').set('Authorization', `Bearer ${secret}`).send({ currentPassword: TEST_PASSWORD, newPassword: 'a new passphrase' });
    expect(viaToken.status).toBe(403);
    await t.client().signIn('anna');
  });
});

describe('sign out everywhere', () => {
  it('ends every session, this one too, and every token of the user, and says so', async () => {
    const laptop = t.client();
    const annaId = (await laptop.signUpAndIn('anna')).id;
    const phone = t.client();
    await phone.signIn('anna');
    const token = script(await tokenOf(laptop));
    const res = await laptop.post('/api/auth/user/sign-out-everywhere');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'You were signed out everywhere and 1 API token was ended.', endedApiTokens: 1 });
    expect([await token.read(), await token.write()]).toEqual([401, 401]);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect(await tokenRows(annaId)).toBe(0);
    // The password still signs in.
    await t.client().signIn('anna');
  });

  it('cannot be done with a token (403), which goes on working', async () => {
    const laptop = t.client();
    await laptop.signUpAndIn('anna');
    const secret = await tokenOf(laptop);
    expect((await request(t.server).post('/api/auth/user/sign-out-everywhere').set('Authorization', `Bearer ${secret}`)).status).toBe(403);
    expect(await script(secret).read()).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
  });
});
