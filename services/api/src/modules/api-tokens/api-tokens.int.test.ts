import request from 'supertest';
import { API_TOKEN_REQUESTS_PER_MINUTE } from '../../http/rate-limits';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';

/**
 * Personal API tokens (DECISIONS 30) end to end: made in a session, shown once, stored hashed, used with
 * `Authorization: Bearer` by a client that has no cookie and sends no CSRF header.
 */

let t: TestContext;
let anna: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  anna = t.client();
  await anna.signUpAndIn('anna');
});

async function newToken(client: ApiClient, body: Record<string, unknown> = {}): Promise<{ id: string; secret: string }> {
  const res = await client.post('/api/tokens', { name: 'Laptop script', scope: 'read-write', ...body });
  expect(res.status).toBe(201);
  return { id: res.body.token.id, secret: res.body.secret };
}

/** A script: no cookie jar, no CSRF header, only the token. */
const script = (secret: string) => ({
  get: (path: string) => request(t.server).get(path).set('Authorization', `Bearer ${secret}`),
  post: (path: string, body: object) => request(t.server).post(path).set('Authorization', `Bearer ${secret}`).send(body),
  patch: (path: string, body: object) => request(t.server).patch(path).set('Authorization', `Bearer ${secret}`).send(body),
  delete: (path: string) => request(t.server).delete(path).set('Authorization', `Bearer ${secret}`),
});

describe('making and listing tokens', () => {
  it('shows the secret once, stores only its hash, and lists the token with a hint', async () => {
    const created = await anna.post('/api/tokens', { name: 'Backup script', scope: 'read', expiresInDays: 30 });
    expect(created.status).toBe(201);
    const { token, secret } = created.body;
    expect(secret).toMatch(/^dbk_[A-Za-z0-9_-]{32}$/);
    expect(token).toMatchObject({ name: 'Backup script', scope: 'read', hint: `dbk_…${secret.slice(-4)}`, lastUsedAt: null });
    const days = (Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);

    const listed = await anna.get('/api/tokens');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([token]);
    expect(listed.text).not.toContain(secret);
    const stored = await t.orm.em.getConnection().execute<{ row: string }[]>(`select row_to_json(t)::text as row from api_tokens t`);
    expect(stored[0]!.row).not.toContain(secret.slice(4));
  });

  it('refuses a token without a name, with an unknown scope or a bad expiry, and changes nothing', async () => {
    for (const body of [{ scope: 'read' }, { name: '  ', scope: 'read' }, { name: 'x', scope: 'admin' }, { name: 'x', scope: 'read', expiresInDays: 0 }, { name: 'x', scope: 'read', expiresInDays: 1.5 }]) {
      const res = await anna.post('/api/tokens', body);
      expect(res.status).toBe(400);
    }
    expect((await anna.post('/api/tokens', { scope: 'read' })).body.error.message).toMatch(/Token name is required/);
    expect((await anna.get('/api/tokens')).body).toEqual([]);
  });

  it('keeps each user to their own tokens: another user’s token id is missing', async () => {
    const { id } = await newToken(anna);
    const bob = t.client();
    await bob.signUpAndIn('bob');
    expect((await bob.get('/api/tokens')).body).toEqual([]);
    expect((await bob.delete(`/api/tokens/${id}`)).status).toBe(404);
    expect((await anna.get('/api/tokens')).body).toHaveLength(1);
  });
});

describe('using a token', () => {
  it('lets curl with a read-write token create a task; after revocation the same token gets 401', async () => {
    const { id, secret } = await newToken(anna);
    const created = await script(secret).post('/api/tasks', { title: 'Send the Acme invoice', priority: 'high' });
    expect(created.status).toBe(201);
    expect((await anna.get(`/api/tasks/${created.body.id}`)).body).toMatchObject({ title: 'Send the Acme invoice', priority: 'high' });
    const listed = await anna.get('/api/tokens');
    expect(listed.body[0].lastUsedAt).not.toBeNull();

    expect((await anna.delete(`/api/tokens/${id}`)).status).toBe(204);
    const after = await script(secret).get('/api/tasks/today');
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe('Invalid or expired API token');
  });

  it('keeps lastUsedAt to the minute (docs/api.md), written at most once a minute', async () => {
    const { secret } = await newToken(anna, { scope: 'read' });
    const before = Date.now();
    expect((await script(secret).get('/api/tasks/today')).status).toBe(200);
    const [first] = (await anna.get('/api/tokens')).body as { lastUsedAt: string }[];
    expect(first!.lastUsedAt).toMatch(/:00\.000Z$/);
    const lastUsed = Date.parse(first!.lastUsedAt);
    expect(lastUsed).toBeLessThanOrEqual(Date.now());
    expect(lastUsed).toBeGreaterThan(before - 60_000);
    const [stored] = await t.orm.em.getConnection().execute<{ exact: boolean }[]>(`select last_used_at = date_trunc('minute', last_used_at) as exact from api_tokens`);
    expect(stored!.exact).toBe(true);

    // A use within the same minute writes nothing; a use in a later minute moves it, still to the minute.
    await t.orm.em.getConnection().execute(`update api_tokens set last_used_at = date_trunc('minute', now()) - interval '5 minutes'`);
    expect((await script(secret).get('/api/tasks/today')).status).toBe(200);
    const [second] = (await anna.get('/api/tokens')).body as { lastUsedAt: string }[];
    expect(second!.lastUsedAt).toMatch(/:00\.000Z$/);
    expect(Date.parse(second!.lastUsedAt)).toBeGreaterThanOrEqual(lastUsed);
  });

  it('lets a read token read and answers 403 to its writes, changing nothing', async () => {
    const { secret } = await newToken(anna, { scope: 'read' });
    const task = (await anna.post('/api/tasks', { title: 'Call the bank' })).body;
    expect((await script(secret).get(`/api/tasks/${task.id}`)).body.title).toBe('Call the bank');
    const write = await script(secret).patch(`/api/tasks/${task.id}`, { title: 'changed' });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toBe('This API token may only read');
    expect((await script(secret).post('/api/tasks', { title: 'new' })).status).toBe(403);
    expect((await anna.get(`/api/tasks/${task.id}`)).body.title).toBe('Call the bank');
  });

  it('answers 401 to an unknown, malformed or expired token, even with a valid session cookie beside it', async () => {
    const { secret } = await newToken(anna, { expiresInDays: 1 });
    await t.orm.em.getConnection().execute(`update api_tokens set expires_at = now() - interval '1 second'`);
    for (const header of [`Bearer ${secret}`, 'Bearer dbk_short', 'Bearer not-a-daybook-token', 'Basic YW5uYTpwYXNz', 'Bearer']) {
      const res = await anna.agent.get('/api/tasks/today').set('Authorization', header);
      expect(res.status).toBe(401);
    }
  });

  it('signs in by the token alone: a session cookie beside it is not read', async () => {
    const bob = t.client();
    await bob.signUpAndIn('bob');
    const { secret } = await newToken(anna);
    const res = await bob.agent.post('/api/tasks').set('Authorization', `Bearer ${secret}`).send({ title: 'Whose task?' });
    expect(res.status).toBe(201);
    expect((await anna.get(`/api/tasks/${res.body.id}`)).status).toBe(200);
    expect((await bob.get(`/api/tasks/${res.body.id}`)).status).toBe(404);
  });

  it('never reaches admin routes, the token routes, or signing in and out', async () => {
    // anna registered first: she is the admin, and still her token may not act as one.
    const { secret } = await newToken(anna);
    const api = script(secret);
    const refused = [
      await api.get('/api/admin/users'),
      await api.get('/api/tokens'),
      await api.post('/api/tokens', { name: 'another', scope: 'read-write' }),
      await api.post('/api/login', { username: 'anna', password: 'x' }),
      await api.post('/api/logout', {}),
    ];
    expect(refused.map((res) => res.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await anna.get('/api/tokens')).body).toHaveLength(1);
  });

  it('rate limits a user’s token requests with 429 and Retry-After', async () => {
    const { secret } = await newToken(anna, { scope: 'read' });
    const answers = await Promise.all(Array.from({ length: API_TOKEN_REQUESTS_PER_MINUTE + 20 }, () => script(secret).get('/api/auth/user')));
    const limited = answers.filter((res) => res.status === 429);
    expect(answers.filter((res) => res.status === 200)).toHaveLength(API_TOKEN_REQUESTS_PER_MINUTE);
    expect(limited).toHaveLength(20);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // The browser session is not slowed by the script.
    expect((await anna.get('/api/auth/user')).status).toBe(200);
  }, 60_000);
});
