import { generateSync } from 'otplib';
import { SECOND_FACTOR_WAIT_MINUTES } from '@daybook/shared';
import { SESSION_COOKIE } from '../../app';
import { ApiClient, startTestApp, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { truncateAll } from '../../test/test-db';
import { SoftwareAuthenticator } from '../../test/webauthn-authenticator';
import { createSecondFactorRepository } from './second-factor.repository';

/**
 * A second factor (DECISIONS 47, issue 36 item 10): authenticator apps with codes computed here (otplib,
 * as the apps do), recovery codes, passkeys answered by a software authenticator, the admin's requirement
 * and reset, and the throttling of second-factor guesses. Behind the api's proxy (TRUST_PROXY) the client
 * address is the last X-Forwarded-For entry.
 */

let t: TestContext;
/** The api's clock: tests move it to step through TOTP's 30-second windows and past the wait for the second step. */
let now = new Date('2026-12-07T14:00:00.000Z');
const clock = () => now;
const epoch = () => Math.floor(now.getTime() / 1000);
const codeFor = (secret: string, at = epoch()) => generateSync({ secret, epoch: at });

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true', LOGIN_MAX_FAILURES: '5', LOGIN_WINDOW_SECONDS: '900' }, clock);
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
  now = new Date('2026-12-07T14:00:00.000Z');
});

const sql = <T>(query: string, params: unknown[] = []) => t.orm.em.getConnection().execute<T[]>(query, params);
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ([res.headers['set-cookie']].flat().filter(Boolean) as string[]).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];

/** A registered user (the first is admin), signed in with a password in `client`, with an authenticator app set up. */
async function withAuthenticatorApp(username: string, client = t.client()) {
  await client.signUpAndIn(username);
  const setup = await client.post('/api/auth/second-factor/totp');
  expect(setup.status).toBe(200);
  const { secret, uri } = setup.body as { secret: string; uri: string };
  expect(uri).toMatch(new RegExp(`^otpauth://totp/Daybook:${username}\\?`));
  const confirmed = await client.post('/api/auth/second-factor/totp/confirm', { code: codeFor(secret) });
  expect(confirmed.status).toBe(200);
  const recoveryCodes = confirmed.body.recoveryCodes as string[];
  // The confirming code is used: the next sign-in takes the next step's.
  now = new Date(now.getTime() + 30_000);
  return { client, secret, recoveryCodes };
}

/** The password step from a new browser: it answers the second step this sign-in waits for. */
async function passwordStep(username: string, from = '198.51.100.7') {
  const client = t.client();
  const res = await client.post('/api/login', { username, password: TEST_PASSWORD }).set('X-Forwarded-For', from);
  expect(res.status).toBe(200);
  return { client, res };
}

const secondStep = (client: ApiClient, body: object, from = '198.51.100.7') => client.post('/api/login/second-factor', body).set('X-Forwarded-For', from);

/** The current password, which every change of the user's factors after the first takes (re-authentication). */
const proof = { currentPassword: TEST_PASSWORD };
/** A DELETE with a JSON body (the current password). */
const remove = (client: ApiClient, path: string, body: object = proof, from = '198.51.100.7') => client.delete(path).set('X-Forwarded-For', from).send(body);

describe('authenticator app (TOTP)', () => {
  it('is confirmed by a code before it counts, and keeps its secret sealed in the database', async () => {
    const client = t.client();
    await client.signUpAndIn('anna');
    const { secret } = (await client.post('/api/auth/second-factor/totp')).body as { secret: string };
    // Not confirmed yet: the password alone still signs in.
    expect((await t.client().post('/api/login', { username: 'anna', password: TEST_PASSWORD })).body).toMatchObject({ username: 'anna' });
    const wrong = await client.post('/api/auth/second-factor/totp/confirm', { code: codeFor(secret, epoch() + 300) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('That code is not right. Enter the code your authenticator app shows now.');
    const right = await client.post('/api/auth/second-factor/totp/confirm', { code: codeFor(secret) });
    expect(right.status).toBe(200);
    expect(right.body.status).toMatchObject({ totp: { createdAt: expect.any(String) }, passkeys: [], recoveryCodesLeft: 10, required: false, passwordSignIn: true });
    expect(right.body.recoveryCodes).toHaveLength(10);
    expect(right.body.recoveryCodes[0]).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    const [stored] = await sql<{ secret: string }>('select secret from totp_authenticators');
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(secret);
    const codes = await sql<{ code_hash: Buffer }>('select code_hash from recovery_codes');
    expect(codes).toHaveLength(10);
    expect(codes.every((row) => row.code_hash.length === 32)).toBe(true);
  });

  it('after the password, signs in only with a code: the session waits for it and reads nothing', async () => {
    const { secret } = await withAuthenticatorApp('anna');
    const { client, res } = await passwordStep('anna');
    expect(res.body).toEqual({
      secondFactor: { methods: ['totp', 'recovery'], enrol: false, expiresAt: new Date(now.getTime() + SECOND_FACTOR_WAIT_MINUTES * 60_000).toISOString() },
    });
    const waiting = cookieOf(res);
    // Every guarded route answers as to a stranger; only the second step is open.
    for (const path of ['/api/auth/user', '/api/tasks', '/api/clients', '/api/tokens', '/api/auth/second-factor', '/api/admin/users', '/api/admin/second-factor']) {
      expect([path, (await client.get(path)).status]).toEqual([path, 401]);
    }
    expect((await client.post('/api/tasks', { title: 'sneaky' })).status).toBe(401);
    expect((await client.post('/api/auth/second-factor/totp')).status).toBe(401);
    expect((await client.post('/api/auth/second-factor/recovery-codes')).status).toBe(401);
    expect((await client.delete('/api/auth/second-factor/totp')).status).toBe(401);
    expect((await client.get('/api/login/second-factor')).body).toEqual(res.body);

    const done = await secondStep(client, { method: 'totp', code: codeFor(secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ username: 'anna' });
    // A fresh session id: the one of the waiting step is worthless.
    expect(cookieOf(done)).toBeDefined();
    expect(cookieOf(done)).not.toBe(waiting);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('takes a code of the step before or after, not two steps away', async () => {
    const { secret } = await withAuthenticatorApp('anna');
    now = new Date(now.getTime() + 60_000);
    const { client } = await passwordStep('anna');
    expect((await secondStep(client, { method: 'totp', code: codeFor(secret, epoch() - 60) })).status).toBe(401);
    expect((await secondStep(client, { method: 'totp', code: codeFor(secret, epoch() + 60) })).status).toBe(401);
    expect((await secondStep(client, { method: 'totp', code: codeFor(secret, epoch() - 30) })).status).toBe(200);
  });

  it('uses a code once: a replay is refused, and of two sign-ins sending one code at once only one gets in', async () => {
    const { secret } = await withAuthenticatorApp('anna');
    now = new Date(now.getTime() + 60_000);
    const code = codeFor(secret);
    const first = await passwordStep('anna');
    expect((await secondStep(first.client, { method: 'totp', code })).status).toBe(200);
    const replay = await passwordStep('anna');
    const refused = await secondStep(replay.client, { method: 'totp', code });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe('Invalid authentication code');
    // An earlier code (the step before, still in the window) is older than the one used: refused too.
    expect((await secondStep(replay.client, { method: 'totp', code: codeFor(secret, epoch() - 30) })).status).toBe(401);

    now = new Date(now.getTime() + 30_000);
    const next = codeFor(secret);
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => passwordStep('anna', `198.51.100.${20 + i}`)));
    const answers = await Promise.all(racers.map(({ client }, i) => secondStep(client, { method: 'totp', code: next }, `198.51.100.${20 + i}`)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('claims a step once however many ask at once, and never an earlier one (the row decides, not the reader)', async () => {
    await withAuthenticatorApp('anna');
    const [row] = await sql<{ id: string; last_used_step: string }>('select id, last_used_step from totp_authenticators');
    const repository = createSecondFactorRepository(t.orm.em.fork());
    const next = Number(row!.last_used_step) + 1;
    const claims = await Promise.all(Array.from({ length: 8 }, () => createSecondFactorRepository(t.orm.em.fork()).claimTotpStep(row!.id, next)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repository.claimTotpStep(row!.id, next - 1)).toBe(false);
  });

  it('a waiting sign-in ends after the wait: the code is refused and the password comes first again', async () => {
    const { secret } = await withAuthenticatorApp('anna');
    const { client } = await passwordStep('anna');
    now = new Date(now.getTime() + SECOND_FACTOR_WAIT_MINUTES * 60_000 + 1_000);
    const late = await secondStep(client, { method: 'totp', code: codeFor(secret) });
    expect(late.status).toBe(401);
    expect(late.body.error).toEqual({ code: 'sign_in_expired', message: 'Your sign-in has expired. Please sign in again.' });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    await withAuthenticatorApp('anna');
    const { client } = await passwordStep('anna');
    const bad = await secondStep(client, { method: 'totp', code: '12ab56' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Enter the 6-digit code from your authenticator app');
    expect((await secondStep(client, { method: 'sms', code: '123456' })).status).toBe(400);
    expect((await secondStep(client, { method: 'passkey', response: { id: 'x' } })).status).toBe(400);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('removing the app turns two-step sign-in off (its recovery codes go with it)', async () => {
    const { client } = await withAuthenticatorApp('anna');
    const removed = await remove(client, '/api/auth/second-factor/totp');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ totp: null, recoveryCodesLeft: 0 });
    expect((await sql('select * from recovery_codes')).length).toBe(0);
    expect((await t.client().post('/api/login', { username: 'anna', password: TEST_PASSWORD })).body).toMatchObject({ username: 'anna' });
  });
});

describe('recovery codes', () => {
  it('each signs in once; new ones replace the old', async () => {
    const { client: owner, recoveryCodes } = await withAuthenticatorApp('anna');
    const first = await passwordStep('anna');
    // As shown, in capitals, or without the dashes: the same code.
    expect((await secondStep(first.client, { method: 'recovery', code: recoveryCodes[0]!.toUpperCase() })).status).toBe(200);
    const again = await passwordStep('anna');
    const reused = await secondStep(again.client, { method: 'recovery', code: recoveryCodes[0]!.replace(/-/g, '') });
    expect(reused.status).toBe(401);
    expect(reused.body.error.message).toBe('Invalid recovery code');
    expect((await owner.get('/api/auth/second-factor')).body.recoveryCodesLeft).toBe(9);

    const renewed = await owner.post('/api/auth/second-factor/recovery-codes', proof);
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect((await secondStep(again.client, { method: 'recovery', code: recoveryCodes[1]! })).status).toBe(401);
    expect((await secondStep(again.client, { method: 'recovery', code: renewed.body.recoveryCodes[1] })).status).toBe(200);
  });

  it('of several sign-ins sending one code at once, one gets in', async () => {
    const { recoveryCodes } = await withAuthenticatorApp('anna');
    const racers = await Promise.all(Array.from({ length: 5 }, (_, i) => passwordStep('anna', `198.51.100.${10 + i}`)));
    const answers = await Promise.all(racers.map(({ client }, i) => secondStep(client, { method: 'recovery', code: recoveryCodes[3]! }, `198.51.100.${10 + i}`)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });
});

describe('throttling second-factor guesses', () => {
  it('evaluates at most LOGIN_MAX_FAILURES of 40 parallel guesses; the rest are 429, and even the right code waits', async () => {
    const { secret } = await withAuthenticatorApp('anna');
    const { client } = await passwordStep('anna', '203.0.113.66');
    const guesses = Array.from({ length: 40 }, (_, i) => String(100000 + i * 7919).slice(0, 6));
    const answers = await Promise.all(guesses.map((code) => secondStep(client, { method: 'totp', code }, '203.0.113.66')));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35);
    const refusal = answers.find((res) => res.status === 429)!;
    expect(refusal.body.error).toEqual({ code: 'too_many_requests', message: expect.stringMatching(/^Too many failed attempts\. Try again in \d+ (seconds|minutes)\.$/) });
    expect(Number(refusal.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await secondStep(client, { method: 'totp', code: codeFor(secret) }, '203.0.113.66')).status).toBe(429);
    // Recovery codes share the count: they are no way around it.
    expect((await secondStep(client, { method: 'recovery', code: 'aaaa-bbbb-cccc-dddd' }, '203.0.113.66')).status).toBe(429);
  }, 60_000);

  it('counts guesses of one user from many addresses, without locking out another user', async () => {
    const anna = await withAuthenticatorApp('anna');
    const bob = await withAuthenticatorApp('bob');
    const tries = await Promise.all(Array.from({ length: 10 }, (_, i) => passwordStep('anna', `192.0.2.${i + 1}`)));
    const guesses = tries.flatMap(({ client }, i) => ['000000', '000001', '000002'].map((code) => secondStep(client, { method: 'totp', code }, `192.0.2.${i + 1}`)));
    const answers = await Promise.all(guesses);
    // Four times LOGIN_MAX_FAILURES per user, whatever the address.
    expect(answers.filter((res) => res.status === 401).length).toBeLessThanOrEqual(20);
    expect(answers.filter((res) => res.status === 429).length).toBeGreaterThanOrEqual(10);
    const other = await passwordStep('bob', '192.0.2.1');
    expect((await secondStep(other.client, { method: 'totp', code: codeFor(bob.secret) }, '192.0.2.1')).status).toBe(200);
    expect(anna.secret).not.toBe(bob.secret);
  }, 60_000);
});

describe('passkeys', () => {
  const origin = () => `http://127.0.0.1:${(t.server.address() as { port: number }).port}`;

  async function withPasskey(username: string, client = t.client()) {
    await client.signUpAndIn(username);
    const authenticator = new SoftwareAuthenticator(origin(), '127.0.0.1');
    const options = await client.post('/api/auth/second-factor/passkeys/options');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rp: { name: 'Daybook', id: '127.0.0.1' }, user: { name: username }, attestation: 'none' });
    const registered = await client.post('/api/auth/second-factor/passkeys', { name: 'Laptop', response: authenticator.register(options.body) });
    expect(registered.status).toBe(201);
    return { client, authenticator, registered };
  }

  it('registers a passkey (verified by the api) and signs in with it as the second step', async () => {
    const { registered, authenticator } = await withPasskey('anna');
    expect(registered.body.status.passkeys).toEqual([{ id: expect.any(String), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(registered.body.recoveryCodes).toHaveLength(10);
    const { client, res } = await passwordStep('anna');
    expect(res.body.secondFactor.methods).toEqual(['passkey', 'recovery']);
    const options = await client.post('/api/login/second-factor/passkey-options');
    expect(options.body.allowCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const done = await secondStep(client, { method: 'passkey', response: authenticator.authenticate(options.body) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ username: 'anna' });
  });

  it('signs in without a password when the authenticator verified the person, once per challenge', async () => {
    const { authenticator } = await withPasskey('anna');
    const client = t.client();
    const options = await client.post('/api/login/passkey/options');
    expect(options.body).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required' });
    expect(options.body.allowCredentials ?? []).toEqual([]);
    const answer = authenticator.authenticate(options.body);
    const signedIn = await client.post('/api/login/passkey', { response: answer });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ username: 'anna' });
    expect((await client.get('/api/auth/user')).status).toBe(200);
    // The same answer again: its challenge is spent.
    const replay = t.client();
    await replay.post('/api/login/passkey/options');
    expect((await replay.post('/api/login/passkey', { response: answer })).status).toBe(401);
  });

  it('refuses a passkey without user verification, from another origin, or of another user', async () => {
    const { authenticator } = await withPasskey('anna');
    const bob = await withPasskey('bob');
    const client = t.client();
    let options = await client.post('/api/login/passkey/options');
    expect((await client.post('/api/login/passkey', { response: authenticator.authenticate(options.body, { userVerified: false }) })).status).toBe(401);
    options = await client.post('/api/login/passkey/options');
    expect((await client.post('/api/login/passkey', { response: authenticator.authenticate(options.body, { origin: 'https://evil.example' }) })).status).toBe(401);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    // Anna's password, then bob's passkey as her second factor.
    const { client: annaStep } = await passwordStep('anna');
    options = await annaStep.post('/api/login/second-factor/passkey-options');
    const refused = await secondStep(annaStep, { method: 'passkey', response: bob.authenticator.authenticate(options.body) });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe('This passkey could not be verified');
  });

  it('lists, refuses a second registration of one authenticator, and removes a passkey (404 for another user)', async () => {
    const { client, authenticator, registered } = await withPasskey('anna');
    const options = await client.post('/api/auth/second-factor/passkeys/options');
    expect(options.body.excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const again = await client.post('/api/auth/second-factor/passkeys', { name: 'Again', response: authenticator.register(options.body), ...proof });
    expect(again.status).toBe(409);
    const id = registered.body.status.passkeys[0].id as string;
    const stranger = t.client();
    await stranger.signUpAndIn('mallory');
    expect((await remove(stranger, `/api/auth/second-factor/passkeys/${id}`)).status).toBe(404);
    expect((await remove(client, `/api/auth/second-factor/passkeys/${id}`)).body).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
  });
});

describe('re-authentication for a change of the factors', () => {
  const origin = () => `http://127.0.0.1:${(t.server.address() as { port: number }).port}`;
  const factorRows = () => sql<{ n: number }>('select (select count(*) from totp_authenticators) + (select count(*) from passkeys) + (select count(*) from recovery_codes) as n');

  it('a session alone cannot remove a factor or renew the recovery codes: the current password is asked, a wrong one changes nothing', async () => {
    const { client } = await withAuthenticatorApp('anna');
    const before = await factorRows();
    const missing = await remove(client, '/api/auth/second-factor/totp', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues).toEqual([{ path: 'currentPassword', message: 'Password is required' }]);
    const wrong = await remove(client, '/api/auth/second-factor/totp', { currentPassword: 'not-her-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual({ code: 'wrong_password', message: 'Your current password is not correct' });
    expect((await client.post('/api/auth/second-factor/recovery-codes')).status).toBe(400);
    expect((await client.post('/api/auth/second-factor/recovery-codes', { currentPassword: 'not-her-password' })).status).toBe(403);
    expect(await factorRows()).toEqual(before);
    // The session goes on (a wrong password is no sign-out), and the right password does it.
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await client.post('/api/auth/second-factor/recovery-codes', proof)).status).toBe(200);
    expect((await remove(client, '/api/auth/second-factor/totp')).body).toMatchObject({ totp: null });
  });

  it('the first factor needs no password; a factor next to one does (an app or a passkey), the first passkey removed needs it too', async () => {
    const client = t.client();
    await client.signUpAndIn('anna');
    const authenticator = new SoftwareAuthenticator(origin(), '127.0.0.1');
    const addPasskey = async (body: object, with_ = authenticator) => {
      const options = await client.post('/api/auth/second-factor/passkeys/options');
      return client.post('/api/auth/second-factor/passkeys', { name: 'Laptop', response: with_.register(options.body), ...body });
    };
    const first = await addPasskey({});
    expect(first.status).toBe(201);

    const second = new SoftwareAuthenticator(origin(), '127.0.0.1');
    const without = await addPasskey({}, second);
    expect(without.status).toBe(400);
    expect(without.body.error.code).toBe('current_password_required');
    expect((await addPasskey({ currentPassword: 'not-her-password' }, second)).status).toBe(403);
    const { secret } = (await client.post('/api/auth/second-factor/totp')).body as { secret: string };
    expect((await client.post('/api/auth/second-factor/totp/confirm', { code: codeFor(secret) })).body.error.code).toBe('current_password_required');
    expect((await client.post('/api/auth/second-factor/totp/confirm', { code: codeFor(secret), currentPassword: 'nope-nope' })).status).toBe(403);
    expect((await client.get('/api/auth/second-factor')).body).toMatchObject({ totp: null, passkeys: [expect.anything()] });

    expect((await client.post('/api/auth/second-factor/totp/confirm', { code: codeFor(secret), ...proof })).status).toBe(200);
    expect((await addPasskey(proof, second)).status).toBe(201);
    const id = first.body.status.passkeys[0].id as string;
    expect((await client.delete(`/api/auth/second-factor/passkeys/${id}`)).status).toBe(400);
    expect((await remove(client, `/api/auth/second-factor/passkeys/${id}`)).status).toBe(200);
  });

  it('is throttled like a sign-in: of 20 parallel guesses at most LOGIN_MAX_FAILURES are checked, and then even the right password waits', async () => {
    const { client } = await withAuthenticatorApp('anna');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => remove(client, '/api/auth/second-factor/totp', { currentPassword: `guess-${i}` }, '203.0.113.9')),
    );
    const statuses = guesses.map((res) => res.status);
    expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    expect((await remove(client, '/api/auth/second-factor/totp', proof, '203.0.113.9')).status).toBe(429);
    // The sign-in's own count: the password form is throttled for this username and address too.
    expect((await t.client().post('/api/login', { username: 'anna', password: TEST_PASSWORD }).set('X-Forwarded-For', '203.0.113.9')).status).toBe(429);
    expect((await client.get('/api/auth/second-factor')).body.totp).not.toBeNull();
  }, 60_000);
});

describe("the admin's requirement", () => {
  it('for everyone: after the password a user without a factor sets one up before reaching anything', async () => {
    const admin = t.client();
    await admin.signUpAndIn('boss');
    await t.client().signUpAndIn('anna');
    const plain = t.client();
    await plain.signUpAndIn('mallory');
    expect((await plain.put('/api/admin/second-factor', { required: 'everyone' })).status).toBe(403);
    expect((await admin.put('/api/admin/second-factor', { required: 'sometimes' })).status).toBe(400);
    const set = await admin.put('/api/admin/second-factor', { required: 'everyone' });
    expect(set.body).toEqual({ required: 'everyone', usersWithSecondFactor: [] });

    const { client, res } = await passwordStep('anna');
    expect(res.body.secondFactor).toMatchObject({ methods: [], enrol: true });
    expect((await client.get('/api/tasks')).status).toBe(401);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    // Nothing but enrolment: the second step and the user's settings stay closed.
    expect((await secondStep(client, { method: 'totp', code: '123456' })).status).toBe(401);
    expect((await client.post('/api/auth/second-factor/recovery-codes')).status).toBe(401);
    const status = await client.get('/api/auth/second-factor');
    expect(status.body).toMatchObject({ totp: null, passkeys: [], required: true });
    const { secret } = (await client.post('/api/auth/second-factor/totp')).body as { secret: string };
    const confirmed = await client.post('/api/auth/second-factor/totp/confirm', { code: codeFor(secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ username: 'anna' });
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect((await client.get('/api/auth/user')).status).toBe(200);

    // The last factor cannot be removed while it is required.
    const removal = await remove(client, '/api/auth/second-factor/totp');
    expect(removal.status).toBe(409);
    expect(removal.body.error.message).toBe('Your admin requires two-step sign-in: add another authenticator app or passkey before you remove this one.');
  });

  it('for admins: plain users sign in with their password alone', async () => {
    const admin = t.client();
    await admin.signUpAndIn('boss');
    await t.client().signUpAndIn('anna');
    await admin.put('/api/admin/second-factor', { required: 'admins' });
    expect((await passwordStep('anna')).res.body).toMatchObject({ username: 'anna' });
    expect((await passwordStep('boss')).res.body.secondFactor).toMatchObject({ enrol: true });
  });

  it('never asks an account that signs in only through single sign-on', async () => {
    const client = t.client();
    const user = await client.signUpAndIn('anna');
    await sql('update users set password_hash = null where id = ?', [user.id]);
    expect((await client.get('/api/auth/second-factor')).body).toMatchObject({ passwordSignIn: false, required: false });
    const refused = await client.post('/api/auth/second-factor/totp');
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('You sign in through single sign-on: your sign-in provider asks for a second factor.');
  });
});

describe("an admin's reset of a lost factor", () => {
  it("removes the user's factors and ends their sessions and API tokens", async () => {
    const admin = t.client();
    await admin.signUpAndIn('boss');
    const { client: laptop } = await withAuthenticatorApp('anna');
    const phone = await passwordStep('anna');
    const token = (await laptop.post('/api/tokens', { name: 'script', scope: 'read' })).body.secret as string;
    expect((await t.client().get('/api/tasks').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const [anna] = await sql<{ id: string }>(`select id from users where username = 'anna'`);

    expect((await admin.get('/api/admin/second-factor')).body).toEqual({ required: 'off', usersWithSecondFactor: [anna!.id] });
    const plain = t.client();
    await plain.signUpAndIn('mallory');
    expect((await plain.post(`/api/admin/users/${anna!.id}/second-factor/reset`)).status).toBe(403);
    expect((await admin.post('/api/admin/users/00000000-0000-4000-8000-000000000000/second-factor/reset')).status).toBe(404);
    const reset = await admin.post(`/api/admin/users/${anna!.id}/second-factor/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Second factor reset. The user was signed out everywhere and 1 API token was ended.');

    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await phone.client.get('/api/login/second-factor')).status).toBe(401);
    expect((await t.client().get('/api/tasks').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    expect(await sql('select 1 from totp_authenticators union all select 1 from recovery_codes union all select 1 from passkeys')).toEqual([]);
    // The password alone signs in again (nothing is required): the user sets a factor up anew.
    expect((await passwordStep('anna')).res.body).toMatchObject({ username: 'anna' });
    // Never the admin's own factors: they manage them in Settings.
    const [boss] = await sql<{ id: string }>(`select id from users where username = 'boss'`);
    expect((await admin.post(`/api/admin/users/${boss!.id}/second-factor/reset`)).status).toBe(400);
  });
});
