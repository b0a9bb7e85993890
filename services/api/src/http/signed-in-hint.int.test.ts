import { SIGNED_IN_HINT_COOKIE } from '@daybook/shared';
import type { Response } from 'supertest';
import { startTestApp, type TestContext } from '../test/test-app';
import { truncateAll } from '../test/test-db';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
});

/** The hint cookie a response sets ('1'), clears (''), or leaves alone (undefined); never HttpOnly. */
function hintOf(res: Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown;
  const cookies = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const hint = cookies.find((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
  if (!hint) return undefined;
  expect(hint.toLowerCase()).not.toContain('httponly');
  return hint.slice(SIGNED_IN_HINT_COOKIE.length + 1).split(';')[0];
}

describe('the signed-in hint (issue 37: a signed-out landing page asks nothing the api would refuse)', () => {
  it('a sign-in sets it, who-is-signed-in renews it, a sign-out clears it; a visitor never gets one', async () => {
    const visitor = t.client();
    expect(hintOf(await visitor.post('/api/register', { username: 'anna', password: 'secret-pw' }))).toBeUndefined();
    expect(hintOf(await visitor.get('/api/auth/config'))).toBeUndefined();

    const login = await visitor.post('/api/login', { username: 'anna', password: 'secret-pw' });
    expect(login.status).toBe(200);
    expect(hintOf(login)).toBe('1');
    expect(hintOf(await visitor.get('/api/tasks/today'))).toBeUndefined();
    expect(hintOf(await visitor.get('/api/auth/user'))).toBe('1');

    const logout = await visitor.post('/api/logout');
    expect(hintOf(logout)).toBe('');
  });

  it('a request that finds the session gone clears it', async () => {
    const browser = t.client();
    await browser.signUpAndIn('anna');
    await t.orm.em.getConnection().execute('delete from sessions');
    const res = await browser.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(hintOf(res)).toBe('');
  });

  it('GET /api/auth/session answers 200 either way and gives a session made before the hint its hint', async () => {
    const visitor = await t.client().get('/api/auth/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ signedIn: false });
    expect(hintOf(visitor)).toBeUndefined();

    const browser = t.client();
    await browser.post('/api/register', { username: 'anna', password: 'secret-pw' });
    const login = await browser.post('/api/login', { username: 'anna', password: 'secret-pw' });
    // The session's cookies only, as an older version left them in the browser: no hint among them.
    const setCookies = login.headers['set-cookie'] as unknown as string[];
    const sessionOnly = setCookies.map((cookie) => cookie.split(';')[0] ?? '').filter((cookie) => !cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
    const upgraded = await t.client().agent.get('/api/auth/session').set('Cookie', sessionOnly.join('; '));
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toEqual({ signedIn: true });
    expect(hintOf(upgraded)).toBe('1');
  });
});
