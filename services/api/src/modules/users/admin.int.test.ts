import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, TEST_PASSWORD, type ApiClient, type TestContext } from '../../test/test-app';

let t: TestContext;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
  admin = t.client();
  adminId = (await admin.signUpAndIn('root')).id;
});

const newUser = { username: 'bob', email: 'bob@example.com', firstName: 'Bob', lastName: 'Builder', role: 'user', password: TEST_PASSWORD };

describe('admin access', () => {
  const routes: [string, string][] = [
    ['get', '/api/admin/users'],
    ['post', '/api/admin/users'],
    ['delete', '/api/admin/users/00000000-0000-4000-8000-000000000001'],
    ['post', '/api/admin/users/00000000-0000-4000-8000-000000000001/reset-password'],
    ['patch', '/api/admin/users/00000000-0000-4000-8000-000000000001/role'],
  ];
  const call = (client: ApiClient, method: string, path: string) =>
    method === 'get'
      ? client.get(path)
      : method === 'delete'
        ? client.delete(path)
        : method === 'patch'
          ? client.patch(path, { role: 'admin' })
          : client.post(path, { newPassword: 'whatever1', ...newUser });

  it.each(routes)('%s %s is 401 signed out and 403 for a plain user', async (method, path) => {
    const before = await rowCounts(t.orm);
    expect((await call(t.client(), method, path)).status).toBe(401);
    const plain = t.client();
    await plain.signUpAndIn('plain');
    const afterSignUp = await rowCounts(t.orm);
    const res = await call(plain, method, path);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Admin access required');
    expect(await rowCounts(t.orm)).toEqual(afterSignUp);
    expect(afterSignUp.users).toBe((before.users ?? 0) + 1);
  });

  it('a plain user cannot reach another user through the admin routes even with a real id', async () => {
    const plain = t.client();
    await plain.signUpAndIn('plain');
    expect((await plain.delete(`/api/admin/users/${adminId}`)).status).toBe(403);
    expect((await plain.post(`/api/admin/users/${adminId}/reset-password`, { newPassword: 'hijacked1' })).status).toBe(403);
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  });
});

describe('admin user management', () => {
  it('lists users without password hashes', async () => {
    await t.client().post('/api/register', { username: 'anna', password: TEST_PASSWORD });
    const res = await admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.body.map((u: { username: string }) => u.username)).toEqual(['root', 'anna']);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|password_hash|argon/i);
    // How each signs in and when they last did (DECISIONS 30): root signed in with a password, anna never did.
    expect(res.body.map((u: { signInMethods: string[]; lastSignInAt: string | null }) => [u.signInMethods, u.lastSignInAt !== null])).toEqual([
      [['password'], true],
      [['password'], false],
    ]);
  });

  it('creates a user who can then log in', async () => {
    const res = await admin.post('/api/admin/users', newUser);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'bob', email: 'bob@example.com', firstName: 'Bob', lastName: 'Builder', role: 'user' });
    await t.client().signIn('bob');
  });

  it('creates another admin', async () => {
    const res = await admin.post('/api/admin/users', { ...newUser, role: 'admin' });
    expect(res.body.role).toBe('admin');
  });

  it.each([
    [{ username: 'bo' }, 'Username must be at least 3 characters'],
    [{ email: 'bob-at-example' }, 'Invalid email address'],
    [{ firstName: '' }, 'First name is required'],
    [{ firstName: '   ' }, 'First name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ role: 'superuser' }, null],
  ])('answers 400 for %j with "%s" and stores nothing', async (change, message) => {
    const before = await rowCounts(t.orm);
    const res = await admin.post('/api/admin/users', { ...newUser, ...change });
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('refuses a duplicate username or email', async () => {
    await admin.post('/api/admin/users', newUser);
    expect((await admin.post('/api/admin/users', { ...newUser, email: 'other@example.com' })).status).toBe(409);
    const email = await admin.post('/api/admin/users', { ...newUser, username: 'robert', email: 'BOB@example.com' });
    expect(email.status).toBe(409);
    expect(email.body.error.message).toBe('Email already exists');
  });

  it('resets a password: the old one stops working and every session of that user ends', async () => {
    const { body: bob } = await admin.post('/api/admin/users', newUser);
    const phone = t.client();
    const laptop = t.client();
    await phone.signIn('bob');
    await laptop.signIn('bob');
    const res = await admin.post(`/api/admin/users/${bob.id}/reset-password`, { newPassword: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password reset successfully. The user was signed out everywhere and 0 API tokens were ended.', endedApiTokens: 0 });
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { username: 'bob', password: TEST_PASSWORD })).status).toBe(401);
    await t.client().signIn('bob', 'brand-new-pass');
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses a short new password and unknown or malformed ids', async () => {
    const { body: bob } = await admin.post('/api/admin/users', newUser);
    const short = await admin.post(`/api/admin/users/${bob.id}/reset-password`, { newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('Password must be at least 6 characters');
    expect((await admin.post('/api/admin/users/00000000-0000-4000-8000-000000000001/reset-password', { newPassword: 'whatever1' })).status).toBe(404);
    expect((await admin.post('/api/admin/users/not-a-uuid/reset-password', { newPassword: 'whatever1' })).status).toBe(400);
    expect((await admin.delete('/api/admin/users/not-a-uuid')).status).toBe(400);
    expect((await admin.delete('/api/admin/users/00000000-0000-4000-8000-000000000001')).status).toBe(404);
  });

  it('deletes a user with every row they own, and ends their sessions', async () => {
    const { body: bob } = await admin.post('/api/admin/users', newUser);
    const bobBrowser = t.client();
    await bobBrowser.signIn('bob');
    await seedOwnedRows(bob.id);
    await seedOwnedRows(adminId);
    const res = await admin.delete(`/api/admin/users/${bob.id}`);
    expect(res.status).toBe(204);
    expect((await bobBrowser.get('/api/auth/user')).status).toBe(401);
    const leftovers = await t.orm.em.getConnection().execute<{ n: string }[]>(
      `select (select count(*) from clients where user_id = $1) + (select count(*) from tasks where user_id = $1)
            + (select count(*) from note_lists where user_id = $1) + (select count(*) from note_items where user_id = $1)
            + (select count(*) from time_increments where user_id = $1) + (select count(*) from delegation_contacts where user_id = $1)
            + (select count(*) from daily_plans where user_id = $1) + (select count(*) from sessions where user_id = $1)
            + (select count(*) from task_comments c join tasks t on t.id = c.task_id where t.user_id = $1) as n`.replace(/\$1/g, '?'),
      Array(9).fill(bob.id),
    );
    expect(Number(leftovers[0]!.n)).toBe(0);
    const counts = await rowCounts(t.orm);
    expect(counts).toMatchObject({ users: 1, clients: 1, tasks: 2, task_comments: 1, note_lists: 2, note_items: 1, delegation_contacts: 1, daily_plans: 1 });
  });

  it('refuses to delete the acting admin, and keeps the last admin', async () => {
    const self = await admin.delete(`/api/admin/users/${adminId}`);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('You cannot delete your own account');
    const { body: second } = await admin.post('/api/admin/users', { ...newUser, role: 'admin' });
    const secondBrowser = t.client();
    await secondBrowser.signIn('bob');
    // Two admins deleting each other at once: the last admin always stays.
    const results = await Promise.all([admin.delete(`/api/admin/users/${second.id}`), secondBrowser.delete(`/api/admin/users/${adminId}`)]);
    const admins = await t.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from users where role = 'admin'`);
    expect(Number(admins[0]!.n)).toBe(1);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect([400, 401]).toContain(statuses.find((s) => s !== 204));
  });

  it('changes a user’s role both ways, audited; the change applies to their next request', async () => {
    const { body: bob } = await admin.post('/api/admin/users', newUser);
    const bobBrowser = t.client();
    await bobBrowser.signIn('bob');
    expect((await bobBrowser.get('/api/admin/users')).status).toBe(403);

    const promoted = await admin.patch(`/api/admin/users/${bob.id}/role`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: bob.id, username: 'bob', role: 'admin' });
    expect((await bobBrowser.get('/api/admin/users')).status).toBe(200);

    const demoted = await admin.patch(`/api/admin/users/${bob.id}/role`, { role: 'user' });
    expect(demoted.body).toMatchObject({ id: bob.id, role: 'user' });
    expect((await bobBrowser.get('/api/admin/users')).status).toBe(403);
    expect((await admin.get('/api/admin/users')).body.find((u: { id: string }) => u.id === bob.id).role).toBe('user');

    // Each change is an admin event on Bob's account, by the admin, with the new role.
    let events: { type: string; user_id: string; actor_id: string; details: { role?: string } }[] = [];
    for (let i = 0; i < 200 && events.length < 2; i += 1) {
      events = await t.orm.em.getConnection().execute(`select * from audit_events where type = 'admin_user_changed' order by created_at, id`);
      if (events.length < 2) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(events.map((e) => [e.user_id, e.actor_id, e.details.role])).toEqual([
      [bob.id, adminId, 'admin'],
      [bob.id, adminId, 'user'],
    ]);
  });

  it('refuses to demote the last admin, a role that does not exist, and unknown ids', async () => {
    const last = await admin.patch(`/api/admin/users/${adminId}/role`, { role: 'user' });
    expect(last.status).toBe(400);
    expect(last.body.error).toMatchObject({ code: 'last_admin', message: 'The last admin cannot be made a user: make another account admin first' });
    expect((await admin.get('/api/admin/users')).status).toBe(200);

    const bad = await admin.patch(`/api/admin/users/${adminId}/role`, { role: 'owner' });
    expect(bad.status).toBe(400);
    expect((await admin.patch(`/api/admin/users/${adminId}/role`, {})).status).toBe(400);
    expect((await admin.patch('/api/admin/users/00000000-0000-4000-8000-000000000001/role', { role: 'admin' })).status).toBe(404);
    expect((await admin.patch('/api/admin/users/not-an-id/role', { role: 'admin' })).status).toBe(400);

    // With a second admin, an admin may step down.
    const { body: second } = await admin.post('/api/admin/users', { ...newUser, role: 'admin' });
    expect((await admin.patch(`/api/admin/users/${adminId}/role`, { role: 'user' })).body.role).toBe('user');
    expect((await admin.get('/api/admin/users')).status).toBe(403);
    const secondBrowser = t.client();
    await secondBrowser.signIn('bob');
    expect((await secondBrowser.patch(`/api/admin/users/${second.id}/role`, { role: 'user' })).status).toBe(400);
  });
});

/** Rows in every table a user owns, written directly (the domain routes are tested elsewhere). */
async function seedOwnedRows(userId: string) {
  const sql = t.orm.em.getConnection();
  const [client] = await sql.execute<{ id: string }[]>(`insert into clients (id, user_id, name) values (gen_random_uuid(), ?, 'Acme') returning id`, [userId]);
  const [contact] = await sql.execute<{ id: string }[]>(`insert into delegation_contacts (id, user_id, name) values (gen_random_uuid(), ?, 'Sam') returning id`, [userId]);
  const [task] = await sql.execute<{ id: string }[]>(
    `insert into tasks (id, user_id, client_id, delegated_to_id, title, is_delegated) values (gen_random_uuid(), ?, ?, ?, 'Call Acme', true) returning id`,
    [userId, client!.id, contact!.id],
  );
  await sql.execute(`insert into tasks (id, user_id, parent_task_id, title) values (gen_random_uuid(), ?, ?, 'Next occurrence')`, [userId, task!.id]);
  await sql.execute(`insert into task_comments (id, task_id, content) values (gen_random_uuid(), ?, 'note')`, [task!.id]);
  const [page] = await sql.execute<{ id: string }[]>(`insert into note_lists (id, user_id, client_id, title) values (gen_random_uuid(), ?, ?, 'Page') returning id`, [userId, client!.id]);
  await sql.execute(`insert into note_lists (id, user_id, parent_page_id, title) values (gen_random_uuid(), ?, ?, 'Sub-page')`, [userId, page!.id]);
  await sql.execute(`insert into note_items (id, user_id, note_list_id, content) values (gen_random_uuid(), ?, ?, '# Hello')`, [userId, page!.id]);
  await sql.execute(`insert into daily_plans (id, user_id, day, priority_task_ids) values (gen_random_uuid(), ?, '2026-11-21', array[?]::uuid[])`, [userId, task!.id]);
}
