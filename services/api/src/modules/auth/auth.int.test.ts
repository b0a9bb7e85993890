import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';
import request from 'supertest';
import { SESSION_COOKIE } from '../../app';
import { rowCounts } from '../../test/test-db';
import { startTestApp, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { truncateAll } from '../../test/test-db';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_SECONDS: '2' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
});

const cookieHeaders = (res: request.Response): string[] => {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
};

describe('registration', () => {
  it('creates a user without returning the password, and gives them default time increments', async () => {
    const res = await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD, email: 'anna@example.com', firstName: 'Anna' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'anna', email: 'anna@example.com', firstName: 'Anna', lastName: null, timezone: 'America/New_York', enableDelegation: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    const increments = await t.orm.em.getConnection().execute('select label, value from time_increments');
    expect(increments.length).toBeGreaterThanOrEqual(4);
    const [stored] = await t.orm.em.getConnection().execute<{ password_hash: string }[]>('select password_hash from users');
    expect(stored!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("takes the browser's timezone when it is sent, any IANA zone, and the default when it is not", async () => {
    const madrid = await t.client().post('/api/register', { username: 'madrid', password: TEST_PASSWORD, timezone: 'Europe/Madrid' });
    expect(madrid.status).toBe(201);
    expect(madrid.body.timezone).toBe('Europe/Madrid');
    const plain = await t.client().post('/api/register', { username: 'plain', password: TEST_PASSWORD });
    expect(plain.body.timezone).toBe('America/New_York');
    const stored = await t.orm.em.getConnection().execute<{ username: string; timezone: string }[]>('select username, timezone from users order by username');
    expect(stored).toEqual([
      { username: 'madrid', timezone: 'Europe/Madrid' },
      { username: 'plain', timezone: 'America/New_York' },
    ]);
  });

  it.each(['Mars/Olympus', '+01:00', '', 'Europe/' + 'x'.repeat(100), 42])('refuses the timezone %j with 400 "Invalid timezone", and stores nothing', async (timezone) => {
    const res = await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD, timezone });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid timezone');
    expect(await rowCounts(t.orm)).toMatchObject({ users: 0 });
  });

  it('takes the billing currency the browser sends (its language’s), USD when none; refuses an unknown one', async () => {
    const berlin = t.client();
    expect((await berlin.post('/api/register', { username: 'berlin', password: TEST_PASSWORD, timezone: 'Europe/Berlin', currency: 'eur' })).status).toBe(201);
    await berlin.signIn('berlin');
    expect((await berlin.get('/api/billing/settings')).body).toEqual({ currency: 'EUR', defaultHourlyRateMinor: 0 });
    const plain = t.client();
    await plain.signUpAndIn('plain');
    expect((await plain.get('/api/billing/settings')).body.currency).toBe('USD');

    for (const currency of ['XYZ', 'EURO', '', 42]) {
      const res = await t.client().post('/api/register', { username: 'odd', password: TEST_PASSWORD, currency });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Currency must be an ISO 4217 code like USD or EUR');
    }
    expect(await rowCounts(t.orm)).toMatchObject({ users: 2 });
  });

  it('makes the first account admin and later ones plain users', async () => {
    const first = await t.client().post('/api/register', { username: 'first', password: TEST_PASSWORD });
    const second = await t.client().post('/api/register', { username: 'second', password: TEST_PASSWORD });
    expect(first.body.role).toBe('admin');
    expect(second.body.role).toBe('user');
  });

  it('ignores a role sent by the user and unknown fields', async () => {
    await t.client().signUpAndIn('admin0');
    const res = await t.client().post('/api/register', { username: 'mallory', password: TEST_PASSWORD, role: 'admin', isAdmin: true, id: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('user');
    expect(res.body.id).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  it('refuses a taken username regardless of case', async () => {
    await t.client().post('/api/register', { username: 'Anna', password: TEST_PASSWORD });
    const res = await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Username already exists');
  });

  it.each([
    [{ username: 'ab', password: TEST_PASSWORD }, 'Username must be at least 3 characters'],
    [{ username: 'anna', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'anna', password: TEST_PASSWORD, email: 'not-an-email' }, 'Invalid email'],
    [{ username: 'anna', password: 'x'.repeat(257) }, 'Password must be at most 256 characters'],
    [{ username: 'a'.repeat(65), password: TEST_PASSWORD }, 'Username must be at most 64 characters'],
    [{ username: 'an\u0000na', password: TEST_PASSWORD }, 'Username must not contain spaces or control characters'],
    [{ username: 'anna', password: TEST_PASSWORD, firstName: 'A\u0000' }, 'Text must not contain NUL characters'],
    [{ username: 42, password: TEST_PASSWORD }, 'Username is required'],
    [{ username: ['anna'], password: TEST_PASSWORD }, 'Username is required'],
    [{ password: TEST_PASSWORD }, 'Username is required'],
  ])('answers 400 for %j with the message "%s" and stores nothing', async (body, message) => {
    const before = await rowCounts(t.orm);
    const res = await t.client().post('/api/register', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('is closed with REGISTRATION_ENABLED=false, except for the very first account', async () => {
    const closed = await startTestApp({ REGISTRATION_ENABLED: 'false' });
    try {
      const first = await closed.client().post('/api/register', { username: 'owner', password: TEST_PASSWORD });
      expect(first.status).toBe(201);
      expect(first.body.role).toBe('admin');
      const second = await closed.client().post('/api/register', { username: 'guest', password: TEST_PASSWORD });
      expect(second.status).toBe(403);
      expect(second.body.error.message).toBe('Registration is disabled');
    } finally {
      await closed.close();
    }
  });

  it('makes exactly one admin when two first registrations race', async () => {
    const results = await Promise.all(['racer1', 'racer2', 'racer3'].map((u) => t.client().post('/api/register', { username: u, password: TEST_PASSWORD })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(results.filter((r) => r.body.role === 'admin')).toHaveLength(1);
  });
});

describe('login, current user and logout', () => {
  it('logs in, answers the current user, and logs out so the old cookie is worthless', async () => {
    const browser = t.client();
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    const user = await browser.signUpAndIn('anna');
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, username: 'anna' });
    expect(JSON.stringify(me.body)).not.toMatch(/password/i);

    const login = await t.client().post('/api/login', { username: 'anna', password: TEST_PASSWORD });
    const cookies = cookieHeaders(login).map((c) => c.split(';')[0]).join('; ');
    expect((await request(t.server).get('/api/auth/user').set('Cookie', cookies)).status).toBe(200);
    const logout = await request(t.server).post('/api/logout').set('Cookie', cookies).set(CSRF_HEADER, CSRF_HEADER_VALUE);
    expect(logout.status).toBe(200);
    const replay = await request(t.server).get('/api/auth/user').set('Cookie', cookies);
    expect(replay.status).toBe(401);
    // The first browser's own session is untouched.
    expect((await browser.get('/api/auth/user')).status).toBe(200);
  });

  it('sets an httpOnly, SameSite=Lax, signed session cookie, Secure behind an HTTPS proxy', async () => {
    await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD });
    const res = await t.client().post('/api/login', { username: 'anna', password: TEST_PASSWORD });
    const cookies = cookieHeaders(res);
    const session = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
    expect(session).not.toMatch(/secure/i);
    expect(cookies.some((c) => c.startsWith(`${SESSION_COOKIE}.sig=`))).toBe(true);

    const proxied = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      await proxied.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD });
      const secure = await proxied.client().agent.post('/api/login').set('X-Forwarded-Proto', 'https').set(CSRF_HEADER, CSRF_HEADER_VALUE).send({ username: 'anna', password: TEST_PASSWORD });
      expect(secure.status).toBe(200);
      expect(cookieHeaders(secure).find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/;\s*secure/i);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a tampered session cookie', async () => {
    await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD });
    const res = await t.client().post('/api/login', { username: 'anna', password: TEST_PASSWORD });
    const forged = cookieHeaders(res)
      .map((c) => c.split(';')[0]!)
      .map((c) => (c.startsWith(`${SESSION_COOKIE}=`) ? `${SESSION_COOKIE}=forged-session-id` : c))
      .join('; ');
    expect((await request(t.server).get('/api/auth/user').set('Cookie', forged)).status).toBe(401);
  });

  it('gives a fresh session id at each login', async () => {
    await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD });
    const browser = t.client();
    await browser.signIn('anna');
    const before = await t.orm.em.getConnection().execute<{ sid: string }[]>('select sid from sessions');
    await browser.signIn('anna');
    const after = await t.orm.em.getConnection().execute<{ sid: string }[]>('select sid from sessions');
    expect(after).toHaveLength(1);
    expect(after[0]!.sid).not.toBe(before[0]!.sid);
  });

  it.each([
    [{ username: '', password: 'x' }, 'Username is required'],
    [{ username: 'anna', password: '' }, 'Password is required'],
    [{ password: 'x' }, 'Username is required'],
    [{ username: 'anna' }, 'Password is required'],
  ])('answers 400 for %j with "%s"', async (body, message) => {
    const res = await t.client().post('/api/login', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('answers 401 with one message for a wrong password and an unknown user', async () => {
    await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD });
    const wrong = await t.client().post('/api/login', { username: 'anna', password: 'wrong password' });
    const unknown = await t.client().post('/api/login', { username: 'nobody', password: 'wrong password' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.error.message).toBe('Invalid username or password');
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it('logs in whatever the case of the username', async () => {
    await t.client().post('/api/register', { username: 'Anna', password: TEST_PASSWORD });
    expect((await t.client().post('/api/login', { username: 'aNNa', password: TEST_PASSWORD })).status).toBe(200);
  });

  it('throttles repeated failures with 429, and lets the right password in after the window', async () => {
    await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD });
    const attacker = t.client();
    for (let i = 0; i < 3; i += 1) {
      expect((await attacker.post('/api/login', { username: 'anna', password: `guess-${i}` })).status).toBe(401);
    }
    const refused = await attacker.post('/api/login', { username: 'anna', password: TEST_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/Too many failed login attempts/);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await t.client().post('/api/login', { username: 'anna', password: TEST_PASSWORD })).status).toBe(200);
  });

  it('GET /api/logout ends the session and redirects home; GET /api/login opens the login form', async () => {
    const browser = t.client();
    await browser.signUpAndIn('anna');
    const out = await browser.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe('/');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    const login = await browser.get('/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe('/?auth=login');
  });

  it('HEAD /api/logout answers like GET but signs nobody out (a link checker or a prefetch is no sign-out)', async () => {
    const browser = t.client();
    await browser.signUpAndIn('anna');
    const head = await browser.agent.head('/api/logout');
    expect(head.status).toBe(302);
    expect(head.headers.location).toBe('/');
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    // Only POST, and the spec's GET, sign out.
    expect((await browser.post('/api/logout')).status).toBe(200);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });
});

describe('user settings', () => {
  it('turns delegation on and changes the timezone', async () => {
    const browser = t.client();
    await browser.signUpAndIn('anna');
    const settings = await browser.patch('/api/auth/user/settings', { enableDelegation: true });
    expect(settings.status).toBe(200);
    expect(settings.body.enableDelegation).toBe(true);
    const tz = await browser.patch('/api/auth/user/timezone', { timezone: 'Europe/Berlin' });
    expect(tz.status).toBe(200);
    expect((await browser.get('/api/auth/user')).body).toMatchObject({ timezone: 'Europe/Berlin', enableDelegation: true });
    // Any IANA zone, not only the spec's list of options (a new account may have come with its browser's zone).
    expect((await browser.patch('/api/auth/user/timezone', { timezone: 'Europe/Madrid' })).body.timezone).toBe('Europe/Madrid');
  });

  it.each([
    ['/api/auth/user/timezone', { timezone: 'Mars/Olympus' }, 'Invalid timezone'],
    ['/api/auth/user/timezone', { timezone: 'UTC+1' }, 'Invalid timezone'],
    ['/api/auth/user/timezone', {}, 'Invalid timezone'],
    ['/api/auth/user/settings', { enableDelegation: 'yes' }, null],
    ['/api/auth/user/settings', {}, null],
  ])('refuses PATCH %s %j', async (path, body, message) => {
    const browser = t.client();
    await browser.signUpAndIn('anna');
    const res = await browser.patch(path, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
    expect((await browser.get('/api/auth/user')).body).toMatchObject({ timezone: 'America/New_York', enableDelegation: false });
  });

  it('needs a session', async () => {
    expect((await t.client().patch('/api/auth/user/settings', { enableDelegation: true })).status).toBe(401);
    expect((await t.client().patch('/api/auth/user/timezone', { timezone: 'Europe/Berlin' })).status).toBe(401);
  });
});

describe('request hygiene', () => {
  it('answers malformed JSON with 400 and stores nothing', async () => {
    const before = await rowCounts(t.orm);
    const res = await t.client().agent.post('/api/register').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('Content-Type', 'application/json').send('{"username": "anna", ');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('answers a huge body with 413', async () => {
    const res = await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD, firstName: 'x'.repeat(2_000_000) });
    expect(res.status).toBe(413);
    expect(await rowCounts(t.orm)).toMatchObject({ users: 0 });
  });

  it('answers a JSON array or scalar body with 400', async () => {
    for (const body of ['[1,2]', '"anna"', 'null']) {
      const res = await t.client().agent.post('/api/register').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
    }
  });

  it('refuses state-changing calls without the CSRF header or from another site', async () => {
    const plain = await request(t.server).post('/api/register').send({ username: 'anna', password: TEST_PASSWORD });
    expect(plain.status).toBe(403);
    const crossSite = await t.client().agent.post('/api/register').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('Sec-Fetch-Site', 'cross-site').send({ username: 'anna', password: TEST_PASSWORD });
    expect(crossSite.status).toBe(403);
    const foreignOrigin = await t.client().agent.post('/api/register').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('Origin', 'https://evil.example').send({ username: 'anna', password: TEST_PASSWORD });
    expect(foreignOrigin.status).toBe(403);
    const textPlain = await request(t.server).post('/api/login').set('Content-Type', 'text/plain').send('username=anna&password=x');
    expect(textPlain.status).toBe(403);
    expect(await rowCounts(t.orm)).toMatchObject({ users: 0 });
    const sameOrigin = await t.client().agent.post('/api/register').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('Sec-Fetch-Site', 'same-origin').send({ username: 'anna', password: TEST_PASSWORD });
    expect(sameOrigin.status).toBe(201);
  });

  it('sends security headers and no-store on api answers', async () => {
    const res = await t.client().get('/api/auth/user');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers unknown api paths with a JSON 404', async () => {
    const res = await t.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
