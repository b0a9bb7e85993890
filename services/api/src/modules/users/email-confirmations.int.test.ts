import { setTimeout as sleep } from 'node:timers/promises';
import { startSmtp } from '../../../../ai-worker/src/test/stub-smtp';
import { truncateAll } from '../../test/test-db';
import { startTestApp, TEST_PASSWORD, type ApiClient, type TestContext } from '../../test/test-app';
import { CONFIRMATION_MAILS_PER_HOUR } from '../../http/rate-limits';

/**
 * Confirming an account's email address by mail (issue 36): the api sends the mail through the server's
 * SMTP (a stub SMTP server on loopback here); the link's token is random, stored hashed, expires, works
 * once, and only for the account it was sent for.
 */

const APP_URL = 'http://daybook.test';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestContext;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: `smtp://daybook:secret@${smtp.host}`, SMTP_FROM: 'Daybook <daybook@example.com>', APP_URL });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
  smtp.mails.length = 0;
});

/** The mail to `address` once it arrived (the registration's mail goes out in the background). */
async function mailTo(address: string, count = 1): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const mails = smtp.mails.filter((mail) => mail.to.includes(address));
    if (mails.length >= count) return mails[count - 1]!.raw;
    await sleep(50);
  }
  throw new Error(`no mail ${count} to ${address}`);
}

/** The token of the confirmation link in a raw mail (quoted-printable soft breaks undone). */
function tokenIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '');
  const match = new RegExp(`${APP_URL}/confirm-email/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[1]!;
}

async function registered(username: string, email: string): Promise<{ client: ApiClient; token: string }> {
  const client = t.client();
  expect((await client.post('/api/register', { username, password: TEST_PASSWORD, email })).status).toBe(201);
  await client.signIn(username);
  return { client, token: tokenIn(await mailTo(email)) };
}

const confirm = (client: ApiClient, token: string) => client.post('/api/auth/user/email/confirm', { token });

it('mails a link after registration; the account follows it once, and its address is then verified', async () => {
  expect((await t.client().get('/api/auth/config')).body.emailConfirmation).toBe(true);
  const { client: anna, token } = await registered('anna', 'anna@example.com');
  const raw = await mailTo('anna@example.com');
  expect(raw).toMatch(/Subject: Confirm your email address for Daybook/);
  expect(raw).toMatch(/anna/);
  expect((await anna.get('/api/auth/user')).body).toMatchObject({ email: 'anna@example.com', emailVerified: false });
  // Stored as a hash only.
  const [row] = await t.orm.em.getConnection().execute<{ row: string }[]>('select row_to_json(c)::text as row from email_confirmations c');
  expect(row!.row).not.toContain(token);

  const confirmed = await confirm(anna, token);
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toMatchObject({ username: 'anna', emailVerified: true });
  expect((await anna.get('/api/auth/user')).body.emailVerified).toBe(true);

  const again = await confirm(anna, token);
  expect(again.status).toBe(400);
  expect(again.body.error.code).toBe('confirmation_invalid');
});

it("confirms nothing for another account: the link of anna's mail does nothing for bob, and still works for anna", async () => {
  const { client: anna, token } = await registered('anna', 'anna@example.com');
  const bob = t.client();
  await bob.signUpAndIn('bob');
  const wrong = await confirm(bob, token);
  expect(wrong.status).toBe(400);
  expect(wrong.body.error).toEqual({ code: 'confirmation_invalid', message: 'This confirmation link is not valid for the account you are signed in with, or it was already used.' });
  expect((await bob.get('/api/auth/user')).body.emailVerified).toBe(false);
  expect((await anna.get('/api/auth/user')).body.emailVerified).toBe(false);
  // Signed out, the link does nothing either.
  expect((await confirm(t.client(), token)).status).toBe(401);
  expect((await confirm(anna, token)).status).toBe(200);
});

it('refuses an expired link, which is then gone', async () => {
  const { client: anna, token } = await registered('anna', 'anna@example.com');
  await t.orm.em.getConnection().execute(`update email_confirmations set expires_at = now() - interval '1 second'`);
  const expired = await confirm(anna, token);
  expect(expired.status).toBe(400);
  expect(expired.body.error.code).toBe('confirmation_expired');
  expect((await confirm(anna, token)).body.error.code).toBe('confirmation_invalid');
  expect((await anna.get('/api/auth/user')).body.emailVerified).toBe(false);
});

it('sends a new mail when asked, whose link replaces the earlier one, a few an hour', async () => {
  const { client: anna, token: first } = await registered('anna', 'anna@example.com');
  const sent = await anna.post('/api/auth/user/email/confirmation');
  expect(sent.status).toBe(202);
  const second = tokenIn(await mailTo('anna@example.com', 2));
  expect(second).not.toBe(first);
  expect((await confirm(anna, first)).body.error.code).toBe('confirmation_invalid');
  for (let mail = 1; mail < CONFIRMATION_MAILS_PER_HOUR; mail += 1) expect((await anna.post('/api/auth/user/email/confirmation')).status).toBe(202);
  expect((await anna.post('/api/auth/user/email/confirmation')).status).toBe(429);
  const latest = tokenIn(await mailTo('anna@example.com', CONFIRMATION_MAILS_PER_HOUR + 1));
  expect((await confirm(anna, latest)).status).toBe(200);
});

it('sends none to an account without an address or with a verified one; an address an admin set is verified', async () => {
  const admin = t.client();
  await admin.signUpAndIn('root');
  const noAddress = await admin.post('/api/auth/user/email/confirmation');
  expect(noAddress.status).toBe(400);
  expect(noAddress.body.error.code).toBe('no_email');
  expect((await admin.post('/api/admin/users', { username: 'bob', email: 'bob@example.com', firstName: 'B', lastName: 'B', role: 'user', password: TEST_PASSWORD })).body.emailVerified).toBe(true);
  const bob = t.client();
  await bob.signIn('bob');
  expect((await bob.post('/api/auth/user/email/confirmation')).body.error.code).toBe('already_confirmed');
  await sleep(200);
  expect(smtp.mails).toEqual([]);
});

describe('without a mail server', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await startTestApp({ APP_URL });
  });
  afterAll(() => plain.close());

  it('says so in the config and refuses to send, and registration still works', async () => {
    expect((await plain.client().get('/api/auth/config')).body.emailConfirmation).toBe(false);
    const anna = plain.client();
    expect((await anna.post('/api/register', { username: 'anna', password: TEST_PASSWORD, email: 'anna@example.com' })).status).toBe(201);
    await anna.signIn('anna');
    const res = await anna.post('/api/auth/user/email/confirmation');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('mail_not_configured');
  });
});
