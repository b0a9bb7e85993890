import { setTimeout as sleep } from 'node:timers/promises';
import { generateSync } from 'otplib';
import { RequestContext } from '@mikro-orm/core';
import type request from 'supertest';
import { SIGN_IN_ERROR_PARAM } from '@daybook/shared';
import { ProviderBrowser, startTestProvider, type TestProvider } from '../../test/oidc-provider-process';
import { startTestApp, TEST_PASSWORD, type ApiClient, type TestContext } from '../../test/test-app';
import { truncateAll } from '../../test/test-db';
import { createUsersService } from '../users/users.service';
import { OIDC_FLOW_COOKIE, SECOND_FACTOR_LINK_MESSAGE } from './oidc.routes';

/**
 * Sign-in with OpenID Connect against a real provider on loopback (oidc-provider, test/oidc-provider.mjs),
 * through the api's routes: the browser's side at the provider is a cookie-keeping fetch, the app's side a
 * supertest agent. The provider sends the browser back to APP_URL; the test takes that redirect to the app.
 */

const APP_URL = 'http://daybook.test';
const CLIENT = { clientId: 'daybook', clientSecret: 'test-client-secret-for-daybook' };
const ACCOUNTS = {
  alice: { claims: { preferred_username: 'alice', email: 'alice@example.com', email_verified: true, given_name: 'Alice', family_name: 'Liddell' } },
  slow: { claims: { preferred_username: 'slow', email: 'slow@example.com', email_verified: true }, codeTtlSeconds: 1 },
  'dora-unverified': { claims: { preferred_username: 'dora.sso', email: 'dora@example.com', email_verified: false } },
  'dora-verified': { claims: { preferred_username: 'dora.sso', email: 'DORA@example.com', email_verified: true } },
  carol: { claims: { preferred_username: 'carol', email: 'carol@example.com', email_verified: true, groups: ['staff', 'daybook-admins'] } },
  spaced: { claims: { preferred_username: 'Mary Ann', email: 'mary@example.com', email_verified: 'true' } },
  // 'barsadmin' with a Cyrillic 'а' (U+0430).
  lookalike: { claims: { preferred_username: 'bars\u0430dmin', email: 'bars@example.com', email_verified: true } },
};

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider({ ...CLIENT, redirectUris: [`${APP_URL}/api/auth/oidc/callback`], accounts: ACCOUNTS });
});
afterAll(() => provider.stop());

const oidcEnv = (overrides: Record<string, string> = {}) => ({
  APP_URL,
  OIDC_ISSUER_URL: provider.issuer,
  OIDC_CLIENT_ID: CLIENT.clientId,
  OIDC_CLIENT_SECRET: CLIENT.clientSecret,
  OIDC_BUTTON_LABEL: 'Test Provider',
  // Many sign-ins from 127.0.0.1: the per-address count (20 × this) has its own test.
  LOGIN_MAX_FAILURES: '100',
  ...overrides,
});

/** An app with these settings for the tests of a describe block, on an emptied database. */
function appWith(overrides: Record<string, string> = {}) {
  const ctx = { t: undefined as unknown as TestContext };
  beforeAll(async () => {
    ctx.t = await startTestApp(oidcEnv(overrides));
  });
  afterAll(() => ctx.t.close());
  beforeEach(async () => {
    await truncateAll(ctx.t.orm);
    await ctx.t.redis.flushdb();
  });
  return ctx;
}

/** The app's path of a URL under APP_URL (where the provider sends the browser back). */
const appPath = (url: string) => {
  expect(url.startsWith(`${APP_URL}/`)).toBe(true);
  return url.slice(APP_URL.length);
};

/** Where the api sent the browser: a failure is the landing page's sign-in with its reason. */
const failureOf = (res: request.Response) => {
  expect(res.status).toBe(302);
  return new URL(res.headers.location as string, APP_URL).searchParams.get(SIGN_IN_ERROR_PARAM);
};

/** Starts a sign-in in `app` and has `login` sign in at the provider; answers the callback URL and the flow cookie. */
async function throughProvider(app: ApiClient, login: string, browser = new ProviderBrowser(provider.issuer), options: { abort?: boolean; timezone?: string } = {}) {
  const start = await app.get(`/api/auth/oidc/start${options.timezone ? `?timezone=${encodeURIComponent(options.timezone)}` : ''}`);
  expect(start.status).toBe(302);
  const authorizationUrl = start.headers.location as string;
  expect(authorizationUrl.startsWith(`${provider.issuer}/auth?`)).toBe(true);
  const params = new URL(authorizationUrl).searchParams;
  expect(params.get('code_challenge_method')).toBe('S256');
  expect([params.get('state'), params.get('nonce'), params.get('code_challenge')].every((value) => value && value.length >= 32)).toBe(true);
  const flowCookie = (start.headers['set-cookie'] as unknown as string[]).find((cookie) => cookie.startsWith(`${OIDC_FLOW_COOKIE}=`))!;
  expect(flowCookie).toMatch(/path=\/api\/auth\/oidc/i);
  expect(flowCookie).toMatch(/httponly/i);
  const callbackUrl = await browser.signIn(authorizationUrl, login, options);
  return { callbackUrl, flowCookie };
}

/** A whole sign-in: answers the callback's response. */
async function signIn(app: ApiClient, login: string, browser?: ProviderBrowser, options?: { timezone?: string }) {
  const { callbackUrl } = await throughProvider(app, login, browser, options);
  return app.get(appPath(callbackUrl));
}

const signedInUser = async (app: ApiClient) => {
  const res = await app.get('/api/auth/user');
  return res.status === 200 ? (res.body as { id: string; username: string; role: string; email: string | null; firstName: string | null; timezone: string }) : null;
};

const rows = <T>(t: TestContext, sql: string, params: unknown[] = []) => t.orm.em.getConnection().execute<T[]>(sql, params);

/** Where the callback sends a first sign-in whose address an account holds that it may not take by itself. */
const LINK_STEP = '/?auth=link';

/**
 * The pre-hijack of issue 36: someone registers with a colleague's address (nobody checks it), waits for
 * the colleague's first single sign-on, and reads what the colleague then keeps in Daybook.
 */
async function preRegister(t: TestContext, email: string) {
  const mallory = t.client();
  expect((await mallory.post('/api/register', { username: 'mallory', password: TEST_PASSWORD, email })).status).toBe(201);
  return { mallory, id: (await mallory.signIn('mallory')).id };
}

/** What the attacker sees after the victim worked: their own account, none of the victim's tasks. */
async function expectNothingShared(t: TestContext, victim: ApiClient, mallory: { mallory: ApiClient; id: string }) {
  const task = await victim.post('/api/tasks', { title: 'Salary review for Dora' });
  expect(task.status).toBe(201);
  const again = t.client();
  expect((await again.signIn('mallory')).id).toBe(mallory.id);
  expect((await again.get(`/api/tasks/${task.body.id}`)).status).toBe(404);
  expect(JSON.stringify((await mallory.mallory.get('/api/tasks/active')).body)).not.toContain('Salary review');
}

describe('with registration open', () => {
  const ctx = appWith();
  let admin: ApiClient;
  beforeEach(async () => {
    admin = ctx.t.client();
    await admin.signUpAndIn('root');
  });

  it('tells the landing page about the button', async () => {
    const res = await ctx.t.client().get('/api/auth/config');
    expect(res.body).toEqual({ passwordLogin: 'on', registration: true, oidc: { label: 'Test Provider' }, emailConfirmation: false });
  });

  it("creates the account on the first sign-in (no password, the browser's timezone), and signs in to it again the next time", async () => {
    const app = ctx.t.client();
    const res = await signIn(app, 'alice', undefined, { timezone: 'Europe/Madrid' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    const user = await signedInUser(app);
    expect(user).toMatchObject({ username: 'alice', email: 'alice@example.com', firstName: 'Alice', role: 'user', timezone: 'Europe/Madrid' });
    const [stored] = await rows<{ password_hash: string | null; last_sign_in_at: Date | null }>(ctx.t, 'select password_hash, last_sign_in_at from users where id = ?', [user!.id]);
    expect(stored!.password_hash).toBeNull();
    expect(stored!.last_sign_in_at).not.toBeNull();
    expect(await rows(ctx.t, 'select user_id, issuer, subject from user_identities')).toEqual([{ user_id: user!.id, issuer: provider.issuer, subject: 'alice' }]);
    expect((await ctx.t.client().post('/api/login', { username: 'alice', password: TEST_PASSWORD })).status).toBe(401);

    // Another browser, another sign-in at the provider: the same account, nothing created.
    const again = ctx.t.client();
    expect((await signIn(again, 'alice')).headers.location).toBe('/');
    expect((await signedInUser(again))!.id).toBe(user!.id);
    expect(await rows(ctx.t, 'select count(*)::int as n from users')).toEqual([{ n: 2 }]);

    const list = await admin.get('/api/admin/users');
    expect(list.body).toEqual([
      expect.objectContaining({ username: 'root', signInMethods: ['password'], lastSignInAt: expect.any(String) }),
      expect.objectContaining({ username: 'alice', signInMethods: ['oidc'], lastSignInAt: expect.any(String) }),
    ]);
  });

  it('regenerates the session at sign-in, as a password login does', async () => {
    const app = ctx.t.client();
    const { callbackUrl } = await throughProvider(app, 'alice');
    const [before] = await rows<{ n: number }>(ctx.t, 'select count(*)::int as n from sessions');
    const res = await app.get(appPath(callbackUrl));
    const sessionCookie = (res.headers['set-cookie'] as unknown as string[]).find((cookie) => cookie.startsWith('daybook.sid='));
    expect(sessionCookie).toBeDefined();
    expect((await rows<{ n: number }>(ctx.t, 'select count(*)::int as n from sessions'))[0]!.n).toBe(before!.n + 1);
  });

  it('makes a username valid and unique', async () => {
    await admin.post('/api/admin/users', { username: 'Mary-Ann', firstName: 'M', lastName: 'A', role: 'user', password: TEST_PASSWORD });
    const app = ctx.t.client();
    await signIn(app, 'spaced');
    expect(await signedInUser(app)).toMatchObject({ username: 'Mary-Ann-2', email: 'mary@example.com' });
  });

  it('refuses a callback whose state is not the one this browser started with, and one without any flow', async () => {
    const app = ctx.t.client();
    const { callbackUrl } = await throughProvider(app, 'alice');
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', 'x'.repeat(43));
    expect(failureOf(await app.get(appPath(tampered.href)))).toBe('state_mismatch');
    // The flow is spent: the right state does not help afterwards.
    expect(failureOf(await app.get(appPath(callbackUrl)))).toBe('state_mismatch');
    expect(await signedInUser(app)).toBeNull();

    // A callback taken to another browser (a login CSRF) finds no flow there.
    const { callbackUrl: planted } = await throughProvider(ctx.t.client(), 'alice');
    const victim = ctx.t.client();
    expect(failureOf(await victim.get(appPath(planted)))).toBe('state_mismatch');
    expect(await signedInUser(victim)).toBeNull();
    expect(await rows(ctx.t, 'select * from user_identities')).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const app = ctx.t.client();
    const { callbackUrl } = await throughProvider(app, 'slow');
    await sleep(2_100);
    expect(failureOf(await app.get(appPath(callbackUrl)))).toBe('code_rejected');
    expect(await signedInUser(app)).toBeNull();
    expect(await rows(ctx.t, `select * from users where username = 'slow'`)).toEqual([]);
  });

  it('refuses a code that was already redeemed, and a callback that is replayed after it signed in', async () => {
    const app = ctx.t.client();
    const { callbackUrl, flowCookie } = await throughProvider(app, 'alice');
    // Someone else redeems the code first, with the verifier (read here from the flow cookie).
    const flow = JSON.parse(Buffer.from(flowCookie.split(';')[0]!.split('=')[1]!, 'base64url').toString()) as { verifier: string };
    const token = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: new URL(callbackUrl).searchParams.get('code')!, redirect_uri: `${APP_URL}/api/auth/oidc/callback`, code_verifier: flow.verifier }),
    });
    expect(token.status).toBe(200);
    expect(failureOf(await app.get(appPath(callbackUrl)))).toBe('code_rejected');
    expect(await signedInUser(app)).toBeNull();

    const next = ctx.t.client();
    const { callbackUrl: used } = await throughProvider(next, 'alice');
    expect((await next.get(appPath(used))).headers.location).toBe('/');
    expect(failureOf(await next.get(appPath(used)))).toBe('state_mismatch');
  });

  it('says when the person cancelled at the provider', async () => {
    const app = ctx.t.client();
    const { callbackUrl } = await throughProvider(app, 'alice', undefined, { abort: true });
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
    expect(failureOf(await app.get(appPath(callbackUrl)))).toBe('provider_error');
  });

  it('does not link by email unless the admin allows it: the "link your account" step asks for the password', async () => {
    const { body: dora } = await admin.post('/api/admin/users', { username: 'dora', email: 'dora@example.com', firstName: 'D', lastName: 'D', role: 'user', password: TEST_PASSWORD });
    const app = ctx.t.client();
    expect((await signIn(app, 'dora-verified')).headers.location).toBe(LINK_STEP);
    expect(await signedInUser(app)).toBeNull();
    expect(await rows(ctx.t, 'select * from user_identities')).toEqual([]);
    const step = await app.get('/api/auth/oidc/link');
    expect(step.status).toBe(200);
    expect(step.body).toEqual({ provider: 'Test Provider', email: 'DORA@example.com', newAccount: true });

    // A wrong password links nothing; the step waits.
    const wrong = await app.post('/api/auth/oidc/link', { username: 'dora', password: 'not her password' });
    expect(wrong.status).toBe(401);
    expect(await rows(ctx.t, 'select * from user_identities')).toEqual([]);
    // The step is this browser's: another one has none.
    expect((await ctx.t.client().post('/api/auth/oidc/link', { username: 'dora', password: TEST_PASSWORD })).body.error.code).toBe('link_expired');

    const linked = await app.post('/api/auth/oidc/link', { username: 'dora', password: TEST_PASSWORD });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ id: dora.id, emailVerified: true });
    expect((await signedInUser(app))!.id).toBe(dora.id);
    expect(await rows(ctx.t, 'select user_id, subject from user_identities')).toEqual([{ user_id: dora.id, subject: 'dora-verified' }]);
    // The step is spent; the next sign-in goes straight in.
    expect((await app.get('/api/auth/oidc/link')).status).toBe(400);
    const next = ctx.t.client();
    expect((await signIn(next, 'dora-verified')).headers.location).toBe('/');
    expect((await signedInUser(next))!.id).toBe(dora.id);
  });

  it('links no account with a second factor by its password alone: a clear refusal, nothing linked, the step still offers a separate account', async () => {
    await admin.post('/api/admin/users', { username: 'dora', email: 'dora@example.com', firstName: 'D', lastName: 'D', role: 'user', password: TEST_PASSWORD });
    const own = ctx.t.client();
    await own.signIn('dora');
    const { secret } = (await own.post('/api/auth/second-factor/totp')).body as { secret: string };
    expect((await own.post('/api/auth/second-factor/totp/confirm', { code: generateSync({ secret }) })).status).toBe(200);

    const app = ctx.t.client();
    expect((await signIn(app, 'dora-verified')).headers.location).toBe(LINK_STEP);
    // A wrong password says only that, as before.
    expect((await app.post('/api/auth/oidc/link', { username: 'dora', password: 'not her password' })).status).toBe(401);
    const refused = await app.post('/api/auth/oidc/link', { username: 'dora', password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'link_needs_second_factor', message: SECOND_FACTOR_LINK_MESSAGE });
    expect(await signedInUser(app)).toBeNull();
    expect(await rows(ctx.t, 'select * from user_identities')).toEqual([]);
    expect((await app.get('/api/auth/oidc/link')).status).toBe(200);
    expect((await app.post('/api/auth/oidc/link/new-account')).body).toMatchObject({ username: 'dora.sso', email: null });
  });

  it('pre-hijack, default settings: an address someone typed without proving it does not lock its owner out of single sign-on', async () => {
    const mallory = await preRegister(ctx.t, 'dora@example.com');
    const victim = ctx.t.client();
    expect((await signIn(victim, 'dora-verified')).headers.location).toBe(LINK_STEP);
    const created = await victim.post('/api/auth/oidc/link/new-account');
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ username: 'dora.sso', email: 'DORA@example.com', emailVerified: true });
    expect(created.body.id).not.toBe(mallory.id);
    expect((await signedInUser(victim))!.id).toBe(created.body.id);
    // The unverified account lost the address to its owner.
    expect(await rows(ctx.t, 'select email from users where id = ?', [mallory.id])).toEqual([{ email: null }]);
    await expectNothingShared(ctx.t, victim, mallory);
  });

  it('creates an account without the address when a verified account keeps it', async () => {
    await admin.post('/api/admin/users', { username: 'dora', email: 'dora@example.com', firstName: 'D', lastName: 'D', role: 'user', password: TEST_PASSWORD });
    const app = ctx.t.client();
    await signIn(app, 'dora-verified');
    const created = await app.post('/api/auth/oidc/link/new-account');
    expect(created.body).toMatchObject({ username: 'dora.sso', email: null, emailVerified: false });
    expect(await rows(ctx.t, `select email, email_verified_at is not null as verified from users where username = 'dora'`)).toEqual([{ email: 'dora@example.com', verified: true }]);
  });

  it('derives no look-alike username: the same confusable rule as registration (no mixed-script `barsаdmin-2`)', async () => {
    await ctx.t.client().post('/api/register', { username: 'barsadmin', password: TEST_PASSWORD });
    const app = ctx.t.client();
    await signIn(app, 'lookalike');
    expect(await signedInUser(app)).toMatchObject({ username: 'bars', email: 'bars@example.com' });
    expect(await rows(ctx.t, `select username from users where username like 'bars%' order by username`)).toEqual([{ username: 'bars' }, { username: 'barsadmin' }]);
  });

  it('makes a member of the admin group admin only when OIDC_ADMIN_GROUP is set', async () => {
    const app = ctx.t.client();
    await signIn(app, 'carol');
    expect((await signedInUser(app))!.role).toBe('user');
  });
});

describe('linking by email (OIDC_LINK_BY_EMAIL=true)', () => {
  const ctx = appWith({ OIDC_LINK_BY_EMAIL: 'true' });
  let doraId: string;
  let admin: ApiClient;
  beforeEach(async () => {
    admin = ctx.t.client();
    await admin.signUpAndIn('root');
    const dora = ctx.t.client();
    const created = await dora.post('/api/register', { username: 'dora', password: TEST_PASSWORD, email: 'dora@example.com' });
    doraId = created.body.id as string;
  });

  it('does not link an email the provider has not verified: the step, and a separate account without it', async () => {
    await rows(ctx.t, 'update users set email_verified_at = now() where id = ?', [doraId]);
    const app = ctx.t.client();
    expect((await signIn(app, 'dora-unverified')).headers.location).toBe(LINK_STEP);
    expect(await signedInUser(app)).toBeNull();
    expect(await rows(ctx.t, 'select * from user_identities')).toEqual([]);
    const created = await app.post('/api/auth/oidc/link/new-account');
    expect(created.body).toMatchObject({ username: 'dora.sso', email: null });
    expect(await rows(ctx.t, 'select email from users where id = ?', [doraId])).toEqual([{ email: 'dora@example.com' }]);
  });

  it('links a verified email (any case) to an account whose address is verified (confirmed by mail), which then signs in both ways', async () => {
    // As a followed confirmation mail leaves it (email-confirmations.int.test.ts).
    await rows(ctx.t, 'update users set email_verified_at = now() where id = ?', [doraId]);
    const app = ctx.t.client();
    expect((await signIn(app, 'dora-verified')).headers.location).toBe('/');
    expect((await signedInUser(app))!.id).toBe(doraId);
    expect(await rows(ctx.t, 'select user_id, subject from user_identities')).toEqual([{ user_id: doraId, subject: 'dora-verified' }]);
    expect((await ctx.t.client().post('/api/login', { username: 'dora', password: TEST_PASSWORD })).status).toBe(200);
    const list = await admin.get('/api/admin/users');
    expect(list.body.find((user: { id: string }) => user.id === doraId)).toMatchObject({ signInMethods: ['password', 'oidc'] });
  });

  it('links an address an admin set', async () => {
    const { body: erin } = await admin.post('/api/admin/users', { username: 'erin', email: 'erin@example.test', firstName: 'E', lastName: 'E', role: 'user', password: TEST_PASSWORD });
    const app = ctx.t.client();
    expect((await signIn(app, 'erin')).headers.location).toBe('/');
    expect((await signedInUser(app))!.id).toBe(erin.id);
  });

  it('pre-hijack: a colleague’s first sign-in never lands in the account that typed their address; they get their own', async () => {
    // dora registered with dora@example.com herself, unverified: so could anyone have.
    const victim = ctx.t.client();
    const callback = await signIn(victim, 'dora-verified');
    expect(callback.headers.location).toBe(LINK_STEP);
    expect(await signedInUser(victim)).toBeNull();
    expect(await rows(ctx.t, 'select * from user_identities')).toEqual([]);
    const created = await victim.post('/api/auth/oidc/link/new-account');
    expect(created.status).toBe(200);
    expect(created.body.id).not.toBe(doraId);
    expect(created.body).toMatchObject({ email: 'DORA@example.com', emailVerified: true });
    expect(await rows(ctx.t, 'select user_id from user_identities')).toEqual([{ user_id: created.body.id }]);
  });

  it('pre-hijack by a stranger: the attacker’s password and sessions never see what the colleague creates', async () => {
    await rows(ctx.t, 'update users set email = null where id = ?', [doraId]);
    const mallory = await preRegister(ctx.t, 'dora@example.com');
    const victim = ctx.t.client();
    expect((await signIn(victim, 'dora-verified')).headers.location).toBe(LINK_STEP);
    expect((await victim.post('/api/auth/oidc/link/new-account')).status).toBe(200);
    expect((await signedInUser(victim))!.id).not.toBe(mallory.id);
    await expectNothingShared(ctx.t, victim, mallory);
  });

  it('links an unverified account by its password, which proves it; the provider’s verified address is then verified', async () => {
    const app = ctx.t.client();
    await signIn(app, 'dora-verified');
    const linked = await app.post('/api/auth/oidc/link', { username: 'dora', password: TEST_PASSWORD });
    expect(linked.body).toMatchObject({ id: doraId, emailVerified: true });
  });
});

describe('the admin group (OIDC_ADMIN_GROUP)', () => {
  const ctx = appWith({ OIDC_ADMIN_GROUP: 'daybook-admins' });

  it('makes a member admin, on the first sign-in and on a later one', async () => {
    await ctx.t.client().signUpAndIn('root');
    const app = ctx.t.client();
    await signIn(app, 'carol');
    expect(await signedInUser(app)).toMatchObject({ username: 'carol', role: 'admin' });
    await rows(ctx.t, `update users set role = 'user' where username = 'carol'`);
    const again = ctx.t.client();
    await signIn(again, 'carol');
    expect((await signedInUser(again))!.role).toBe('admin');
    expect((await signIn(ctx.t.client(), 'alice')).headers.location).toBe('/');
    expect(await rows(ctx.t, `select role from users where username = 'alice'`)).toEqual([{ role: 'user' }]);
  });
});

describe('with registration closed (REGISTRATION_ENABLED=false)', () => {
  const ctx = appWith({ REGISTRATION_ENABLED: 'false' });

  it('makes the very first account admin, and refuses new people once an admin exists', async () => {
    const first = ctx.t.client();
    await signIn(first, 'alice');
    expect((await signedInUser(first))!.role).toBe('admin');
    const app = ctx.t.client();
    expect(failureOf(await signIn(app, 'carol'))).toBe('registration_closed');
    expect(await signedInUser(app)).toBeNull();
    expect(await rows(ctx.t, 'select count(*)::int as n from users')).toEqual([{ n: 1 }]);
    expect((await ctx.t.client().get('/api/auth/config')).body).toMatchObject({ registration: false });
  });
});

describe('with registration closed and OIDC_AUTO_REGISTER=true', () => {
  const ctx = appWith({ REGISTRATION_ENABLED: 'false', OIDC_AUTO_REGISTER: 'true' });

  it('creates the account of a new person from the provider, while the password Sign Up stays closed', async () => {
    await ctx.t.client().signUpAndIn('root');
    const app = ctx.t.client();
    await signIn(app, 'carol');
    expect(await signedInUser(app)).toMatchObject({ username: 'carol', role: 'user' });
    expect((await ctx.t.client().post('/api/register', { username: 'someone', password: TEST_PASSWORD })).status).toBe(403);
  });
});

describe('with password login off (PASSWORD_LOGIN_ENABLED=false)', () => {
  const ctx = appWith({ PASSWORD_LOGIN_ENABLED: 'false', ADMIN_USERNAME: 'homeadmin', ADMIN_PASSWORD: 'first-run-password' });
  beforeEach(async () => {
    // As main.ts does at start-up.
    const users = createUsersService(ctx.t.orm.em, { registrationEnabled: true });
    await RequestContext.create(ctx.t.orm.em, () => users.ensureAdmin('homeadmin', 'first-run-password'));
  });

  it('refuses password sign-in and sign-up with 403 and a message, but keeps the admin of ADMIN_USERNAME', async () => {
    const login = await ctx.t.client().post('/api/login', { username: 'alice', password: TEST_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.error).toEqual({ code: 'password_login_disabled', message: 'Password sign-in is turned off on this server. Sign in with Test Provider.' });
    expect((await ctx.t.client().post('/api/register', { username: 'alice', password: TEST_PASSWORD })).status).toBe(403);
    expect((await ctx.t.client().get('/api/auth/config')).body).toEqual({ passwordLogin: 'admin', registration: false, oidc: { label: 'Test Provider' }, emailConfirmation: false });

    const admin = ctx.t.client();
    expect((await admin.signIn('HomeAdmin', 'first-run-password')).role).toBe('admin');
    const app = ctx.t.client();
    await signIn(app, 'alice');
    expect((await signedInUser(app))!.username).toBe('alice');
  });
});

describe('without APP_URL: the callback address is the request\'s own', () => {
  let t: TestContext;
  beforeAll(async () => {
    const { APP_URL: _appUrl, ...withoutAppUrl } = oidcEnv({ TRUST_PROXY: 'true' });
    t = await startTestApp(withoutAppUrl);
  });
  afterAll(() => t.close());
  const redirectUriOf = (res: request.Response) => new URL(res.headers.location as string).searchParams.get('redirect_uri');

  it('from the protocol and host the trusted proxy forwarded, never from the Origin header (Koa 3\'s ctx.origin)', async () => {
    // A navigation sends no Origin header at all; a script may send any.
    const plain = await t.client().get('/api/auth/oidc/start');
    expect(redirectUriOf(plain)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/oidc\/callback$/);
    const proxied = await t.client().get('/api/auth/oidc/start').set('X-Forwarded-Proto', 'https').set('X-Forwarded-Host', 'daybook.example').set('Origin', 'https://evil.example');
    expect(redirectUriOf(proxied)).toBe('https://daybook.example/api/auth/oidc/callback');
  });
});

describe('when the provider cannot be reached', () => {
  const ctx = appWith({ OIDC_ISSUER_URL: 'http://127.0.0.1:9/unreachable' });

  it('sends the browser back to the landing page with the reason, every time', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(failureOf(await ctx.t.client().get('/api/auth/oidc/start'))).toBe('provider_unreachable');
    }
  });
});

describe('without OpenID Connect', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('offers no button and refuses the routes with a reason', async () => {
    expect((await t.client().get('/api/auth/config')).body).toMatchObject({ oidc: null });
    expect(failureOf(await t.client().get('/api/auth/oidc/start'))).toBe('not_configured');
  });
});

describe('the rate limit', () => {
  const ctx = appWith({ LOGIN_MAX_FAILURES: '1' });

  it('refuses the 21st sign-in step from one address within the window', async () => {
    const app = ctx.t.client();
    for (let step = 0; step < 20; step += 1) expect((await app.get('/api/auth/oidc/start')).headers.location).toMatch(/^http:\/\/127\.0\.0\.1/);
    expect(failureOf(await app.get('/api/auth/oidc/start'))).toBe('too_many_attempts');
  });
});
