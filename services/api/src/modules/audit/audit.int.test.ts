import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type AuditEvent, type AuditPage, type CreatedTaskShare } from '@daybook/shared';
import { planOf, scansOf, statementsOf, type PlanNode } from '../../test/query-plans';
import { truncateAll } from '../../test/test-db';
import { startTestApp, TEST_PASSWORD, type ApiClient, type TestContext } from '../../test/test-app';
import { createAuditRepository } from './audit.repository';
import { pruneAuditLog } from './audit-retention';

/**
 * The audit log (DECISIONS 48): what is recorded for each kind of event, who may read it (each user their
 * own, the admin everyone's), how long it is kept, and that a flood of failed sign-ins stays a few rows.
 * A request answers once its events are written; the tests still wait for them, to be safe on a loaded machine.
 */

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const WRONG_PASSWORD = 'not-the-password-7f3a';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let admin: ApiClient;
let anna: ApiClient;
let annaId: string;
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
  admin = t.client();
  await admin.signUpAndIn('admin'); // the first account is the admin
  anna = t.client();
  annaId = (await anna.signUpAndIn('anna')).id;
});

const db = () => t.orm.em.getConnection();

/** The stored events (as rows) matching `where`, once `until` holds for them (writes follow the answers). */
async function eventsWhen<T = Record<string, unknown>>(where: string, params: unknown[], until: (rows: T[]) => boolean): Promise<T[]> {
  let rows: T[] = [];
  for (let i = 0; i < 200; i += 1) {
    rows = await db().execute<T[]>(`select * from audit_events where ${where} order by created_at, id`, params);
    if (until(rows)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`audit events never matched: ${JSON.stringify(rows)}`);
}
const some = (n = 1) => (rows: unknown[]) => rows.length >= n;

/** A page of a log as its reader gets it. */
async function read(client: ApiClient, path: string): Promise<AuditPage> {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return res.body as AuditPage;
}
const typesOf = (page: AuditPage) => page.items.map((event) => event.type);

describe('what is recorded', () => {
  it('a sign-in, with its address and browser; failures with the username tried and why, never the password', async () => {
    const phone = t.client();
    const signedIn = await phone.agent.post('/api/login').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('User-Agent', FIREFOX).set('X-Forwarded-For', '203.0.113.7').send({ username: 'anna', password: TEST_PASSWORD });
    expect(signedIn.status).toBe(200);
    const wrong = await request(t.server).post('/api/login').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('X-Forwarded-For', '198.51.100.9').send({ username: 'Anna', password: WRONG_PASSWORD });
    expect(wrong.status).toBe(401);
    const unknown = await request(t.server).post('/api/login').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('X-Forwarded-For', '198.51.100.9').send({ username: 'nobody', password: WRONG_PASSWORD });
    expect(unknown.status).toBe(401);

    await eventsWhen("type = 'sign_in_failed'", [], some(2));
    const own = await read(anna, '/api/audit');
    const fromPhone = own.items.find((event) => event.type === 'sign_in' && event.address === '203.0.113.7');
    expect(fromPhone).toMatchObject({ userId: annaId, username: 'anna', device: 'Firefox 120 on Windows 10', count: 1, actorUsername: null });
    expect(own.items.find((event) => event.type === 'sign_in_failed')).toMatchObject({
      userId: annaId,
      username: 'Anna',
      address: '198.51.100.9',
      details: { reason: 'invalid_credentials' },
    });
    // The unknown name belongs to no account: only the admin sees it.
    expect(own.items.some((event) => event.username === 'nobody')).toBe(false);
    const all = await read(admin, '/api/admin/audit?type=sign_in_failed');
    expect(all.items.find((event) => event.username === 'nobody')).toMatchObject({ userId: null, details: { reason: 'invalid_credentials' } });

    const [stored] = await db().execute<{ text: string }[]>('select string_agg(a::text, ' + "' '" + ') as text from audit_events a');
    expect(stored!.text).not.toContain(WRONG_PASSWORD);
    expect(stored!.text).not.toContain(TEST_PASSWORD);
  });

  it('a sign-out, ending another session and ending all others', async () => {
    const phone = t.client();
    await phone.signIn('anna');
    const sessions = (await anna.get('/api/auth/sessions')).body as { items: { id: string; current: boolean }[] };
    expect((await anna.delete(`/api/auth/sessions/${sessions.items.find((s) => !s.current)!.id}`)).status).toBe(204);
    const tablet = t.client();
    await tablet.signIn('anna');
    expect((await anna.post('/api/auth/sessions/others/end')).body).toEqual({ ended: 1 });
    expect((await anna.post('/api/logout')).status).toBe(200);

    const rows = await eventsWhen<{ type: string; details: Record<string, unknown> }>('user_id = ?', [annaId], (r) => r.some((e) => e.type === 'sign_out'));
    expect(rows.map((e) => e.type)).toEqual(['sign_in', 'sign_in', 'session_ended', 'sign_in', 'other_sessions_ended', 'sign_out']);
    expect(rows[4]!.details).toEqual({ count: 1 });
  });

  it('a password change (going on in a fresh session is no new sign-in) and signing out everywhere', async () => {
    const changed = await anna.post('/api/auth/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'another secret 2' });
    expect(changed.status).toBe(200);
    expect((await anna.get('/api/auth/user')).status).toBe(200);
    expect((await anna.post('/api/auth/user/sign-out-everywhere')).status).toBe(200);

    const rows = await eventsWhen<{ type: string }>('user_id = ?', [annaId], (r) => r.some((e) => e.type === 'signed_out_everywhere'));
    expect(rows.map((e) => e.type)).toEqual(['sign_in', 'password_changed', 'signed_out_everywhere']);
    const [stored] = await db().execute<{ text: string }[]>("select string_agg(a::text, ' ') as text from audit_events a");
    expect(stored!.text).not.toContain('another secret 2');
  });

  it('API tokens: made, used (once an hour, counted, never the token) and revoked, with their name', async () => {
    const { token, secret } = (await anna.post('/api/tokens', { name: 'Backup script', scope: 'read' })).body as { token: { id: string }; secret: string };
    for (let i = 0; i < 5; i += 1) {
      expect((await request(t.server).get('/api/tasks/today').set('Authorization', `Bearer ${secret}`).set('User-Agent', 'curl/8.5.0')).status).toBe(200);
    }
    // Counted in the hour's row (two rows only when the hour turns meanwhile).
    const used = await eventsWhen<{ count: number; details: Record<string, unknown> }>("type = 'api_token_used'", [], (r) => r.reduce((n, e) => n + e.count, 0) === 5);
    expect(used.length).toBeLessThanOrEqual(2);
    expect(used[0]!.details).toEqual({ token: 'Backup script' });
    expect((await anna.delete(`/api/tokens/${token.id}`)).status).toBe(204);

    await eventsWhen("type = 'api_token_revoked'", [], some());
    const own = await read(anna, '/api/audit?category=tokens');
    expect(own.items[0]).toMatchObject({ type: 'api_token_revoked', details: { token: 'Backup script' } });
    expect(own.items.at(-1)).toMatchObject({ type: 'api_token_created', details: { token: 'Backup script', scope: 'read' } });
    expect(own.items.find((e) => e.type === 'api_token_used')!.device).toBe('curl/8.5.0');
    const [stored] = await db().execute<{ text: string }[]>("select string_agg(a::text, ' ') as text from audit_events a");
    expect(stored!.text).not.toContain(secret);
  });

  it('an export, with the file', async () => {
    expect((await anna.get('/api/export/tasks.csv')).status).toBe(200);
    expect((await anna.get('/api/export/daybook.json')).status).toBe(200);
    const rows = await eventsWhen<{ details: Record<string, unknown> }>("type = 'export'", [], some(2));
    expect(rows.map((e) => e.details.file).sort()).toEqual(['daybook.json', 'tasks.csv']);
  });

  it('a share link opened (once an hour, counted) and answered, as the owner’s events; nothing for a wrong link', async () => {
    await anna.patch('/api/auth/user/settings', { enableDelegation: true });
    const contactId = (await anna.post('/api/delegation-contacts', { name: 'Bruno' })).body.id as string;
    const task = (await anna.post('/api/tasks', { title: 'Collect the signed lease', isDelegated: true, delegatedToId: contactId })).body as { id: string };
    const { token } = (await anna.post(`/api/tasks/${task.id}/shares`, {})).body as CreatedTaskShare;
    for (let i = 0; i < 3; i += 1) expect((await request(t.server).get(`/api/shares/${token}`).set('X-Forwarded-For', '192.0.2.44')).status).toBe(200);
    expect((await request(t.server).post(`/api/shares/${token}/comments`).send({ text: 'On it' })).status).toBe(201);
    expect((await request(t.server).get(`/api/shares/${'x'.repeat(43)}`)).status).toBe(404);

    await eventsWhen("type = 'share_link_answered'", [], some());
    const opened = await eventsWhen<{ count: number }>("type = 'share_link_opened'", [], (r) => r.reduce((n, e) => n + e.count, 0) === 3);
    expect(opened.length).toBeLessThanOrEqual(2); // a row an hour
    const own = await read(anna, '/api/audit?category=data&type=share_link_answered');
    expect(own.items.map((e) => [e.type, e.details, e.count])).toEqual([
      ['share_link_answered', { contact: 'Bruno', task: 'Collect the signed lease', answer: 'comment' }, 1],
    ]);
    expect((await read(anna, '/api/audit?type=share_link_opened')).items[0]).toMatchObject({
      details: { contact: 'Bruno', task: 'Collect the signed lease' },
      address: '192.0.2.44',
      userId: annaId,
    });
    const [stored] = await db().execute<{ text: string }[]>("select string_agg(a::text, ' ') as text from audit_events a");
    expect(stored!.text).not.toContain(token);
  });

  it('admin actions: creating a user, resetting a password, deleting a user, with the admin as who did it', async () => {
    const created = await admin.post('/api/admin/users', { username: 'carla', firstName: 'Carla', lastName: 'Reyes', password: TEST_PASSWORD, role: 'user' });
    expect(created.status).toBe(201);
    const carlaId = created.body.id as string;
    expect((await admin.post(`/api/admin/users/${annaId}/reset-password`, { newPassword: 'a brand new secret' })).status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${carlaId}`)).status).toBe(204);
    expect((await admin.put('/api/admin/second-factor', { required: 'admins' })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${annaId}/second-factor/reset`)).status).toBe(200);

    await eventsWhen("type = 'second_factor_reset'", [], some());
    const adminLog = await read(admin, '/api/admin/audit?category=admin');
    expect(adminLog.items.map((e) => [e.type, e.userId, e.username, e.actorUsername])).toEqual([
      // Who must have a second factor: an event of its own, with the choice.
      ['second_factor_requirement_changed', adminLog.items[0]!.userId, 'admin', null],
      ['admin_user_deleted', null, 'carla', 'admin'],
      ['admin_password_reset', annaId, 'anna', 'admin'],
      // Carla's account is gone: the event is kept, with her name, and belongs to no account.
      ['admin_user_created', null, 'carla', 'admin'],
    ]);
    expect(adminLog.items[0]!.details).toEqual({ required: 'admins' });
    expect(adminLog.items[3]!.details).toEqual({ role: 'user' });
    // The reset of Anna's second factors is its own event (no generic admin action besides), by the admin.
    expect((await read(admin, `/api/admin/audit?userId=${annaId}&category=credentials`)).items.map((e) => [e.type, e.actorUsername])).toEqual([
      ['second_factor_reset', 'admin'],
    ]);
    expect((await read(admin, '/api/admin/audit?type=admin_action')).items).toEqual([]);
    // Anna sees what was done to her account, and by whom; never the new password.
    const annaAgain = t.client();
    await annaAgain.signIn('anna', 'a brand new secret');
    expect((await read(annaAgain, '/api/audit?type=admin_password_reset')).items).toEqual([
      expect.objectContaining({ userId: annaId, actorUsername: 'admin' }),
    ]);
    const [stored] = await db().execute<{ text: string }[]>("select string_agg(a::text, ' ') as text from audit_events a");
    expect(stored!.text).not.toContain('a brand new secret');
  });
});

describe('who reads what', () => {
  it('each user reads only their own events; the admin reads everyone’s, filtered by user, type, category and period; others get 403', async () => {
    const bruno = t.client();
    const brunoId = (await bruno.signUpAndIn('bruno')).id;
    expect((await request(t.server).post('/api/login').set(CSRF_HEADER, CSRF_HEADER_VALUE).send({ username: 'bruno', password: WRONG_PASSWORD })).status).toBe(401);
    await eventsWhen("type = 'sign_in_failed'", [], some());

    const annaLog = await read(anna, '/api/audit');
    expect(annaLog.items.length).toBeGreaterThan(0);
    expect(annaLog.items.every((event) => event.userId === annaId)).toBe(true);
    const brunoLog = await read(bruno, '/api/audit');
    expect(typesOf(brunoLog)).toEqual(['sign_in_failed', 'sign_in']);
    expect(brunoLog.items.every((event) => event.userId === brunoId)).toBe(true);

    for (const path of ['/api/admin/audit', `/api/admin/audit?userId=${annaId}`]) {
      const refused = await bruno.get(path);
      expect(refused.status).toBe(403);
    }
    expect((await request(t.server).get('/api/audit')).status).toBe(401);

    const onlyBruno = await read(admin, `/api/admin/audit?userId=${brunoId}`);
    expect(typesOf(onlyBruno)).toEqual(['sign_in_failed', 'sign_in']);
    expect(typesOf(await read(admin, `/api/admin/audit?userId=${brunoId}&type=sign_in`))).toEqual(['sign_in']);
    expect(typesOf(await read(admin, '/api/admin/audit?category=sign_in')).sort()).toEqual(['sign_in', 'sign_in', 'sign_in', 'sign_in_failed']);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await read(admin, `/api/admin/audit?from=${encodeURIComponent(later)}`)).items).toEqual([]);
    expect((await read(admin, `/api/admin/audit?to=${encodeURIComponent(later)}`)).items.length).toBe(4);
    // Another account's id is no way into the own log: the filter is the admin's only.
    expect(typesOf(await read(bruno, `/api/audit?userId=${annaId}`))).toEqual(['sign_in_failed', 'sign_in']);
  });

  it('pages with a cursor, newest first, none twice; refuses a bad cursor, type or period with a 400', async () => {
    for (let i = 0; i < 4; i += 1) expect((await anna.get('/api/export/tasks.csv')).status).toBe(200);
    await eventsWhen('user_id = ?', [annaId], some(5));
    const seen: AuditEvent[] = [];
    let path = '/api/audit?limit=2';
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await read(anna, path);
      seen.push(...page.items);
      if (!page.nextCursor) break;
      path = `/api/audit?limit=2&cursor=${page.nextCursor}`;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((event) => event.id)).size).toBe(5);
    expect(seen.map((event) => event.at)).toEqual([...seen.map((event) => event.at)].sort().reverse());
    for (const bad of ['cursor=bm9wZQ', 'type=password_guessed', 'category=everything', 'limit=1000', 'from=yesterday', `from=${new Date().toISOString()}&to=2020-01-01T00:00:00Z`]) {
      const res = await anna.get(`/api/audit?${bad}`);
      expect(res.status).toBe(400);
    }
  });

  it('answers 403 to an API token', async () => {
    const { secret } = (await anna.post('/api/tokens', { name: 'script', scope: 'read' })).body as { secret: string };
    expect((await request(t.server).get('/api/audit').set('Authorization', `Bearer ${secret}`)).status).toBe(403);
  });
});

describe('reading a large log', () => {
  it('reads a page of one account’s events, and of everyone’s, on an index in order, never the whole table', async () => {
    await db().execute(
      `insert into audit_events (type, user_id, username, created_at, last_at)
       select 'api_token_used', case when n % 2 = 0 then ?::uuid end, 'x', now() - make_interval(mins => n), now() from generate_series(1, 20000) n`,
      [annaId],
    );
    await db().execute('analyze audit_events');
    const plans: PlanNode[] = [];
    const repository = createAuditRepository(t.orm.em);
    for (const read of [
      () => repository.page({ userId: annaId }, { limit: 50 }),
      () => repository.page({}, { limit: 50 }),
      () => repository.page({ type: 'api_token_used' }, { limit: 50 }),
    ]) {
      const [statement] = (await statementsOf(t.orm, read)).filter((s) => /from audit_events/.test(s.sql));
      plans.push((await planOf(t.orm, statement!)).plan);
    }
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    for (const plan of plans) {
      expect(scansOf(plan)).not.toContain('Seq Scan on audit_events');
      expect(nodes(plan).map((node) => node['Node Type'])).not.toContain('Sort');
    }
    expect(nodes(plans[0]!).some((node) => node['Index Name'] === 'audit_events_user_idx')).toBe(true);
  });
});

describe('how much is kept', () => {
  it('prunes events older than the retention, and each account’s beyond its cap, newest kept', async () => {
    await eventsWhen('true', [], some(2));
    await db().execute(
      `insert into audit_events (type, user_id, username, created_at, last_at)
       select 'export', ?, 'anna', now() - make_interval(days => d) + interval '12 hours', now() from generate_series(1, 200) d`,
      [annaId],
    );
    await db().execute(`insert into audit_events (type, username, created_at) select 'sign_in_failed', 'ghost' || n, now() - make_interval(mins => n) from generate_series(1, 30) n`);

    // AUDIT_RETENTION_DAYS=180: the 20 older days go.
    expect(await pruneAuditLog(t.orm.em, 180)).toBe(20);
    const [{ oldest }] = (await db().execute<{ oldest: number }[]>(
      `select max(extract(day from now() - created_at))::int as oldest from audit_events where user_id = ?`,
      [annaId],
    )) as [{ oldest: number }];
    expect(oldest).toBeLessThanOrEqual(180);

    const deleted = await createAuditRepository(t.orm.em).prune({ days: 180, perUser: 10, unattributed: 5 });
    expect(deleted).toBeGreaterThan(0);
    const counts = await db().execute<{ user_id: string | null; n: number; newest_kept: boolean }[]>(
      `select user_id, count(*)::int as n, bool_or(created_at > now() - interval '1 hour') as newest_kept from audit_events group by user_id`,
    );
    expect(counts.find((c) => c.user_id === annaId)).toMatchObject({ n: 10, newest_kept: true });
    expect(counts.find((c) => c.user_id === null)).toMatchObject({ n: 5, newest_kept: true });
  });

  it('a flood of failed sign-ins from one address stays a few rows a minute, every attempt counted', async () => {
    const attempts = [
      ...Array.from({ length: 60 }, () => 'anna'),
      ...Array.from({ length: 40 }, (_, i) => `nobody-${i}`),
    ];
    const answers = await Promise.all(
      attempts.map((username) =>
        request(t.server).post('/api/login').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('X-Forwarded-For', '198.51.100.66').send({ username, password: WRONG_PASSWORD }),
      ),
    );
    expect(answers.every((res) => res.status === 401 || res.status === 429)).toBe(true);
    expect(answers.some((res) => res.status === 429)).toBe(true);

    const rows = await eventsWhen<{ count: number; user_id: string | null; details: { reason: string } }>("type = 'sign_in_failed'", [], (r) =>
      r.reduce((sum, row) => sum + row.count, 0) === attempts.length,
    );
    // At most a row per account (or unknown name), reason and minute: two reasons, two accounts, a minute's edge.
    expect(rows.length).toBeLessThanOrEqual(8);
    expect(rows.filter((row) => row.user_id === annaId).reduce((sum, row) => sum + row.count, 0)).toBe(60);
    expect(new Set(rows.map((row) => row.details.reason))).toEqual(new Set(['invalid_credentials', 'throttled']));
  });
});
